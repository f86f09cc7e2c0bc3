#ifndef TP_SHIM_WHOLE_H
#define TP_SHIM_WHOLE_H
// Private to the shims: the layout of tp_whole_decoder and tp_whole_encoder (tp_whole.h), and how
// webp_codec.c and heif_codec.c make them.
#include <stdint.h>

#include "tp_whole.h"
#include "shim_sink.h"

struct tp_whole_decoder {
    int width, height, channels;
    int next_row;
    uint8_t *pixels;
    uint8_t *icc;
    size_t icc_len;
};

struct tp_whole_encoder {
    int width, height, channels;
    int next_row;
    uint8_t *pixels;
    int quality, lossless;
    uint8_t *icc;
    size_t icc_len;
    tp_write_fn write;
    void *ctx;
    int refused;  ///< the write callback refused the bytes
};

/// A decoder with room for `width × height × channels` samples; TP_OK or TP_NOMEM.
int tp_whole_decoder_make(int width, int height, int channels, tp_whole_decoder **out, char *msg, size_t cap);
/// Keeps a copy of the ICC profile; TP_OK or TP_NOMEM.
int tp_whole_decoder_keep_icc(tp_whole_decoder *dec, const uint8_t *data, size_t len, char *msg, size_t cap);
/// An encoder gathering `width × height × channels` samples, its settings checked; TP_OK,
/// TP_MISUSE or TP_NOMEM.
int tp_whole_encoder_make(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                          int lossless, const uint8_t *icc, size_t icc_len, tp_whole_encoder **out,
                          char *msg, size_t cap);
/// Hands the encoded file to the caller's callback in pieces of at most 64 KiB; TP_OK or TP_IO.
int tp_whole_encoder_put(tp_whole_encoder *enc, const uint8_t *data, size_t len, char *msg, size_t cap);

#endif
