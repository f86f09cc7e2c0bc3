// The editor's and the gallery's pages, embedded with C23 #embed (see tp_page.h): the HTML, the
// style and the scripts, each served at its path. The editor's scripts are in Page/editor/, one
// per job (see editor/page.js); words.js, server.js, layout.js and export-choice.js are shared.
#include "tp_page.h"
#include <string.h>

static const uint8_t asset0[] = {  // editor.html
#embed "../TagProjEditor/Page/editor.html"
};
static const uint8_t asset1[] = {  // words.js
#embed "../TagProjEditor/Page/words.js"
};
static const uint8_t asset2[] = {  // server.js
#embed "../TagProjEditor/Page/server.js"
};
static const uint8_t asset3[] = {  // layout.js
#embed "../TagProjEditor/Page/layout.js"
};
static const uint8_t asset4[] = {  // export-choice.js
#embed "../TagProjEditor/Page/export-choice.js"
};
static const uint8_t asset5[] = {  // editor/page.js
#embed "../TagProjEditor/Page/editor/page.js"
};
static const uint8_t asset6[] = {  // editor/talk.js
#embed "../TagProjEditor/Page/editor/talk.js"
};
static const uint8_t asset7[] = {  // editor/view.js
#embed "../TagProjEditor/Page/editor/view.js"
};
static const uint8_t asset8[] = {  // editor/tags.js
#embed "../TagProjEditor/Page/editor/tags.js"
};
static const uint8_t asset9[] = {  // editor/history.js
#embed "../TagProjEditor/Page/editor/history.js"
};
static const uint8_t asset10[] = {  // editor/gestures.js
#embed "../TagProjEditor/Page/editor/gestures.js"
};
static const uint8_t asset11[] = {  // editor/editing.js
#embed "../TagProjEditor/Page/editor/editing.js"
};
static const uint8_t asset12[] = {  // editor/dialogs.js
#embed "../TagProjEditor/Page/editor/dialogs.js"
};
static const uint8_t asset13[] = {  // editor/start.js
#embed "../TagProjEditor/Page/editor/start.js"
};
static const uint8_t asset14[] = {  // editor.css
#embed "../TagProjEditor/Page/editor.css"
};
static const uint8_t asset15[] = {  // gallery.html
#embed "../TagProjEditor/Page/gallery.html"
};
static const uint8_t asset16[] = {  // gallery.js
#embed "../TagProjEditor/Page/gallery.js"
};
static const uint8_t asset17[] = {  // gallery.css
#embed "../TagProjEditor/Page/gallery.css"
};

/// Each asset's path, bytes and MIME type.
static const struct {
    const char *path;
    const uint8_t *bytes;
    size_t len;
    const char *mime;
} assets[] = {
    {"/", asset0, sizeof asset0, "text/html; charset=utf-8"},
    {"/words.js", asset1, sizeof asset1, "text/javascript; charset=utf-8"},
    {"/server.js", asset2, sizeof asset2, "text/javascript; charset=utf-8"},
    {"/layout.js", asset3, sizeof asset3, "text/javascript; charset=utf-8"},
    {"/export-choice.js", asset4, sizeof asset4, "text/javascript; charset=utf-8"},
    {"/editor/page.js", asset5, sizeof asset5, "text/javascript; charset=utf-8"},
    {"/editor/talk.js", asset6, sizeof asset6, "text/javascript; charset=utf-8"},
    {"/editor/view.js", asset7, sizeof asset7, "text/javascript; charset=utf-8"},
    {"/editor/tags.js", asset8, sizeof asset8, "text/javascript; charset=utf-8"},
    {"/editor/history.js", asset9, sizeof asset9, "text/javascript; charset=utf-8"},
    {"/editor/gestures.js", asset10, sizeof asset10, "text/javascript; charset=utf-8"},
    {"/editor/editing.js", asset11, sizeof asset11, "text/javascript; charset=utf-8"},
    {"/editor/dialogs.js", asset12, sizeof asset12, "text/javascript; charset=utf-8"},
    {"/editor/start.js", asset13, sizeof asset13, "text/javascript; charset=utf-8"},
    {"/editor.css", asset14, sizeof asset14, "text/css; charset=utf-8"},
    {"/gallery.html", asset15, sizeof asset15, "text/html; charset=utf-8"},
    {"/gallery.js", asset16, sizeof asset16, "text/javascript; charset=utf-8"},
    {"/gallery.css", asset17, sizeof asset17, "text/css; charset=utf-8"},
};

const uint8_t *tp_page_asset(const char *path, size_t *len, const char **mime) {
    for (size_t i = 0; i < sizeof assets / sizeof assets[0]; i++) {
        if (strcmp(path, assets[i].path) == 0) {
            *len = assets[i].len;
            *mime = assets[i].mime;
            return assets[i].bytes;
        }
    }
    *len = 0;
    *mime = NULL;
    return NULL;
}
