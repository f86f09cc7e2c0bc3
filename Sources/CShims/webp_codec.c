// WebP codec glue for libwebp (see tp_webp.h for the contract).
//
// libwebp returns status codes, so failures are plain returns. The ICC profile is read with
// libwebpdemux and written with libwebpmux; the encoded file goes to the caller's write callback.
#include "tp_webp.h"
#include "shim_whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

// MARK: - Decoder

struct tp_webp_decoder {
    tp_whole_image image;
};

/// libwebp's decoding status in words.
static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "the bitstream is damaged";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a feature libwebp does not support";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "decoding aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the file is truncated";
    default: return "unknown error";
    }
}

static int fail(int code, char *msg, size_t cap, const char *text) {
    tp_copy_message(msg, cap, text);
    return code;
}

int tp_webp_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_webp_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0) return fail(TP_MISUSE, msg, msg_cap, "invalid decoder arguments");
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return fail(TP_MISUSE, msg, msg_cap, "libwebp version mismatch");
    VP8StatusCode status = WebPGetFeatures(bytes, len, &config.input);
    if (status != VP8_STATUS_OK) return fail(TP_DAMAGED, msg, msg_cap, status_text(status));
    if (config.input.has_animation)
        return fail(TP_UNSUPPORTED, msg, msg_cap, "an animated WebP; tagproj reads still pictures only");
    int width = config.input.width, height = config.input.height;
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "image is %d×%d pixels, over the limit of %llu pixels", width, height,
                 (unsigned long long)max_pixels);
        return fail(TP_TOO_LARGE, msg, msg_cap, text);
    }
    tp_webp_decoder *dec = calloc(1, sizeof *dec);
    if (!dec) return fail(TP_NOMEM, msg, msg_cap, "out of memory");
    int channels = config.input.has_alpha ? 4 : 3;
    int code = tp_whole_alloc(&dec->image, width, height, channels, msg, msg_cap);
    if (code != TP_OK) {
        tp_webp_decoder_close(dec);
        return code;
    }
    config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = dec->image.pixels;
    config.output.u.RGBA.stride = width * channels;
    config.output.u.RGBA.size = (size_t)width * (size_t)channels * (size_t)height;
    status = WebPDecode(bytes, len, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK) {
        tp_webp_decoder_close(dec);
        return fail(status == VP8_STATUS_OUT_OF_MEMORY ? TP_NOMEM : TP_DAMAGED, msg, msg_cap, status_text(status));
    }
    WebPData data = {bytes, len};
    WebPDemuxer *demux = WebPDemux(&data);
    WebPChunkIterator chunk;
    if (demux && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        code = tp_whole_keep_icc(&dec->image, chunk.chunk.bytes, chunk.chunk.size, msg, msg_cap);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
    if (code != TP_OK) {
        tp_webp_decoder_close(dec);
        return code;
    }
    *out = dec;
    return TP_OK;
}

void tp_webp_decoder_shape(const tp_webp_decoder *dec, int *width, int *height, int *channels) {
    *width = dec->image.width;
    *height = dec->image.height;
    *channels = dec->image.channels;
}

void tp_webp_decoder_icc(const tp_webp_decoder *dec, const uint8_t **data, size_t *len) {
    *data = dec->image.icc;
    *len = dec->image.icc_len;
}

const char *tp_webp_decoder_warning(const tp_webp_decoder *dec) {
    (void)dec;
    return NULL;
}

int tp_webp_decoder_read_rows(tp_webp_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                              int *done, char *msg, size_t msg_cap) {
    *done = 0;
    if (!dec) return fail(TP_MISUSE, msg, msg_cap, "invalid read arguments");
    return tp_whole_read_rows(&dec->image, buf, stride, nrows, done, msg, msg_cap);
}

void tp_webp_decoder_close(tp_webp_decoder *dec) {
    if (!dec) return;
    tp_whole_free(&dec->image);
    free(dec);
}

// MARK: - Encoder

struct tp_webp_encoder {
    tp_whole_rows rows;
    int quality, lossless;
    uint8_t *icc;
    size_t icc_len;
    tp_write_fn write;
    void *ctx;
};

int tp_webp_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int lossless, const uint8_t *icc, size_t icc_len, tp_webp_encoder **out,
                         char *msg, size_t msg_cap) {
    *out = NULL;
    if (!write || width < 1 || height < 1 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION)
        return fail(width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION ? TP_UNSUPPORTED : TP_MISUSE, msg, msg_cap,
                    "WebP pictures are at most 16383 pixels on a side");
    if ((channels != 3 && channels != 4) || quality < 1 || quality > 100 || (icc_len && !icc))
        return fail(TP_MISUSE, msg, msg_cap, "invalid encoder arguments");
    tp_webp_encoder *enc = calloc(1, sizeof *enc);
    if (!enc) return fail(TP_NOMEM, msg, msg_cap, "out of memory");
    enc->rows = (tp_whole_rows){.width = width, .height = height, .channels = channels};
    enc->rows.pixels = malloc((size_t)width * (size_t)height * (size_t)channels);
    if (icc_len) enc->icc = malloc(icc_len);
    if (!enc->rows.pixels || (icc_len && !enc->icc)) {
        tp_webp_encoder_close(enc);
        return fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    if (icc_len) memcpy(enc->icc, icc, icc_len);
    enc->icc_len = icc_len;
    enc->quality = quality;
    enc->lossless = lossless != 0;
    enc->write = write;
    enc->ctx = ctx;
    *out = enc;
    return TP_OK;
}

int tp_webp_encoder_write_rows(tp_webp_encoder *enc, const uint8_t *rows, size_t stride,
                               int nrows, char *msg, size_t msg_cap) {
    if (!enc) return fail(TP_MISUSE, msg, msg_cap, "invalid rows for the WebP encoder");
    return tp_whole_take_rows(&enc->rows, rows, stride, nrows, msg, msg_cap);
}

/// libwebp's encoding error in words.
static const char *encoding_text(WebPEncodingError error) {
    switch (error) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "the picture is too large for WebP";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "the picture is too large for WebP at this quality";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be over 4 GiB";
    default: return "libwebp could not encode the picture";
    }
}

/// Encodes into `out` (freed by the caller with WebPMemoryWriterClear).
static int encode_bitstream(tp_webp_encoder *enc, WebPMemoryWriter *out, char *msg, size_t msg_cap) {
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture))
        return fail(TP_MISUSE, msg, msg_cap, "libwebp version mismatch");
    config.quality = (float)enc->quality;
    config.lossless = enc->lossless;
    config.exact = enc->lossless;  // lossless keeps the colour under transparent pixels too
    picture.use_argb = enc->lossless;
    picture.width = enc->rows.width;
    picture.height = enc->rows.height;
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = out;
    int stride = enc->rows.width * enc->rows.channels;
    int imported = enc->rows.channels == 4 ? WebPPictureImportRGBA(&picture, enc->rows.pixels, stride)
                                           : WebPPictureImportRGB(&picture, enc->rows.pixels, stride);
    if (!imported) {
        WebPPictureFree(&picture);
        return fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        int code = error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY ? TP_NOMEM
                                                                                                         : TP_UNSUPPORTED;
        return fail(code, msg, msg_cap, encoding_text(error));
    }
    return TP_OK;
}

int tp_webp_encoder_finish(tp_webp_encoder *enc, char *msg, size_t msg_cap) {
    if (!enc || enc->rows.next_row != enc->rows.height)
        return fail(TP_MISUSE, msg, msg_cap, "WebP finished before all rows were written");
    WebPMemoryWriter bitstream;
    WebPMemoryWriterInit(&bitstream);
    int code = encode_bitstream(enc, &bitstream, msg, msg_cap);
    WebPData file = {bitstream.mem, bitstream.size};
    WebPData assembled = {NULL, 0};
    if (code == TP_OK && enc->icc_len) {  // the profile needs the extended format (VP8X + ICCP)
        WebPMux *mux = WebPMuxNew();
        WebPData icc = {enc->icc, enc->icc_len};
        if (!mux || WebPMuxSetImage(mux, &file, 0) != WEBP_MUX_OK || WebPMuxSetChunk(mux, "ICCP", &icc, 0) != WEBP_MUX_OK ||
            WebPMuxAssemble(mux, &assembled) != WEBP_MUX_OK)
            code = fail(TP_NOMEM, msg, msg_cap, "out of memory while adding the ICC profile");
        WebPMuxDelete(mux);
        file = assembled;
    }
    if (code == TP_OK && tp_write_all(enc->write, enc->ctx, file.bytes, file.size) != 0)
        code = fail(TP_IO, msg, msg_cap, "the output refused the data");
    WebPDataClear(&assembled);
    WebPMemoryWriterClear(&bitstream);
    return code;
}

void tp_webp_encoder_close(tp_webp_encoder *enc) {
    if (!enc) return;
    free(enc->rows.pixels);
    free(enc->icc);
    free(enc);
}
