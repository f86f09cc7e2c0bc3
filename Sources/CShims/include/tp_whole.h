#ifndef TP_WHOLE_H
#define TP_WHOLE_H
// What the codecs whose libraries decode and encode a picture whole (libwebp, libheif) share: a
// decoder that holds the decoded picture and hands it out row by row, and (libwebp's) an encoder
// that gathers rows until it has the whole picture; libheif's AVIF encoder gathers YCbCr planes
// of its own (tp_heif.h). Their open and finish functions are in tp_webp.h and tp_heif.h;
// everything else is here. TP_* statuses and messages as in tp_status.h.
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// A decoded picture: 8-bit RGB or RGBA rows, top to bottom, and its ICC profile.
typedef struct tp_whole_decoder tp_whole_decoder;

/// The picture's size and channels (3 or 4).
void tp_whole_decoder_shape(const tp_whole_decoder *dec, int *width, int *height, int *channels);
/// The ICC profile, or len 0. Owned by the decoder.
void tp_whole_decoder_icc(const tp_whole_decoder *dec, const uint8_t **data, size_t *len);
/// Always NULL: these libraries report no recoverable problems.
const char *tp_whole_decoder_warning(const tp_whole_decoder *dec);
/// Copies up to `nrows` next rows into `buf`, `stride` bytes apart; `*done` the rows copied.
int tp_whole_decoder_read_rows(tp_whole_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                               int *done, char *msg, size_t msg_cap);
/// Frees the decoder. NULL is allowed.
void tp_whole_decoder_close(tp_whole_decoder *dec);

/// Rows gathered for an encoder that needs the whole picture, with its settings and sink.
typedef struct tp_whole_encoder tp_whole_encoder;

/// Takes `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_whole_encoder_write_rows(tp_whole_encoder *enc, const uint8_t *rows, size_t stride,
                                int nrows, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_whole_encoder_close(tp_whole_encoder *enc);

#endif
