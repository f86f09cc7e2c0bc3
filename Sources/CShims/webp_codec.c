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

int tp_webp_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_whole_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0) return tp_fail(TP_MISUSE, msg, msg_cap, "invalid decoder arguments");
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return tp_fail(TP_MISUSE, msg, msg_cap, "libwebp version mismatch");
    VP8StatusCode status = WebPGetFeatures(bytes, len, &config.input);
    if (status != VP8_STATUS_OK) return tp_fail(TP_DAMAGED, msg, msg_cap, status_text(status));
    if (config.input.has_animation)
        return tp_fail(TP_UNSUPPORTED, msg, msg_cap, "an animated WebP; tagproj reads still pictures only");
    int width = config.input.width, height = config.input.height;
    if ((uint64_t)width * (uint64_t)height > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "image is %d×%d pixels, over the limit of %llu pixels", width, height,
                 (unsigned long long)max_pixels);
        return tp_fail(TP_TOO_LARGE, msg, msg_cap, text);
    }
    int channels = config.input.has_alpha ? 4 : 3;
    tp_whole_decoder *dec;
    int code = tp_whole_decoder_make(width, height, channels, &dec, msg, msg_cap);
    if (code != TP_OK) return code;
    config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = dec->pixels;
    config.output.u.RGBA.stride = width * channels;
    config.output.u.RGBA.size = (size_t)width * (size_t)channels * (size_t)height;
    status = WebPDecode(bytes, len, &config);
    WebPFreeDecBuffer(&config.output);
    if (status != VP8_STATUS_OK)
        code = tp_fail(status == VP8_STATUS_OUT_OF_MEMORY ? TP_NOMEM : TP_DAMAGED, msg, msg_cap, status_text(status));
    WebPData data = {bytes, len};
    WebPDemuxer *demux = code == TP_OK ? WebPDemux(&data) : NULL;
    WebPChunkIterator chunk;
    if (demux && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        code = tp_whole_decoder_keep_icc(dec, chunk.chunk.bytes, chunk.chunk.size, msg, msg_cap);
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
    if (code != TP_OK) {
        tp_whole_decoder_close(dec);
        return code;
    }
    *out = dec;
    return TP_OK;
}

// MARK: - Encoder

int tp_webp_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int lossless, const uint8_t *icc, size_t icc_len, tp_whole_encoder **out,
                         char *msg, size_t msg_cap) {
    *out = NULL;
    if (width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION)
        return tp_fail(TP_UNSUPPORTED, msg, msg_cap, "WebP pictures are at most 16383 pixels on a side");
    return tp_whole_encoder_make(write, ctx, width, height, channels, quality, lossless, icc, icc_len, out, msg, msg_cap);
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
static int encode_bitstream(tp_whole_encoder *enc, WebPMemoryWriter *out, char *msg, size_t msg_cap) {
    WebPConfig config;
    WebPPicture picture;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture))
        return tp_fail(TP_MISUSE, msg, msg_cap, "libwebp version mismatch");
    config.quality = (float)enc->quality;
    config.lossless = enc->lossless;
    config.exact = enc->lossless;  // lossless keeps the colour under transparent pixels too
    picture.use_argb = enc->lossless;
    picture.width = enc->width;
    picture.height = enc->height;
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = out;
    int stride = enc->width * enc->channels;
    int imported = enc->channels == 4 ? WebPPictureImportRGBA(&picture, enc->pixels, stride)
                                           : WebPPictureImportRGB(&picture, enc->pixels, stride);
    if (!imported) {
        WebPPictureFree(&picture);
        return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError error = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        int code = error == VP8_ENC_ERROR_OUT_OF_MEMORY || error == VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY ? TP_NOMEM
                                                                                                         : TP_UNSUPPORTED;
        return tp_fail(code, msg, msg_cap, encoding_text(error));
    }
    return TP_OK;
}

int tp_webp_encoder_finish(tp_whole_encoder *enc, char *msg, size_t msg_cap) {
    if (!enc || enc->next_row != enc->height)
        return tp_fail(TP_MISUSE, msg, msg_cap, "WebP finished before all rows were written");
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
            code = tp_fail(TP_NOMEM, msg, msg_cap, "out of memory while adding the ICC profile");
        WebPMuxDelete(mux);
        file = assembled;
    }
    if (code == TP_OK) code = tp_whole_encoder_put(enc, file.bytes, file.size, msg, msg_cap);
    WebPDataClear(&assembled);
    WebPMemoryWriterClear(&bitstream);
    return code;
}
