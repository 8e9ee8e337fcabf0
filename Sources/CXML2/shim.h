// libxml2, for CHTMLReader's C alone: Swift never imports it (its headers bring the system's ICU, which clashes with
// Foundation's).
#include <libxml/HTMLparser.h>
