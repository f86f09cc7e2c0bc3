#ifndef TP_PNG_H
#define TP_PNG_H
// PNG decode and encode through libpng, with libpng's longjmp error handling kept inside this
// shim: every function sets up its own setjmp, so a longjmp never crosses a Swift frame.
// Every function that can fail returns a TP_* status (tp_status.h) and writes the reason
// (libpng's own text, or ours) into `msg` (capacity `msg_cap`).
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// A decoder reading one PNG from memory, row by row, as 8-bit RGB or RGBA.
typedef struct tp_png_decoder tp_png_decoder;

/// What the decoder found in IHDR, and the output it will produce.
typedef struct {
    int width, height;
    int channels;       ///< 3 (RGB) or 4 (RGBA: the file has an alpha channel or tRNS)
    int bit_depth;      ///< as stored: 1, 2, 4, 8 or 16 (output is always 8-bit)
    int color_type;     ///< PNG colour type as stored: 0, 2, 3, 4 or 6
    int interlaced;     ///< 1 for Adam7 (the whole image is decoded at the first read)
} tp_png_info;

/// Opens a decoder: reads the chunks up to the image data, checks the pixel limit and sets the
/// transforms that turn every colour type and bit depth into 8-bit RGB(A): palette and low-bit
/// grey expanded, tRNS made alpha, 16-bit scaled (rounded) to 8, grey copied to RGB. Gamma
/// and colour chunks are left alone. The bytes are copied; the caller may free them.
int tp_png_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                        tp_png_decoder **out, char *msg, size_t msg_cap);
/// Fills `info`.
void tp_png_decoder_info(const tp_png_decoder *dec, tp_png_info *info);
/// The uncompressed iCCP profile (as libpng accepted it), or len 0. Owned by the decoder.
void tp_png_decoder_icc(const tp_png_decoder *dec, const uint8_t **data, size_t *len);
/// The first warning libpng gave (a bad ancillary chunk, a rejected profile…), or NULL.
const char *tp_png_decoder_warning(const tp_png_decoder *dec);
/// Decodes up to `nrows` rows (width × channels bytes each) into `buf`, `stride` bytes apart.
/// `*done` receives the rows written; fewer than asked only at the end of the image.
int tp_png_decoder_read_rows(tp_png_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                             int *done, char *msg, size_t msg_cap);
/// Frees the decoder and everything it owns. NULL is allowed.
void tp_png_decoder_close(tp_png_decoder *dec);

/// An encoder writing one 8-bit RGB or RGBA PNG through the caller's write callback.
typedef struct tp_png_encoder tp_png_encoder;

/// Opens an encoder that hands its bytes to `write(ctx, …)` (see tp_write_fn); a refusal fails
/// the running call with TP_IO. `channels` 3 or 4;
/// `zlib_level` 0-9; `adaptive_filters` nonzero lets libpng pick a filter for each row (smaller
/// for photographs), zero writes every row unfiltered (faster, and as small for flat artwork);
/// `dpi` 1-65535 is written as pHYs in pixels per metre (0: none); `icc` (may be NULL) is written
/// as iCCP. No other metadata is written.
int tp_png_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int zlib_level,
                        int adaptive_filters, int dpi, const uint8_t *icc, size_t icc_len, tp_png_encoder **out,
                        char *msg, size_t msg_cap);
/// Writes `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_png_encoder_write_rows(tp_png_encoder *enc, const uint8_t *rows, size_t stride,
                              int nrows, char *msg, size_t msg_cap);
/// Writes IEND and flushes. All rows must have been written.
int tp_png_encoder_finish(tp_png_encoder *enc, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_png_encoder_close(tp_png_encoder *enc);

#endif
