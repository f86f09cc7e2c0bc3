// The canvas of a HEIF file's derived primary item, read before libheif allocates it.
#ifndef TP_HEIF_BOXES_H
#define TP_HEIF_BOXES_H

#include <stddef.h>
#include <stdint.h>

enum {
    TP_HEIF_NOT_DERIVED = 0,  // the primary item is coded (or its type cannot be told): nothing to check
    TP_HEIF_DERIVED = 1,      // a 'grid' or 'iovl': *width × *height is the canvas libheif will allocate
    TP_HEIF_UNREADABLE = -1,  // a 'grid' or 'iovl' whose data does not fit in the file
};

/// Finds the primary item (meta → pitm, iinf) and, when it is a 'grid' or 'iovl', reads its output
/// size from its data (iloc, in the file or idat), as libheif does.
int tp_heif_derived_canvas(const uint8_t *bytes, size_t len, uint32_t *width, uint32_t *height);

/// 1 when a derived image ('grid', 'iovl', 'iden') refers, through 'dimg', back to itself (libheif
/// 1.15 would recurse until its stack runs out, found by FuzzHEIC), or the file has more than 64
/// derived images; 0 otherwise, or when the boxes cannot be read (libheif then says why).
int tp_heif_derivation_loops(const uint8_t *bytes, size_t len);

/// How a plain grid primary item is put together, for decoding its tiles apart: its layout and
/// output size, each tile's item id in raster order, where each tile's hidden flag sits in the
/// file, and the transformations to apply after (in property order: 1-3 = irot by that many
/// quarter turns anticlockwise, 4 = imir left-right, 5 = imir top-bottom).
typedef struct {
    uint32_t rows, columns, width, height;
    uint32_t *tiles;          // rows × columns item ids (malloc'd; tp_heif_grid_free)
    size_t *hidden_at;        // the byte holding each tile's hidden flag (bit 0), or 0 when it has none
    int transforms[8];
    int transform_count;
} tp_heif_grid;

/// Fills `grid` and returns 1 when the primary item is a 'grid' whose every tile is a coded item
/// of one type, listed in 'dimg' rows × columns times, and whose only transformations are irot and
/// imir (at most eight); else 0 (an overlay, a clean aperture, anything unusual: libheif decodes it).
int tp_heif_grid_plan(const uint8_t *bytes, size_t len, tp_heif_grid *grid);
void tp_heif_grid_free(tp_heif_grid *grid);

/// Caps on what a HEIF file's 'meta' lists, far above what a phone writes (a 48 MP iPhone photo:
/// about 200 tiles and a dozen other items) and far below what makes libheif's parse slow (it
/// walks its items quadratically: 20,000 dummy items cost it 17 s).
enum {
    TP_HEIF_MAX_ITEMS = 1024,
    TP_HEIF_MAX_EXTENTS = 16384,
    TP_HEIF_MAX_REFERENCES = 4096,
    TP_HEIF_MAX_TARGETS = 16384,
    TP_HEIF_MAX_PROPERTIES = 4096,
};

/// 1, with a sentence in `why`, when the file's first 'meta' lists more items ('iinf', 'iloc',
/// 'ipma'), data extents, references or properties than the caps; 0 otherwise, or when its
/// boxes cannot be read (libheif then says why). Read before libheif sees the file.
int tp_heif_too_many(const uint8_t *bytes, size_t len, char *why, size_t cap);

#endif
