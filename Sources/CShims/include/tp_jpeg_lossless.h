#ifndef TP_JPEG_LOSSLESS_H
#define TP_JPEG_LOSSLESS_H
// Lossless JPEG export through libjpeg-turbo's coefficient API: the source's DCT coefficients are
// read once (jpeg_read_coefficients), the caller re-encodes only the MCU-aligned rectangles it
// paints on, and every other 8×8 block is written out unchanged (jpeg_write_coefficients).
// libjpeg's longjmp stays inside this shim; every function returns a TP_* status (tp_status.h)
// with the reason in `msg`. No I/O: the output goes through the caller's tp_write_fn.
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// One JPEG being edited block by block.
typedef struct tp_lossless tp_lossless;

/// What the transcoder found in the source.
typedef struct {
    int width, height;          ///< the picture's size in pixels
    int mcu_width, mcu_height;  ///< the MCU's size in pixels: rectangles start on multiples of it
    int components;             ///< 1 (grey), 3 (YCbCr/RGB), 4 (CMYK/YCCK)
    int cmyk;                   ///< 1 for CMYK/YCCK (pixels are handed out as RGB all the same)
    int progressive;            ///< 1 if the source is progressive (the output is too)
    int restart_interval;       ///< the source's restart interval in MCUs (the output has none)
} tp_lossless_info;

/// Reads the headers and every coefficient of the JPEG in `bytes` (not needed afterwards), checking the pixel
/// limit before any coefficient memory and the number of progressive scans while reading. Data
/// that loses pixels (cut inside a scan, a bad code, missing progressive scans) is TP_DAMAGED.
int tp_lossless_open(const void *bytes, size_t len, uint64_t max_pixels, int max_scans,
                     tp_lossless **out, char *msg, size_t msg_cap);
/// tp_lossless_open for an export that neither turns nor crops, of a photo the transcoder may use
/// up: `bytes` is writable, followed by 8 readable bytes, and on pages of its own (they are given
/// back to the system as they are read; the caller unmaps them after tp_lossless_close). A
/// progressive YCbCr or RGB source is then decoded by tagproj's own scan decoder on two threads
/// and written by tp_lossless_write on two threads, its blocks given back as they go out (once
/// only). When that decoder meets anything irregular, the bytes are no longer whole: TP_RETRY, and
/// the caller opens the photo, read anew, with tp_lossless_open (libjpeg then reports or
/// tolerates what it is). Other sources go as with tp_lossless_open, the bytes left whole.
int tp_lossless_open_consuming(void *bytes, size_t len, uint64_t max_pixels, int max_scans, tp_lossless **out,
                               char *msg, size_t msg_cap);
/// Fills `info`.
void tp_lossless_get_info(const tp_lossless *t, tp_lossless_info *info);
/// Reads only the headers of the JPEG in `bytes` and fills `info` (for deciding, before any
/// coefficient is read, whether the lossless path can turn and crop it).
int tp_lossless_probe(const void *bytes, size_t len, tp_lossless_info *info, char *msg, size_t msg_cap);

/// Whether the picture `info` describes, stored with EXIF orientation `orientation` (1–8), can be
/// turned upright and cropped to [x, x+w)×[y, y+h) (upright pixels) block by block, losing no
/// edge: TP_OK, or TP_UNSUPPORTED with the reason in `msg`. A mirrored side must be a whole
/// number of MCUs (as `jpegtran -perfect` asks); the crop's left and top edges must be on the
/// upright MCU grid, its right and bottom ones too or at the picture's edge.
int tp_lossless_check_transform(const tp_lossless_info *info, int orientation, int x, int y, int w, int h,
                                char *msg, size_t msg_cap);
/// Turns the coefficients upright and crops them (see tp_lossless_check_transform, whose
/// status it returns when the picture does not allow it): each block is moved, transposed and
/// has its odd frequencies negated along a mirrored side, as jpegtran's -rotate, -flip,
/// -transpose, -transverse and -crop do; the sampling factors and quantization tables are
/// transposed with the picture. Afterwards the transcoder's picture (its info, the rectangles,
/// the output) is the turned, cropped one. The turned coefficients are a second copy: memory
/// doubles for a turned or cropped source.
int tp_lossless_transform(tp_lossless *t, int orientation, int x, int y, int w, int h, char *msg, size_t msg_cap);

/// For a greyscale picture (one component; anything else is left as it is): gives it colour
/// planes, Cb and Cr of zero coefficients beside the grey's own blocks, which stay its luma, so
/// that what is painted afterwards keeps its colour. Every block is still one MCU (1×1 sampling,
/// the grey's quantization table for all three). The picture is written with them only if a
/// replaced block of them is not zero (see tp_lossless_write); until then it decodes to the very
/// grey pixels it had. Call before any rectangle is decoded, after any transform. Memory: two
/// more block arrays of the grey's size.
int tp_lossless_add_colour(tp_lossless *t, char *msg, size_t msg_cap);

/// The first warning libjpeg gave that was not treated as an error, or NULL.
const char *tp_lossless_warning(const tp_lossless *t);

/// How many MCU rows tp_lossless_decode and tp_lossless_replace work on at a time: the temporary
/// JPEG and libjpeg's buffers then cover a strip of the rectangle (and its context), not the whole
/// of it. A caller that decodes a rectangle again to compare it goes by the same strips.
enum { TP_LOSSLESS_STRIP_MCUS = 8 };

/// Decodes the pixels of rectangle [x0,x1)×[y0,y1) as 8-bit RGB into `rgb` (rows `stride` bytes
/// apart, the first byte being pixel (x0, y0)), exactly as a full decode of the current
/// coefficients gives them: the MCUs around the rectangle are decoded too, so chroma upsampling
/// at its edges sees its real neighbours. x0, y0 must be multiples of the MCU size; x1, y1 too,
/// or the picture's width and height.
int tp_lossless_decode(tp_lossless *t, int x0, int y0, int x1, int y1, uint8_t *rgb, size_t stride,
                       char *msg, size_t msg_cap);
/// Re-encodes the rectangle from the RGB pixels in `rgb` (same layout as decode) with the source's
/// own colour space, sampling and quantization tables, and puts the new coefficients in place of
/// its blocks: all of them, or (`mcu_mask` not NULL: `mask_len` bytes, at least one per MCU of the rectangle, row by row)
/// those of the MCUs whose byte is not 0. For a CMYK source the rectangle must be the one decoded last: pixels that did not
/// change keep their CMYK values, changed ones get the CMYK that gives their RGB.
int tp_lossless_replace(tp_lossless *t, int x0, int y0, int x1, int y1, const uint8_t *rgb, size_t stride,
                        const uint8_t *mcu_mask, size_t mask_len, char *msg, size_t msg_cap);
/// Writes the JPEG: every block's current coefficients, the source's tables, the ICC profile
/// (APP2) and no other marker; sequential, without restart markers (a progressive source with
/// Huffman tables optimized for its coefficients). A greyscale picture given colour planes is
/// written with them (YCbCr) only when a replaced block of them is not zero, else grey as its
/// source; tp_lossless_wrote_colour says which.
int tp_lossless_write(tp_lossless *t, tp_write_fn write, void *ctx, char *msg, size_t msg_cap);
/// After tp_lossless_write: whether the picture was written with colour planes it gained
/// (tp_lossless_add_colour), 0 for any other.
int tp_lossless_wrote_colour(const tp_lossless *t);
/// Frees everything. NULL is allowed.
void tp_lossless_close(tp_lossless *t);

#endif
