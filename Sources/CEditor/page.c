// The editor's page, embedded with C23 #embed (see tp_page.h).
#include "tp_page.h"
#include <string.h>

static const uint8_t html[] = {
#embed "../TagProjEditor/Page/editor.html"
};
static const uint8_t script[] = {
#embed "../TagProjEditor/Page/editor.js"
};
static const uint8_t style[] = {
#embed "../TagProjEditor/Page/editor.css"
};

const uint8_t *tp_page_asset(const char *path, size_t *len, const char **mime) {
    if (strcmp(path, "/") == 0) {
        *len = sizeof html;
        *mime = "text/html; charset=utf-8";
        return html;
    }
    if (strcmp(path, "/editor.js") == 0) {
        *len = sizeof script;
        *mime = "text/javascript; charset=utf-8";
        return script;
    }
    if (strcmp(path, "/editor.css") == 0) {
        *len = sizeof style;
        *mime = "text/css; charset=utf-8";
        return style;
    }
    *len = 0;
    *mime = NULL;
    return NULL;
}
