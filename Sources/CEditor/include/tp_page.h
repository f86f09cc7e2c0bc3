#ifndef TP_PAGE_H
#define TP_PAGE_H
// The editor's and the gallery's pages (HTML, CSS, JavaScript), embedded at build time with C23 #embed so that a
// copied binary serves it offline.
#include <stddef.h>
#include <stdint.h>

/// The asset served at `path` (the editor's "/", "/editor.css", "/editor.js"…; the gallery's
/// "/gallery.html", "/gallery.js"…; the shared "/boot.js"…), with its MIME type; NULL if none.
const uint8_t *tp_page_asset(const char *path, size_t *len, const char **mime);

#endif
