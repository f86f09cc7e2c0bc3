// The decoder halves webp_codec.c and heif_codec.c share, and the encoder half of webp_codec.c
// (see tp_whole.h).
#include "shim_whole.h"

#include <stdlib.h>
#include <string.h>

int tp_whole_decoder_make(int width, int height, int channels, tp_whole_decoder **out, char *msg, size_t cap) {
    *out = NULL;
    size_t row = (size_t)width * (size_t)channels;
    tp_whole_decoder *dec = width > 0 && height > 0 && row <= SIZE_MAX / (size_t)height ? calloc(1, sizeof *dec) : NULL;
    if (dec && !(dec->pixels = malloc(row * (size_t)height))) {
        free(dec);
        dec = NULL;
    }
    if (!dec) return tp_fail(TP_NOMEM, msg, cap, "out of memory");
    *dec = (tp_whole_decoder){.width = width, .height = height, .channels = channels, .pixels = dec->pixels};
    *out = dec;
    return TP_OK;
}

int tp_whole_decoder_keep_icc(tp_whole_decoder *dec, const uint8_t *data, size_t len, char *msg, size_t cap) {
    if (!data || len == 0) return TP_OK;
    if (!(dec->icc = malloc(len))) return tp_fail(TP_NOMEM, msg, cap, "out of memory");
    memcpy(dec->icc, data, len);
    dec->icc_len = len;
    return TP_OK;
}

void tp_whole_decoder_shape(const tp_whole_decoder *dec, int *width, int *height, int *channels) {
    *width = dec->width;
    *height = dec->height;
    *channels = dec->channels;
}

void tp_whole_decoder_icc(const tp_whole_decoder *dec, const uint8_t **data, size_t *len) {
    *data = dec->icc;
    *len = dec->icc_len;
}

const char *tp_whole_decoder_warning(const tp_whole_decoder *dec) {
    (void)dec;
    return NULL;
}

int tp_whole_decoder_read_rows(tp_whole_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                               int *done, char *msg, size_t msg_cap) {
    *done = 0;
    size_t row = dec ? (size_t)dec->width * (size_t)dec->channels : 0;
    if (!dec || !buf || nrows < 0 || stride < row) return tp_fail(TP_MISUSE, msg, msg_cap, "invalid read arguments");
    while (*done < nrows && dec->next_row < dec->height) {
        memcpy(buf + (size_t)*done * stride, dec->pixels + (size_t)dec->next_row * row, row);
        dec->next_row++;
        *done += 1;
    }
    return TP_OK;
}

void tp_whole_decoder_close(tp_whole_decoder *dec) {
    if (!dec) return;
    free(dec->pixels);
    free(dec->icc);
    free(dec);
}

int tp_whole_encoder_make(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                          int lossless, const uint8_t *icc, size_t icc_len, tp_whole_encoder **out,
                          char *msg, size_t cap) {
    *out = NULL;
    if (!write || width < 1 || height < 1 || (channels != 3 && channels != 4) || quality < 1 || quality > 100 ||
        (icc_len && !icc))
        return tp_fail(TP_MISUSE, msg, cap, "invalid encoder arguments");
    size_t row = (size_t)width * (size_t)channels;
    tp_whole_encoder *enc = row <= SIZE_MAX / (size_t)height ? calloc(1, sizeof *enc) : NULL;
    if (enc) {
        enc->pixels = malloc(row * (size_t)height);
        if (icc_len) enc->icc = malloc(icc_len);
    }
    if (!enc || !enc->pixels || (icc_len && !enc->icc)) {
        tp_whole_encoder_close(enc);
        return tp_fail(TP_NOMEM, msg, cap, "out of memory");
    }
    if (icc_len) memcpy(enc->icc, icc, icc_len);
    enc->icc_len = icc_len;
    enc->width = width;
    enc->height = height;
    enc->channels = channels;
    enc->quality = quality;
    enc->lossless = lossless != 0;
    enc->write = write;
    enc->ctx = ctx;
    *out = enc;
    return TP_OK;
}

int tp_whole_encoder_write_rows(tp_whole_encoder *enc, const uint8_t *rows, size_t stride,
                                int nrows, char *msg, size_t msg_cap) {
    size_t row = enc ? (size_t)enc->width * (size_t)enc->channels : 0;
    if (!enc || !rows || nrows < 0 || nrows > enc->height - enc->next_row || stride < row)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid rows for the encoder");
    for (int i = 0; i < nrows; i++, enc->next_row++)
        memcpy(enc->pixels + (size_t)enc->next_row * row, rows + (size_t)i * stride, row);
    return TP_OK;
}

int tp_whole_encoder_put(tp_whole_encoder *enc, const uint8_t *data, size_t len, char *msg, size_t cap) {
    while (len > 0) {
        size_t n = len < 65536 ? len : 65536;
        if (enc->write(enc->ctx, data, n) != 0) {
            enc->refused = 1;
            return tp_fail(TP_IO, msg, cap, "the output refused the data");
        }
        tp_crash_point(TP_CRASH_OUTPUT_STARTED);
        data += n;
        len -= n;
    }
    return TP_OK;
}

void tp_whole_encoder_close(tp_whole_encoder *enc) {
    if (!enc) return;
    free(enc->pixels);
    free(enc->icc);
    free(enc);
}
