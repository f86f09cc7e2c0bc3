// The editor's page, embedded with C23 #embed (see tp_page.h).
#include "tp_page.h"
#include <string.h>

static const uint8_t html[] = {
#embed "../TagProjEditor/Page/editor.html"
};
static const uint8_t script[] = {
#embed "../TagProjEditor/Page/editor.js"
};
static const uint8_t boot[] = {
#embed "../TagProjEditor/Page/boot.js"
};
static const uint8_t layout[] = {
#embed "../TagProjEditor/Page/layout.js"
};
static const uint8_t export_choice[] = {
#embed "../TagProjEditor/Page/export-choice.js"
};
static const uint8_t style[] = {
#embed "../TagProjEditor/Page/editor.css"
};

static const uint8_t gallery_html[] = {
#embed "../TagProjEditor/Page/gallery.html"
};
static const uint8_t gallery_script[] = {
#embed "../TagProjEditor/Page/gallery.js"
};
static const uint8_t gallery_style[] = {
#embed "../TagProjEditor/Page/gallery.css"
};

/// Each asset's path, bytes and MIME type.
static const struct {
    const char *path;
    const uint8_t *bytes;
    size_t len;
    const char *mime;
} assets[] = {
    {"/", html, sizeof html, "text/html; charset=utf-8"},
    {"/boot.js", boot, sizeof boot, "text/javascript; charset=utf-8"},
    {"/layout.js", layout, sizeof layout, "text/javascript; charset=utf-8"},
    {"/export-choice.js", export_choice, sizeof export_choice, "text/javascript; charset=utf-8"},
    {"/editor.js", script, sizeof script, "text/javascript; charset=utf-8"},
    {"/editor.css", style, sizeof style, "text/css; charset=utf-8"},
    {"/gallery.html", gallery_html, sizeof gallery_html, "text/html; charset=utf-8"},
    {"/gallery.js", gallery_script, sizeof gallery_script, "text/javascript; charset=utf-8"},
    {"/gallery.css", gallery_style, sizeof gallery_style, "text/css; charset=utf-8"},
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
