#ifndef TP_JPEG_LOSSLESS_PRIVATE_H
#define TP_JPEG_LOSSLESS_PRIVATE_H
// Private to jpeg_lossless.c (open, rectangles, write) and jpeg_lossless_turn.c (turns, crops,
// bands): the transcoder and the helpers both use.
#include "tp_jpeg_lossless.h"
#include "jpeg_lossless_band.h"
#include "jpeg_shared.h"

#include <stdlib.h>
#include <string.h>

struct tp_lossless {
    struct jpeg_decompress_struct src;   // the source, holding every coefficient
    tp_error_mgr err;
    struct jpeg_progress_mgr progress;
    int src_created, max_scans, cmyk, inverted;
    jvirt_barray_ptr *coefs;
    jvirt_barray_ptr turned[MAX_COMPONENTS];  // the coefficients after tp_lossless_transform, or a band's
    JBLOCKROW *band_rows[MAX_COMPONENTS];     // a band's block rows, filled by its owner
    JOCTET *icc;
    unsigned int icc_len;
    // Temporary objects of the running call, destroyed on failure too.
    struct jpeg_compress_struct tmp_c;
    struct jpeg_decompress_struct tmp_d;
    int tmp_c_created, tmp_d_created;
    unsigned char *mem;                  // jpeg_mem_dest's buffer
    unsigned long mem_len;
    JSAMPLE *row;                        // one decoded or encoded row
    // CMYK: the last decoded rectangle's CMYK and RGB pixels, to keep what painting left alone.
    JSAMPLE *kept_cmyk, *kept_rgb;
    int kept[4];
    tp_dest *dest;
    // A greyscale source given colour planes (tp_lossless_add_colour): its own component, kept
    // for writing it grey again; whether a replaced block of Cb or Cr is not zero.
    jpeg_component_info *grey_comp;
    int coloured, wrote_colour;
    // A progressive source read by tagproj's own scan decoder (jpeg_lossless_own.c): its blocks in
    // a mapping of the transcoder's own, block row r of component ci at own_rows[ci][r] (coefs is
    // NULL then), and its markers before the first scan, for the output's header.
    uint8_t *own;
    size_t own_len, source_len;
    JBLOCKROW *own_rows[MAX_COMPONENTS];
    uint8_t *header;
    size_t header_len;
    int own_written;  // once written, its blocks are given back
};

/// Destroys what the failed or finished call had made.
void tp_ll_drop_temporaries(tp_lossless *t);
/// malloc, or a TP_NOMEM failure of the running call.
void *tp_ll_alloc_or_fail(tp_lossless *t, size_t n);
/// A new transcoder with its error manager; NULL (and the reason in `msg`) when out of memory.
tp_lossless *tp_ll_new_transcoder(int max_scans, char *msg, size_t msg_cap);
/// After the caller's setjmp: reads the headers of the JPEG in `bytes` into t->src, watching the
/// scans and keeping the ICC profile's markers when the whole picture is to be read.
j_decompress_ptr tp_ll_read_headers(tp_lossless *t, const void *bytes, size_t len, int whole);
/// Whether [x0,x1)×[y0,y1) is a non-empty rectangle of the picture on MCU boundaries.
int tp_ll_aligned(const tp_lossless *t, int x0, int y0, int x1, int y1);
/// After the caller's setjmp, for a one-component t->src before its block arrays are made or
/// after (jpeg_lossless_colour.c): makes it a YCbCr picture of three 1×1 components, Cb and Cr
/// quantized with the grey's own table; the caller makes their (zero) block arrays.
void tp_ll_colour_components(tp_lossless *t);
/// After tp_lossless_replace copied `w × h` blocks of component `ci` from (x, y) of `from`: notes
/// whether a block of a gained colour plane is not zero (t->coloured).
void tp_ll_note_colour(tp_lossless *t, j_common_ptr owner, jvirt_barray_ptr from, int ci, int x, int y, int w, int h);
/// Before writing: a picture whose gained colour planes stayed zero is made grey again, as the
/// source was. Returns whether it is written with them.
int tp_ll_colour_for_write(tp_lossless *t);

/// After the caller's setjmp, with t->src's headers and ICC profile read, for
/// tp_lossless_open_consuming: reads the picture in `bytes` by the own path
/// (jpeg_lossless_own.c), giving its pages back as it goes: TP_OK; TP_RETRY when its decoder gave
/// up, the bytes used up; TP_UNSUPPORTED when the path does not take the picture (nothing used).
int tp_ll_own_read(tp_lossless *t, const uint8_t *bytes, size_t len);
/// Frees what the own path holds.
void tp_ll_own_free(tp_lossless *t);
/// Writes a picture the own path read (t->own): see jpeg_lossless_own.c. Once only.
int tp_ll_own_write(tp_lossless *t, tp_write_fn write, void *ctx, char *msg, size_t msg_cap);

/// The prologue of a public function on `t` (see TP_JPEG_GUARD_CLEANUP): a failed transcoder
/// stays failed, and a failure destroys the temporaries the call had made.
#define LL_GUARD(t, msg, cap) TP_JPEG_GUARD_CLEANUP(t, tp_ll_drop_temporaries(t), msg, cap)

#endif
