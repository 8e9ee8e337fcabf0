#ifndef KINETIC_HTML_H
#define KINETIC_HTML_H

// libxml2's HTML parser behind a few plain C functions: libxml2's own headers bring the system's ICU, which clashes
// with the ICU Swift's Foundation carries, so Swift sees only these. Nodes and documents are opaque.

/// What a node is, for a walk: text to show, an element, or something else (a comment, a processing instruction).
typedef enum { KINETIC_HTML_OTHER = 0, KINETIC_HTML_TEXT = 1, KINETIC_HTML_ELEMENT = 2 } kinetic_html_kind;

/// Parses `length` bytes of UTF-8 HTML as browsers do (recovering from every error, silently, never touching the
/// network); NULL if libxml2 builds no document. Free it with `kinetic_html_free`.
void *kinetic_html_parse(const char *bytes, int length);
/// Frees a document and every node of it.
void kinetic_html_free(void *document);
/// The document's first top-level node (its root element, or whatever comes first), NULL if none.
void *kinetic_html_first(void *document);
/// A node's first child, next sibling and previous sibling; NULL when there is none.
void *kinetic_html_child(void *node);
void *kinetic_html_next(void *node);
void *kinetic_html_previous(void *node);
/// What `node` is.
kinetic_html_kind kinetic_html_kind_of(void *node);
/// An element's name ("p", "a"), or NULL; the node owns it.
const char *kinetic_html_name(void *node);
/// A text node's text, or NULL; the node owns it.
const char *kinetic_html_text(void *node);
/// An element's attribute `name`, or NULL; the caller frees it with `kinetic_html_free_string`.
char *kinetic_html_attribute(void *node, const char *name);
/// Frees a string `kinetic_html_attribute` gave.
void kinetic_html_free_string(char *text);

#endif
