// The editor's and the gallery's pages, embedded with C23 #embed (see tp_page.h): the HTML, the
// style and the scripts, each served at its path. The editor's script is written in Page/editor/,
// one file per job (see editor/page.js), and served joined as /editor.js; words.js and server.js,
// which both pages run first, are served joined as /boot.js; layout.js and export-choice.js alone.
#include "tp_page.h"
#include <string.h>

static const uint8_t asset0[] = {  // editor.html
#embed "../TagProjEditor/Page/editor.html"
};
static const uint8_t asset3[] = {  // layout.js
#embed "../TagProjEditor/Page/layout.js"
};
static const uint8_t asset4[] = {  // export-choice.js
#embed "../TagProjEditor/Page/export-choice.js"
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

/// The script both pages run first, from their head: their words in the browser's language
/// (words.js), then the session and every request (server.js), served as one.
static const uint8_t boot_script[] = {
#embed "../TagProjEditor/Page/words.js"
    , '\n',
#embed "../TagProjEditor/Page/server.js"
};

/// The editor's script: its parts in Page/editor/, one per job, joined in the order editor/page.js
/// lists them (a newline between two), served as one script so that the page asks for one file,
/// not nine, before it can ask for the photo.
static const uint8_t editor_script[] = {
#embed "../TagProjEditor/Page/editor/page.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/talk.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/view.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/tags.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/history.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/gestures.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/editing.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/dialogs.js"
    , '\n',
#embed "../TagProjEditor/Page/editor/start.js"
};

/// Each asset's path, bytes and MIME type.
static const struct {
    const char *path;
    const uint8_t *bytes;
    size_t len;
    const char *mime;
} assets[] = {
    {"/", asset0, sizeof asset0, "text/html; charset=utf-8"},
    {"/boot.js", boot_script, sizeof boot_script, "text/javascript; charset=utf-8"},
    {"/layout.js", asset3, sizeof asset3, "text/javascript; charset=utf-8"},
    {"/export-choice.js", asset4, sizeof asset4, "text/javascript; charset=utf-8"},
    {"/editor.js", editor_script, sizeof editor_script, "text/javascript; charset=utf-8"},
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
