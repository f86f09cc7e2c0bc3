// PNG codec glue for libpng (see tp_png.h for the contract).
//
// libpng reports errors by calling our error function, which records libpng's message and
// longjmps (png_longjmp) to the setjmp(png_jmpbuf) at the top of whichever tp_png_* function is
// running, so the jump never leaves this file. After a jump the png struct is unusable; the
// failure is remembered and every later call returns it.
#include "tp_png.h"
#include "shim_sink.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

// MARK: - Errors

typedef struct {
    int code;           // TP_* to return after the jump; OK until a failure
    int default_code;   // what a plain libpng error means for this object
    char message[256];
    char warning[256];  // the first warning
    int armed;          // png_jmpbuf holds the frame of a tp_png_* function that is running
} tp_png_errors;

static void on_png_error(png_structp png, png_const_charp text) {
    tp_png_errors *err = png_get_error_ptr(png);
    // png_jmpbuf keeps the frame of the last setjmp after its function returns: a libpng error
    // raised outside every tp_png_* function would jump into a dead frame. No path calls libpng
    // there; if one ever did, stop here rather than corrupt the stack.
    if (!err->armed) abort();
    if (err->code == TP_OK) {  // a failure we detected ourselves is already recorded
        err->code = err->default_code;
        snprintf(err->message, sizeof err->message, "%s", text);
    }
    png_longjmp(png, 1);
}

// libpng warns about problems it can step over: a bad CRC in an ancillary chunk (dropped), an
// iCCP profile it rejects (dropped), extra data after the image. The pixels are intact, so these
// stay warnings; the first is kept for the caller to show.
static void on_png_warning(png_structp png, png_const_charp text) {
    tp_png_errors *err = png_get_error_ptr(png);
    if (!err->warning[0]) snprintf(err->warning, sizeof err->warning, "%s", text);
}

/// Makes the png struct of a decoder (`writing` 0) or an encoder, reporting to `err` with plain
/// libpng errors meaning `default_code`, and its info struct; 0 when out of memory.
static int make_structs(tp_png_errors *err, int default_code, int writing, png_structp *png, png_infop *info) {
    err->default_code = default_code;
    err->armed = 1;  // libpng's own setjmp catches an error while it creates the struct
    *png = writing ? png_create_write_struct(PNG_LIBPNG_VER_STRING, err, on_png_error, on_png_warning)
                   : png_create_read_struct(PNG_LIBPNG_VER_STRING, err, on_png_error, on_png_warning);
    err->armed = 0;
    if (*png) *info = png_create_info_struct(*png);
    return *info != NULL;
}

// The prologue of every public function that calls libpng: a failed object stays failed (after a
// jump its png struct is unusable, so the first failure comes back again), then the setjmp that
// on_png_error's png_longjmp lands on, where the failure is returned, and `armed` set until the
// function disarms it on its way out. setjmp must run in the frame it returns to and stand alone
// in a condition (C17 7.13.1.1): hence macros, and two ifs. `obj` is a decoder or an encoder.

/// Returns the failure recorded in `obj->err`, the message copied into `msg`, disarmed.
#define PNG_RETURN_FAILURE(obj, msg, cap)                       \
    do {                                                        \
        tp_copy_message(msg, cap, (obj)->err.message);          \
        (obj)->err.armed = 0;                                   \
        return (obj)->err.code;                                 \
    } while (0)

/// The prologue of a call on `obj`, which exists: returns its earlier failure, or sets the jump
/// back to here, which returns the new failure.
#define PNG_GUARD(obj, msg, cap)                                \
    do {                                                        \
        if ((obj)->err.code != TP_OK) PNG_RETURN_FAILURE(obj, msg, cap); \
        if (setjmp(png_jmpbuf((obj)->png))) PNG_RETURN_FAILURE(obj, msg, cap); \
        (obj)->err.armed = 1;                                   \
    } while (0)

/// The prologue of the function that makes `obj`: the jump back to here closes `obj` with `close`
/// and returns the failure.
#define PNG_GUARD_OPEN(obj, close, msg, cap)                    \
    do {                                                        \
        if (setjmp(png_jmpbuf((obj)->png))) {                   \
            tp_copy_message(msg, cap, (obj)->err.message);      \
            int code_ = (obj)->err.code;                        \
            (obj)->err.armed = 0;                               \
            close(obj);                                         \
            return code_;                                       \
        }                                                       \
        (obj)->err.armed = 1;                                   \
    } while (0)

/// Records a failure of our own and lets libpng unwind through on_png_error.
static _Noreturn void fail_now(png_structp png, tp_png_errors *err, int code, const char *text) {
    err->code = code;
    snprintf(err->message, sizeof err->message, "%s", text);
    png_error(png, err->message);
}

/// Cameras and Photoshop embed the 3144-byte "sRGB IEC61966-2.1" profile, which libpng knows and
/// calls incorrect (its media white point is off); by default it refuses to write it. The pixels
/// are the camera's either way and we pass the profile on byte for byte, so skip that check.
/// Other problems libpng finds in a profile stay benign: the profile is dropped with a warning
/// rather than failing the export (libpng's default for writing is to fail).
static void accept_known_profiles(png_structp png) {
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    png_set_benign_errors(png, 1);
}

// MARK: - Decoder

struct tp_png_decoder {
    png_structp png;
    png_infop info;
    tp_png_errors err;
    uint8_t *data;          // our copy of the file
    size_t len, pos;
    tp_png_info shape;
    size_t rowbytes;
    int next_row;
    int ended;              // png_read_end has run (or failed, as a warning)
    uint8_t *image;         // the whole image, for interlaced files only
    png_bytep *row_pointers;
};

static void read_from_memory(png_structp png, png_bytep out, size_t n) {
    tp_png_decoder *dec = png_get_io_ptr(png);
    if (n > dec->len - dec->pos) fail_now(png, &dec->err, TP_DAMAGED, "file is truncated");
    memcpy(out, dec->data + dec->pos, n);
    dec->pos += n;
}

int tp_png_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                        tp_png_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0) return tp_fail(TP_MISUSE, msg, msg_cap, "invalid decoder arguments");
    tp_png_decoder *dec = calloc(1, sizeof *dec);
    if (dec) dec->data = malloc(len);
    if (!dec || !dec->data || !make_structs(&dec->err, TP_DAMAGED, 0, &dec->png, &dec->info)) {
        tp_png_decoder_close(dec);
        return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    memcpy(dec->data, bytes, len);
    dec->len = len;
    PNG_GUARD_OPEN(dec, tp_png_decoder_close, msg, msg_cap);
    png_structp png = dec->png;
    png_infop info = dec->info;
    png_set_read_fn(png, dec, read_from_memory);
    png_set_user_limits(png, 0x7FFFFFFF, 0x7FFFFFFF);  // our pixel limit applies instead
    accept_known_profiles(png);
    png_read_info(png, info);

    png_uint_32 width, height;
    int depth, colour, interlace;
    png_get_IHDR(png, info, &width, &height, &depth, &colour, &interlace, NULL, NULL);
    if ((uint64_t)width * height > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "image is %u×%u pixels, over the limit of %llu pixels",
                 width, height, (unsigned long long)max_pixels);
        fail_now(png, &dec->err, TP_TOO_LARGE, text);
    }
    if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);  // rounds, where strip_16 would truncate
    if (colour == PNG_COLOR_TYPE_GRAY || colour == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (interlace != PNG_INTERLACE_NONE) png_set_interlace_handling(png);
    png_read_update_info(png, info);

    dec->shape = (tp_png_info){
        .width = (int)width, .height = (int)height, .channels = png_get_channels(png, info),
        .bit_depth = depth, .color_type = colour, .interlaced = interlace != PNG_INTERLACE_NONE,
    };
    dec->rowbytes = png_get_rowbytes(png, info);
    if ((dec->shape.channels != 3 && dec->shape.channels != 4) || png_get_bit_depth(png, info) != 8 ||
        dec->rowbytes != (size_t)width * (size_t)dec->shape.channels)
        fail_now(png, &dec->err, TP_DAMAGED, "unexpected sample layout after conversion");
    *out = dec;
    dec->err.armed = 0;
    return TP_OK;
}

void tp_png_decoder_info(const tp_png_decoder *dec, tp_png_info *info) { *info = dec->shape; }

void tp_png_decoder_icc(const tp_png_decoder *dec, const uint8_t **data, size_t *len) {
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 size;
    if (png_get_iCCP(dec->png, dec->info, &name, &compression, &profile, &size) == PNG_INFO_iCCP) {
        *data = profile;
        *len = size;
    } else {
        *data = NULL;
        *len = 0;
    }
}

const char *tp_png_decoder_warning(const tp_png_decoder *dec) {
    return dec->err.warning[0] ? dec->err.warning : NULL;
}

/// Adam7 spreads every row over seven passes, so an interlaced image is decoded whole.
static void decode_whole_image(tp_png_decoder *dec) {
    size_t height = (size_t)dec->shape.height;
    if (dec->rowbytes > SIZE_MAX / height) fail_now(dec->png, &dec->err, TP_NOMEM, "out of memory");
    dec->image = malloc(dec->rowbytes * height);
    dec->row_pointers = malloc(height * sizeof *dec->row_pointers);
    if (!dec->image || !dec->row_pointers) fail_now(dec->png, &dec->err, TP_NOMEM, "out of memory");
    for (size_t y = 0; y < height; y++) dec->row_pointers[y] = dec->image + y * dec->rowbytes;
    png_read_image(dec->png, dec->row_pointers);
}

/// After the last row: reads the chunks up to IEND under a setjmp of its own, so that a file that
/// ends early (IEND missing) or has a damaged chunk there is a warning, never an error: chunks
/// after the image data cannot change the pixels, which are all decoded by now.
static void read_to_the_end(tp_png_decoder *dec) {
    dec->ended = 1;
    if (setjmp(png_jmpbuf(dec->png))) {
        if (!dec->err.warning[0])
            snprintf(dec->err.warning, sizeof dec->err.warning, "after the image data: %s", dec->err.message);
        dec->err.code = TP_OK;  // the png struct is not used again: every row has been read
        return;
    }
    dec->err.armed = 1;
    png_read_end(dec->png, NULL);
}

int tp_png_decoder_read_rows(tp_png_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                             int *done, char *msg, size_t msg_cap) {
    *done = 0;
    if (!dec || !buf || nrows < 0) return tp_fail(TP_MISUSE, msg, msg_cap, "invalid read arguments");
    PNG_GUARD(dec, msg, msg_cap);
    if (dec->shape.interlaced && !dec->image) decode_whole_image(dec);
    while (*done < nrows && dec->next_row < dec->shape.height) {
        uint8_t *target = buf + (size_t)*done * stride;
        if (dec->image)
            memcpy(target, dec->image + (size_t)dec->next_row * dec->rowbytes, dec->rowbytes);
        else
            png_read_row(dec->png, target, NULL);
        dec->next_row++;
        *done += 1;
    }
    if (dec->next_row == dec->shape.height && !dec->ended) read_to_the_end(dec);
    dec->err.armed = 0;
    return TP_OK;
}

void tp_png_decoder_close(tp_png_decoder *dec) {
    if (!dec) return;
    if (dec->png) png_destroy_read_struct(&dec->png, dec->info ? &dec->info : NULL, NULL);
    free(dec->row_pointers);
    free(dec->image);
    free(dec->data);
    free(dec);
}

// MARK: - Encoder

struct tp_png_encoder {
    png_structp png;
    png_infop info;
    tp_png_errors err;
    int height, next_row;
    tp_sink sink;           // libpng writes in small pieces; the sink gets big ones
};

static void write_staged(png_structp png, png_bytep data, size_t n) {
    tp_png_encoder *enc = png_get_io_ptr(png);
    if (tp_sink_put(&enc->sink, data, n) != 0) fail_now(png, &enc->err, TP_IO, "the output refused the data");
}

static void flush_staged(png_structp png) {
    tp_png_encoder *enc = png_get_io_ptr(png);
    if (tp_sink_drain(&enc->sink) != 0) fail_now(png, &enc->err, TP_IO, "the output refused the data");
}

int tp_png_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int zlib_level,
                        int adaptive_filters, int dpi, const uint8_t *icc, size_t icc_len, tp_png_encoder **out,
                        char *msg, size_t msg_cap) {
    *out = NULL;
    if (width < 1 || height < 1 || (channels != 3 && channels != 4) || zlib_level < 0 ||
        zlib_level > 9 || !write || (icc_len && !icc) || icc_len > 0x7FFFFFFF || dpi < 0 || dpi > 65535)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid encoder arguments");
    tp_png_encoder *enc = calloc(1, sizeof *enc);
    if (!enc || !make_structs(&enc->err, TP_MISUSE, 1, &enc->png, &enc->info)) {
        tp_png_encoder_close(enc);
        return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    }
    enc->sink.write = write;
    enc->sink.ctx = ctx;
    enc->height = height;
    PNG_GUARD_OPEN(enc, tp_png_encoder_close, msg, msg_cap);
    png_set_write_fn(enc->png, enc, write_staged, flush_staged);
    png_set_IHDR(enc->png, enc->info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(enc->png, zlib_level);
    if (!adaptive_filters) png_set_filter(enc->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    accept_known_profiles(enc->png);
    if (icc_len)  // libpng validates the profile; one it rejects is dropped with a warning
        png_set_iCCP(enc->png, enc->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_len);
    if (dpi) {  // pHYs counts pixels per metre: an inch is 0.0254 m
        png_uint_32 per_metre = (png_uint_32)((dpi * 10000 + 127) / 254);
        png_set_pHYs(enc->png, enc->info, per_metre, per_metre, PNG_RESOLUTION_METER);
    }
    png_write_info(enc->png, enc->info);
    *out = enc;
    enc->err.armed = 0;
    return TP_OK;
}

int tp_png_encoder_write_rows(tp_png_encoder *enc, const uint8_t *rows, size_t stride,
                              int nrows, char *msg, size_t msg_cap) {
    if (!enc || !rows || nrows < 0 || nrows > enc->height - enc->next_row)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid rows for the PNG encoder");
    PNG_GUARD(enc, msg, msg_cap);
    for (int i = 0; i < nrows; i++) {
        png_write_row(enc->png, rows + (size_t)i * stride);
        enc->next_row++;
    }
    enc->err.armed = 0;
    return TP_OK;
}

int tp_png_encoder_finish(tp_png_encoder *enc, char *msg, size_t msg_cap) {
    if (!enc || enc->next_row != enc->height)
        return tp_fail(TP_MISUSE, msg, msg_cap, "PNG finished before all rows were written");
    PNG_GUARD(enc, msg, msg_cap);
    png_write_end(enc->png, NULL);
    flush_staged(enc->png);
    enc->err.armed = 0;
    return TP_OK;
}

void tp_png_encoder_close(tp_png_encoder *enc) {
    if (!enc) return;
    if (enc->png) png_destroy_write_struct(&enc->png, enc->info ? &enc->info : NULL);
    free(enc);
}
