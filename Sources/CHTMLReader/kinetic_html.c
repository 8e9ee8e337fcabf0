#include "kinetic_html.h"
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

void *kinetic_html_parse(const char *bytes, int length) {
    int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED;
    return htmlReadMemory(bytes, length, NULL, "UTF-8", options);
}

void kinetic_html_free(void *document) {
    if (document) xmlFreeDoc((xmlDocPtr)document);
}

void *kinetic_html_first(void *document) {
    return document ? ((xmlDocPtr)document)->children : NULL;
}

void *kinetic_html_child(void *node) { return node ? ((xmlNodePtr)node)->children : NULL; }
void *kinetic_html_next(void *node) { return node ? ((xmlNodePtr)node)->next : NULL; }
void *kinetic_html_previous(void *node) { return node ? ((xmlNodePtr)node)->prev : NULL; }

kinetic_html_kind kinetic_html_kind_of(void *node) {
    if (!node) return KINETIC_HTML_OTHER;
    switch (((xmlNodePtr)node)->type) {
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
        return KINETIC_HTML_TEXT;
    case XML_ELEMENT_NODE:
        return KINETIC_HTML_ELEMENT;
    default:
        return KINETIC_HTML_OTHER;
    }
}

const char *kinetic_html_name(void *node) {
    return node && ((xmlNodePtr)node)->type == XML_ELEMENT_NODE ? (const char *)((xmlNodePtr)node)->name : NULL;
}

const char *kinetic_html_text(void *node) {
    return node ? (const char *)((xmlNodePtr)node)->content : NULL;
}

char *kinetic_html_attribute(void *node, const char *name) {
    if (!node || ((xmlNodePtr)node)->type != XML_ELEMENT_NODE) return NULL;
    return (char *)xmlGetProp((xmlNodePtr)node, (const xmlChar *)name);
}

void kinetic_html_free_string(char *text) {
    if (text) xmlFree(text);
}
