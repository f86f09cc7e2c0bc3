#ifndef TP_JPEG_LOSSLESS_BAND_H
#define TP_JPEG_LOSSLESS_BAND_H
// Private to the JPEG shims: a transcoder over a rectangle of a baseline JPEG's MCUs (a band),
// whose coefficients its owner (jpeg_scan.c) decodes into place. Everything tp_jpeg_lossless.h
// offers works on it as on a picture of the rectangle's size.
#include "tp_jpeg_lossless.h"

#include <stdio.h>
#include <jpeglib.h>

/// A transcoder for [x0, x1)×[y0, y1) of the JPEG in `bytes` (its headers read, not its scan):
/// x0, y0 on the MCU grid, x1, y1 too or at the picture's edge. Its blocks (whole MCUs, the
/// source's padding blocks at the picture's edges too) are zero until the owner fills them.
/// `colour` (a greyscale source only): with colour planes, as tp_lossless_add_colour gives.
int tp_lossless_open_band(const void *bytes, size_t len, int x0, int y0, int x1, int y1, int colour, tp_lossless **out,
                          char *msg, size_t msg_cap);
/// Whether a block of the band's gained colour planes was replaced by one that is not zero.
int tp_lossless_band_coloured(const tp_lossless *t);
/// Block row `row` (from the band's top) of component `component`, in memory for the band's life.
JBLOCKROW tp_lossless_band_row(const tp_lossless *t, int component, int row);

#endif
