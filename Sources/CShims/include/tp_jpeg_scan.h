#ifndef TP_JPEG_SCAN_H
#define TP_JPEG_SCAN_H
// Lossless JPEG export of a baseline JPEG without coding all of it again: the entropy-coded data
// of the MCUs no tag touches is copied bit for bit, and only the blocks around the tags are kept
// as coefficients (in tp_lossless transcoders), painted, and Huffman-coded again with the
// source's own tables. For one interleaved (or greyscale) Huffman scan of 8-bit samples:
// anything else is TP_UNSUPPORTED and the caller takes the whole-picture path (tp_jpeg_lossless.h),
// as it does for data this walker finds irregular (a bad code, a missing restart marker, bytes
// after the scan), so that path reports it exactly as before.
#include <stddef.h>
#include <stdint.h>

#include "tp_jpeg_lossless.h"
#include "tp_status.h"

/// A baseline JPEG's scan: where each MCU starts and the DC predictions there.
typedef struct tp_scan tp_scan;

/// Reads the headers of the JPEG in `bytes` (kept by the caller until tp_scan_close) and
/// unstuffs its scan.
int tp_scan_open(const void *bytes, size_t len, uint64_t max_pixels, tp_scan **out, char *msg, size_t msg_cap);
/// Fills `info` (restart_interval: the source's, which the output keeps).
void tp_scan_get_info(const tp_scan *s, tp_lossless_info *info);
/// The first warning libjpeg gave reading the headers, or NULL.
const char *tp_scan_warning(const tp_scan *s);
/// Before the walk: asks for the blocks around rectangle [x0,x1)×[y0,y1) (x0, y0 on the MCU
/// grid, x1, y1 too or at the picture's edge), the MCUs to be painted: `*band` is a transcoder
/// (owned by `s`) over the rectangle and one MCU around it, whose top-left pixel is picture
/// pixel (`*left`, `*top`). Its blocks are the source's once tp_scan_walk has run. The rectangles
/// of several bands must be apart; their bands may overlap.
int tp_scan_band(tp_scan *s, int x0, int y0, int x1, int y1, tp_lossless **band, int *left, int *top,
                 char *msg, size_t msg_cap);
/// Starts decoding every Huffman code of the scan, storing the bands' blocks and no other, on a
/// thread of its own (or here, when no thread can be made): wait for a band with tp_scan_wait
/// before touching it. No band may be asked for from then on.
int tp_scan_walk(tp_scan *s, char *msg, size_t msg_cap);
/// Waits until the walk has passed `band`'s rows: TP_OK, its blocks are the source's and the
/// walk does not touch them again; TP_UNSUPPORTED when the walk found the scan irregular.
int tp_scan_wait(tp_scan *s, const tp_lossless *band, char *msg, size_t msg_cap);
/// After `band`'s rectangle is painted: copies its blocks into the other bands that hold them
/// around their own rectangles, so that the next rectangle decodes its neighbours as painted
/// (rows the walk has passed, since it passed `band`'s).
void tp_scan_painted(tp_scan *s, const tp_lossless *band);
/// Writes the JPEG: the source's markers up to its scan but for APP1, APP3–APP13, APP15 and
/// comments (the ICC profile's APP2 and the JFIF and Adobe ones are kept), then every MCU:
/// those of the bands' rectangles coded again from the bands' blocks with the source's Huffman
/// tables, as is each MCU after one whose DC the painting changed (from the source's blocks),
/// and every other copied bit for bit; restart markers where the source has them. A coefficient
/// the tables have no code for is brought down to the largest magnitude of its run they code
/// (or 0), so the blocks under the tags may differ slightly from the bands';
/// `*approximated` counts such coefficients. TP_UNSUPPORTED when an MCU no tag changed cannot be
/// coded exactly (its DC difference after an approximated one, say): nothing is written then. The output is made in memory and handed to
/// `write` only when complete. Waits for the walk to end; TP_UNSUPPORTED if it gave up.
int tp_scan_write(tp_scan *s, tp_write_fn write, void *ctx, int *approximated, char *msg, size_t msg_cap);
/// Frees everything, the bands too. NULL is allowed.
void tp_scan_close(tp_scan *s);

#endif
