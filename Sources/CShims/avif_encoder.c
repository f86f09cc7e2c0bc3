// AVIF encoding through libheif's AV1 encoder (see tp_heif.h for the contract).
//
// libheif's AV1 encoder takes YCbCr 4:2:0; given RGB, libheif converts the whole picture into a
// second image first, and the encoder plugin copies that into libaom's. Gathering the rows as
// RGB for it held the picture three times over before libaom made its own copy (a 4 MP export
// peaked at 131 MiB against heif-enc's 104). Here each row is turned into the planes of a YCbCr
// image as it arrives, with libheif's own arithmetic (its Op_RGB24_32_to_YCbCr for 4:2:0 and the
// nclx it assumes, in libheif 1.15), so libheif converts nothing and the file is byte for byte
// the one it would have written from the RGB rows, and the one heif-enc writes from them.
#include "tp_heif.h"
#include "shim_heif.h"
#include "tp_dl.h"

#include <stdlib.h>
#include <string.h>

#define TP_AVIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_write) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_have_encoder_for_format) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_plane) \
    X(heif_image_release) \
    X(heif_image_set_nclx_color_profile) \
    X(heif_image_set_raw_color_profile) \

TP_DL_TABLE(TP_AVIF_FUNCTIONS, avif_api)

#define heif_context_alloc avif_api.heif_context_alloc
#define heif_context_encode_image avif_api.heif_context_encode_image
#define heif_context_free avif_api.heif_context_free
#define heif_context_get_encoder_for_format avif_api.heif_context_get_encoder_for_format
#define heif_context_write avif_api.heif_context_write
#define heif_encoder_release avif_api.heif_encoder_release
#define heif_encoder_set_lossy_quality avif_api.heif_encoder_set_lossy_quality
#define heif_have_encoder_for_format avif_api.heif_have_encoder_for_format
#define heif_image_add_plane avif_api.heif_image_add_plane
#define heif_image_create avif_api.heif_image_create
#define heif_image_get_plane avif_api.heif_image_get_plane
#define heif_image_release avif_api.heif_image_release
#define heif_image_set_nclx_color_profile avif_api.heif_image_set_nclx_color_profile
#define heif_image_set_raw_color_profile avif_api.heif_image_set_raw_color_profile

struct tp_heif_encoder {
    int width, height, channels, quality;
    int next_row;
    struct heif_image *image;          ///< Y, Cb, Cr (4:2:0) and, with 4 channels, alpha
    uint8_t *y, *cb, *cr, *alpha;      ///< its planes
    int y_stride, cb_stride, cr_stride, alpha_stride;
    uint8_t *upper;                    ///< an even row, kept until the odd row under it comes
    tp_write_fn write;
    void *ctx;
    int refused;                       ///< the write callback refused the bytes
};

// MARK: - RGB to YCbCr as libheif 1.15 does it

/// libheif's RGB_to_YCbCr coefficients for the nclx it gives an image that has none (matrix 6,
/// BT.601: Kr 0.299, Kb 0.114), computed in float as its get_RGB_to_YCbCr_coefficients does.
typedef struct {
    float c[3][3];
} coefficients;

static coefficients bt601(void) {
    const float kr = 0.299f, kb = 0.114f;
    return (coefficients){{
        {kr, 1 - kr - kb, kb},
        {-kr / (1 - kb) / 2, -(1 - kr - kb) / (1 - kb) / 2, 0.5f},
        {0.5f, -(1 - kr - kb) / (1 - kr) / 2, -kb / (1 - kr) / 2},
    }};
}

/// libheif's clip_f_u8: rounded half up, then clamped.
static inline uint8_t clip(float v) {
    long x = (long)(v + 0.5f);
    return x < 0 ? 0 : x > 255 ? 255 : (uint8_t)x;
}

/// Luma (full range) of one row of RGB or RGBA pixels, and its alpha when there is an alpha plane.
static void luma_row(tp_heif_encoder *enc, const coefficients *k, const uint8_t *rgb, int row) {
    uint8_t *y = enc->y + (size_t)row * (size_t)enc->y_stride;
    size_t pixel = (size_t)enc->channels;
    for (int x = 0; x < enc->width; x++) {
        const uint8_t *p = rgb + (size_t)x * pixel;
        y[x] = clip(p[0] * k->c[0][0] + p[1] * k->c[0][1] + p[2] * k->c[0][2]);
    }
    if (!enc->alpha) return;
    uint8_t *a = enc->alpha + (size_t)row * (size_t)enc->alpha_stride;
    for (int x = 0; x < enc->width; x++) a[x] = rgb[(size_t)x * 4 + 3];
}

/// Cb and Cr of one chroma row from `top` and, unless this is a lone last row, `bottom`: each
/// sample from the integer mean (truncated, as libheif takes it) of the RGB of the two-by-two
/// pixels it covers, or of the two or one a right column or bottom row of an odd size has.
static void chroma_row(tp_heif_encoder *enc, const coefficients *k, const uint8_t *top, const uint8_t *bottom, int row) {
    uint8_t *cb = enc->cb + (size_t)row * (size_t)enc->cb_stride, *cr = enc->cr + (size_t)row * (size_t)enc->cr_stride;
    int pixel = enc->channels;
    for (int x = 0; x < enc->width; x += 2) {
        const uint8_t *p = top + (size_t)x * (size_t)pixel, *q = bottom ? bottom + (size_t)x * (size_t)pixel : NULL;
        int right = x + 1 < enc->width;
        uint8_t rgb[3];
        for (int c = 0; c < 3; c++) {
            if (q && right) rgb[c] = (uint8_t)((p[c] + p[pixel + c] + q[c] + q[pixel + c]) / 4);
            else if (q) rgb[c] = (uint8_t)((p[c] + q[c]) / 2);
            else if (right) rgb[c] = (uint8_t)((p[c] + p[pixel + c]) / 2);
            else rgb[c] = p[c];
        }
        float b = rgb[0] * k->c[1][0] + rgb[1] * k->c[1][1] + rgb[2] * k->c[1][2];
        float r = rgb[0] * k->c[2][0] + rgb[1] * k->c[2][1] + rgb[2] * k->c[2][2];
        cb[x / 2] = clip(b + 128);
        cr[x / 2] = clip(r + 128);
    }
}

// MARK: - The encoder

/// Adds a `width` × `height` 8-bit plane to `image` and finds it.
static int add_plane(struct heif_image *image, enum heif_channel channel, int width, int height, uint8_t **plane, int *stride,
                     char *msg, size_t cap) {
    int code = heif_failure(heif_image_add_plane(image, channel, width, height, 8), msg, cap);
    if (code == TP_OK && !(*plane = heif_image_get_plane(image, channel, stride))) code = tp_fail(TP_NOMEM, msg, cap, "out of memory");
    return code;
}

int tp_heif_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         const uint8_t *icc, size_t icc_len, tp_heif_encoder **out,
                         char *msg, size_t msg_cap) {
    *out = NULL;
    if (!write || width < 1 || height < 1 || (channels != 3 && channels != 4) || quality < 1 || quality > 100 ||
        (icc_len && !icc))
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid encoder arguments");
    if (TP_DL_LOAD(avif_api, "libheif.so.1", "libheif1", msg, msg_cap) != 0) return TP_UNSUPPORTED;
    if (!heif_have_encoder_for_format(heif_compression_AV1))
        return tp_fail(TP_UNSUPPORTED, msg, msg_cap, "this libheif has no AV1 encoder (Debian: libheif1 with libaom)");
    tp_heif_encoder *enc = calloc(1, sizeof *enc);
    if (enc) enc->upper = malloc((size_t)width * (size_t)channels);
    if (!enc || !enc->upper) {
        tp_heif_encoder_close(enc);
        return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    *enc = (tp_heif_encoder){.width = width, .height = height, .channels = channels, .quality = quality,
                             .upper = enc->upper, .write = write, .ctx = ctx};
    int code = heif_failure(heif_image_create(width, height, heif_colorspace_YCbCr, heif_chroma_420, &enc->image), msg, msg_cap);
    int cw = width / 2 + width % 2, ch = height / 2 + height % 2;
    if (code == TP_OK) code = add_plane(enc->image, heif_channel_Y, width, height, &enc->y, &enc->y_stride, msg, msg_cap);
    if (code == TP_OK) code = add_plane(enc->image, heif_channel_Cb, cw, ch, &enc->cb, &enc->cb_stride, msg, msg_cap);
    if (code == TP_OK) code = add_plane(enc->image, heif_channel_Cr, cw, ch, &enc->cr, &enc->cr_stride, msg, msg_cap);
    if (code == TP_OK && channels == 4)
        code = add_plane(enc->image, heif_channel_Alpha, width, height, &enc->alpha, &enc->alpha_stride, msg, msg_cap);
    // What libheif gives an image without one before converting it (color_profile_nclx's
    // defaults): BT.601 matrix, primaries and transfer unspecified, full range. With an ICC
    // profile only the profile is written, as before.
    struct heif_color_profile_nclx nclx = {.version = 1,
                                           .color_primaries = heif_color_primaries_unspecified,
                                           .transfer_characteristics = heif_transfer_characteristic_unspecified,
                                           .matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6,
                                           .full_range_flag = 1};
    if (code == TP_OK) code = heif_failure(heif_image_set_nclx_color_profile(enc->image, &nclx), msg, msg_cap);
    if (code == TP_OK && icc_len)
        code = heif_failure(heif_image_set_raw_color_profile(enc->image, "prof", icc, icc_len), msg, msg_cap);
    if (code != TP_OK) {
        tp_heif_encoder_close(enc);
        return code;
    }
    *out = enc;
    return TP_OK;
}

int tp_heif_encoder_write_rows(tp_heif_encoder *enc, const uint8_t *rows, size_t stride, int nrows,
                               char *msg, size_t msg_cap) {
    size_t row = enc ? (size_t)enc->width * (size_t)enc->channels : 0;
    if (!enc || !rows || nrows < 0 || nrows > enc->height - enc->next_row || stride < row)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid rows for the encoder");
    coefficients k = bt601();
    for (int i = 0; i < nrows; i++, enc->next_row++) {
        const uint8_t *rgb = rows + (size_t)i * stride;
        int y = enc->next_row;
        luma_row(enc, &k, rgb, y);
        if (y % 2 == 1) chroma_row(enc, &k, enc->upper, rgb, y / 2);
        else if (y == enc->height - 1) chroma_row(enc, &k, rgb, NULL, y / 2);
        else memcpy(enc->upper, rgb, row);
    }
    return TP_OK;
}

static struct heif_error write_out(struct heif_context *ctx, const void *data, size_t size, void *userdata) {
    (void)ctx;
    tp_heif_encoder *enc = userdata;
    for (const uint8_t *at = data; size > 0 && !enc->refused;) {
        size_t n = size < 65536 ? size : 65536;
        if (enc->write(enc->ctx, at, n) != 0) enc->refused = 1;
        else tp_crash_point(TP_CRASH_OUTPUT_STARTED);
        at += n;
        size -= n;
    }
    if (enc->refused)
        return (struct heif_error){heif_error_Encoding_error, heif_suberror_Cannot_write_output_data, "the output refused the data"};
    return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "ok"};
}

int tp_heif_encoder_finish(tp_heif_encoder *enc, char *msg, size_t msg_cap) {
    if (!enc || !enc->image || enc->next_row != enc->height)
        return tp_fail(TP_MISUSE, msg, msg_cap, "AVIF finished before all rows were written");
    struct heif_context *ctx = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    int code = ctx ? TP_OK : tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    // libheif's defaults for libaom (speed 6, 4 threads, all-intra), as heif-enc keeps them.
    if (code == TP_OK) code = heif_failure(heif_context_get_encoder_for_format(ctx, heif_compression_AV1, &encoder), msg, msg_cap);
    if (code == TP_OK) code = heif_failure(heif_encoder_set_lossy_quality(encoder, enc->quality), msg, msg_cap);
    if (code == TP_OK) code = heif_failure(heif_context_encode_image(ctx, enc->image, encoder, NULL, NULL), msg, msg_cap);
    // The planes are in libaom's stream now: let them go before the file is put together.
    heif_image_release(enc->image);
    enc->image = NULL;
    if (code == TP_OK) {
        struct heif_writer writer = {.writer_api_version = 1, .write = write_out};
        code = heif_failure(heif_context_write(ctx, &writer, enc), msg, msg_cap);
        if (enc->refused) code = tp_fail(TP_IO, msg, msg_cap, "the output refused the data");
    }
    if (encoder) heif_encoder_release(encoder);
    if (ctx) heif_context_free(ctx);
    return code;
}

void tp_heif_encoder_close(tp_heif_encoder *enc) {
    if (!enc) return;
    if (enc->image) heif_image_release(enc->image);
    free(enc->upper);
    free(enc);
}
