#include <libxml/xmlversion.h>
/* Foundation ships ICU headers of its own, which clash with the system ICU headers that
   libxml2's encoding.h includes when libxml2 was built with ICU (Debian's is). Nothing here
   uses libxml2's ICU converters: they only change the layout of xmlCharEncodingHandler,
   which Swift code never reads. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/parser.h>

/* xmlParserVersion is a macro over a function call when libxml2 is built with threads,
   which Swift cannot import. */
static inline const char *foldout_libxml2_version(void) {
    return xmlParserVersion;
}
