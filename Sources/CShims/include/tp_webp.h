#ifndef TP_WEBP_H
#define TP_WEBP_H
// WebP decode and encode through libwebp (lossy VP8 and lossless VP8L, with alpha). libwebp
// reports errors by status codes, so no setjmp is needed; the shim keeps the tp_* conventions:
// a TP_* status (tp_status.h) and the reason in `msg`. A WebP frame is decoded and encoded whole.
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// A decoder holding one decoded WebP picture, handed out row by row as 8-bit RGB or RGBA.
typedef struct tp_webp_decoder tp_webp_decoder;

/// Decodes a still WebP: refuses an animation (TP_UNSUPPORTED) and more than `max_pixels`
/// (TP_TOO_LARGE) before allocating; RGBA when the file has alpha, else RGB. Keeps the ICCP chunk.
int tp_webp_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_webp_decoder **out, char *msg, size_t msg_cap);
/// The picture's size and channels (3 or 4).
void tp_webp_decoder_shape(const tp_webp_decoder *dec, int *width, int *height, int *channels);
/// The ICCP profile, or len 0. Owned by the decoder.
void tp_webp_decoder_icc(const tp_webp_decoder *dec, const uint8_t **data, size_t *len);
/// Always NULL: libwebp steps over nothing silently.
const char *tp_webp_decoder_warning(const tp_webp_decoder *dec);
/// Copies up to `nrows` next rows into `buf`, `stride` bytes apart; `*done` the rows copied.
int tp_webp_decoder_read_rows(tp_webp_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                              int *done, char *msg, size_t msg_cap);
/// Frees the decoder. NULL is allowed.
void tp_webp_decoder_close(tp_webp_decoder *dec);

/// An encoder gathering 8-bit RGB or RGBA rows and writing one WebP through `write` at finish.
typedef struct tp_webp_encoder tp_webp_encoder;

/// Opens an encoder: `quality` 1–100 (libwebp's scale, as cwebp -q), `lossless` 0 or 1
/// (cwebp -lossless, exact RGB kept under transparent pixels); `icc` (may be NULL) is written as
/// an ICCP chunk. No other metadata is written.
int tp_webp_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int lossless, const uint8_t *icc, size_t icc_len, tp_webp_encoder **out,
                         char *msg, size_t msg_cap);
/// Takes `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_webp_encoder_write_rows(tp_webp_encoder *enc, const uint8_t *rows, size_t stride,
                               int nrows, char *msg, size_t msg_cap);
/// Encodes the gathered picture and hands the file to the write callback. All rows must be in.
int tp_webp_encoder_finish(tp_webp_encoder *enc, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_webp_encoder_close(tp_webp_encoder *enc);

#endif
