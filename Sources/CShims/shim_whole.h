#ifndef TP_SHIM_WHOLE_H
#define TP_SHIM_WHOLE_H
// Private to the shims: a picture decoded whole (libwebp and libheif decode a frame at once), and
// handing its rows out band by band as the streaming decoders do.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shim_sink.h"

/// 8-bit RGB or RGBA rows, top to bottom, `width * channels` bytes apart, and the ICC profile.
typedef struct {
    int width, height, channels;
    int next_row;
    uint8_t *pixels;
    uint8_t *icc;
    size_t icc_len;
} tp_whole_image;

/// Allocates the pixels for `width × height × channels`; 0, or TP_NOMEM with the message set.
static inline int tp_whole_alloc(tp_whole_image *image, int width, int height, int channels, char *msg, size_t cap) {
    image->width = width;
    image->height = height;
    image->channels = channels;
    size_t row = (size_t)width * (size_t)channels;
    if (height < 1 || width < 1 || row > SIZE_MAX / (size_t)height || !(image->pixels = malloc(row * (size_t)height))) {
        tp_copy_message(msg, cap, "out of memory");
        return TP_NOMEM;
    }
    return TP_OK;
}

/// Keeps a copy of an ICC profile; 0, or TP_NOMEM.
static inline int tp_whole_keep_icc(tp_whole_image *image, const uint8_t *data, size_t len, char *msg, size_t cap) {
    if (!data || len == 0) return TP_OK;
    if (!(image->icc = malloc(len))) {
        tp_copy_message(msg, cap, "out of memory");
        return TP_NOMEM;
    }
    memcpy(image->icc, data, len);
    image->icc_len = len;
    return TP_OK;
}

/// Copies up to `nrows` next rows into `buf`, `stride` bytes apart.
static inline int tp_whole_read_rows(tp_whole_image *image, uint8_t *buf, size_t stride, int nrows, int *done,
                                     char *msg, size_t cap) {
    *done = 0;
    size_t row = (size_t)image->width * (size_t)image->channels;
    if (!buf || nrows < 0 || stride < row) {
        tp_copy_message(msg, cap, "invalid read arguments");
        return TP_MISUSE;
    }
    while (*done < nrows && image->next_row < image->height) {
        memcpy(buf + (size_t)*done * stride, image->pixels + (size_t)image->next_row * row, row);
        image->next_row++;
        *done += 1;
    }
    return TP_OK;
}

/// Frees what the image owns.
static inline void tp_whole_free(tp_whole_image *image) {
    free(image->pixels);
    free(image->icc);
}

/// An encoder's side: rows gathered until the encoder has the whole picture.
typedef struct {
    int width, height, channels;
    int next_row;
    uint8_t *pixels;
} tp_whole_rows;

/// Copies `nrows` rows into the gathered picture; 0 or TP_MISUSE.
static inline int tp_whole_take_rows(tp_whole_rows *rows, const uint8_t *data, size_t stride, int nrows,
                                     char *msg, size_t cap) {
    size_t row = (size_t)rows->width * (size_t)rows->channels;
    if (!data || nrows < 0 || nrows > rows->height - rows->next_row || stride < row) {
        tp_copy_message(msg, cap, "invalid rows for the encoder");
        return TP_MISUSE;
    }
    for (int i = 0; i < nrows; i++, rows->next_row++)
        memcpy(rows->pixels + (size_t)rows->next_row * row, data + (size_t)i * stride, row);
    return TP_OK;
}

/// Hands `len` bytes to the caller's callback in pieces of at most 64 KiB; 0 or its refusal.
static inline int tp_write_all(tp_write_fn write, void *ctx, const uint8_t *data, size_t len) {
    while (len > 0) {
        size_t n = len < 65536 ? len : 65536;
        if (write(ctx, data, n) != 0) return 1;
        data += n;
        len -= n;
    }
    return 0;
}

#endif
