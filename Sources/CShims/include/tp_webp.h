#ifndef TP_WEBP_H
#define TP_WEBP_H
// WebP decode and encode through libwebp (lossy VP8 and lossless VP8L, with alpha). libwebp
// reports errors by status codes, so no setjmp is needed; the shim keeps the tp_* conventions:
// a TP_* status (tp_status.h) and the reason in `msg`. A WebP frame is decoded and encoded whole:
// reading rows, the ICC profile and closing are tp_whole_decoder_* / tp_whole_encoder_* (tp_whole.h).
#include <stddef.h>
#include <stdint.h>

#include "tp_whole.h"

/// Decodes a still WebP: refuses an animation (TP_UNSUPPORTED) and more than `max_pixels`
/// (TP_TOO_LARGE) before allocating; RGBA when the file has alpha, else RGB. Keeps the ICCP chunk.
int tp_webp_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_whole_decoder **out, char *msg, size_t msg_cap);

/// Opens an encoder writing one WebP through `write` at finish: `quality` 1–100 (libwebp's scale,
/// as cwebp -q), `lossless` 0 or 1 (cwebp -lossless -exact: RGB kept under transparent pixels
/// too); `icc` (may be NULL) is written as an ICCP chunk. No other metadata is written.
int tp_webp_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int lossless, const uint8_t *icc, size_t icc_len, tp_whole_encoder **out,
                         char *msg, size_t msg_cap);
/// Encodes the gathered picture and hands the file to the write callback. All rows must be in.
int tp_webp_encoder_finish(tp_whole_encoder *enc, char *msg, size_t msg_cap);

#endif
