#ifndef TP_JPEG_SCAN_H
#define TP_JPEG_SCAN_H
// Lossless JPEG export of a baseline JPEG without coding all of it again: the entropy-coded data
// of the MCUs no tag touches is copied bit for bit, and only the blocks around the tags are kept
// as coefficients (in tp_lossless transcoders), painted, and Huffman-coded again with the
// source's own tables; where those tables have no code for a symbol the new blocks need (tables
// an encoder cut to the photo's own symbols), the whole scan is coded again with new optimal
// tables, every untouched block's coefficients still the source's. For one interleaved (or
// greyscale) Huffman scan of 8-bit samples: anything else is TP_UNSUPPORTED and the caller takes
// the whole-picture path (tp_jpeg_lossless.h), as it does for data this walker finds irregular
// (a bad code, a missing restart marker, bytes after the scan), so that path reports it exactly
// as before.
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
/// Before any band: a greyscale source's bands get colour planes (see tp_lossless_add_colour),
/// so that colour painted on them stays colour; tp_scan_write then writes Y, Cb and Cr when a
/// painted block has colour. A colour source is left as it is.
int tp_scan_add_colour(tp_scan *s, char *msg, size_t msg_cap);
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
/// What tp_scan_write did.
typedef struct {
    int new_tables;  ///< 1: the scan was coded again with new optimal Huffman tables (the source's
                     ///< had no code for a symbol of the tags' blocks); 0: untouched MCUs copied bit for bit
    int colour;      ///< 1: a greyscale source was written with Cb and Cr planes (its tags have colour)
} tp_scan_outcome;

/// Writes the JPEG: the source's markers up to its scan but for APP1, APP3–APP13, APP15 and
/// comments (the ICC profile's APP2 and the JFIF and Adobe ones are kept), then every MCU: those
/// of the bands' rectangles coded again from the bands' blocks, as is each MCU after one whose DC
/// the painting changed (from the source's blocks), exactly; and every other as the source has
/// it. With the source's Huffman tables when they code every symbol of the MCUs coded again: the
/// others copied bit for bit. Otherwise with new optimal tables (a DHT in place of the source's):
/// the others' symbols coded again, their coefficients the source's. A greyscale source whose
/// bands have colour planes (tp_scan_add_colour) with a painted block of colour is written as Y,
/// Cb and Cr (1×1, the grey's quantization table, new tables for Cb and Cr, no Adobe marker),
/// its luma blocks as above and Cb and Cr zero away from the tags. Restart markers where the
/// source has them. TP_UNSUPPORTED when a block cannot be coded as the source has it (a DC
/// difference over 11 bits): nothing is written then. The output is made in memory and handed to
/// `write` only when complete. Waits for the walk to end; TP_UNSUPPORTED if it gave up.
int tp_scan_write(tp_scan *s, tp_write_fn write, void *ctx, tp_scan_outcome *outcome, char *msg, size_t msg_cap);
/// Frees everything, the bands too. NULL is allowed.
void tp_scan_close(tp_scan *s);

#endif
