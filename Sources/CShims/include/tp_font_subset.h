#ifndef TP_FONT_SUBSET_H
#define TP_FONT_SUBSET_H
// Font subsetting through HarfBuzz's subsetter (libharfbuzz-subset), opened with dlopen on first
// use: linked, its relocations cost every command about 0.25M instructions at start-up, and only
// the edits that set text cut subsets.
#include "tp_status.h"

/// Cuts the subset of `face` (an `hb_face_t *`) that keeps the `count` code points of `codes`: every
/// layout feature and script, no hinting, no name strings, no vertical metrics or maths table. On
/// TP_OK, `*out` is the new `hb_face_t *` (the caller destroys it); otherwise TP_UNSUPPORTED (the
/// library cannot be loaded), TP_NOMEM, or TP_DAMAGED (HarfBuzz cannot cut the face), with why in `msg`.
int tp_font_subset(void *face, const uint32_t *codes, size_t count, void **out, char *msg, size_t cap);

#endif
