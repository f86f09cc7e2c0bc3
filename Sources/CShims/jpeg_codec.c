// JPEG codec glue for libjpeg-turbo (see tp_jpeg.h for the contract).
//
// libjpeg reports errors by calling error_exit, which must not return. Ours (jpeg_shared.h) formats
// libjpeg's message and longjmps back to the setjmp at the top of whichever tp_jpeg_* function is
// running, so the jump never leaves this file. After a jump the libjpeg object is unusable; the
// failure is remembered and every later call returns it.
#include "tp_jpeg.h"
#include "jpeg_shared.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>


// MARK: - Decoder

struct tp_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;  // first, so callbacks can cast cinfo back
    tp_error_mgr err;
    struct jpeg_progress_mgr progress;
    int created, max_scans, cmyk, inverted;
    int streamed, started;                // read through tp_stream_src; decompression started
    int multiple_scans;                   // the whole input is absorbed by jpeg_start_decompress
    int cropped;                          // tp_jpeg_decoder_crop limited the rows and columns
    JDIMENSION end_row;                   // when cropped: the output row read_rows stops before
    JDIMENSION first_row;                 // when cropped: the first output row read_rows gives
    JOCTET *icc;                          // malloc'd by jpeg_read_icc_profile
    unsigned int icc_len;
    JSAMPLE *scratch;                     // one CMYK row before conversion
};

/// Caps the number of progressive scans: a few-kilobyte file with hundreds of thousands of
/// tiny scans would otherwise keep libjpeg busy for minutes (libjpeg-turbo's own advice).
static void on_progress(j_common_ptr cinfo) {
    tp_jpeg_decoder *dec = (tp_jpeg_decoder *)cinfo;
    if (dec->cinfo.input_scan_number > dec->max_scans) {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "progressive JPEG has more than %d scans", dec->max_scans);
        fail_now(cinfo, TP_TOO_MANY_SCANS, text);
    }
}

/// A libjpeg source that asks the caller's read callback for the next piece of the file whenever
/// libjpeg has used up the last one. Without a callback (detached after a progressive file's
/// scans are absorbed, or a callback at its end) the data has ended: libjpeg gets the fake EOI
/// and the warning that jpeg_mem_src gives there, so a file cut short reads as one cut short.
typedef struct {
    struct jpeg_source_mgr pub;  // first, so cinfo->src casts back
    tp_read_fn read;
    void *ctx;
    JOCTET *buffer;
    size_t capacity;
} tp_stream_src;

static void stream_init(j_decompress_ptr cinfo) { (void)cinfo; }
static void stream_term(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean stream_fill(j_decompress_ptr cinfo) {
    tp_stream_src *src = (tp_stream_src *)cinfo->src;
    size_t got = 0;
    if (src->read && src->read(src->ctx, src->buffer, src->capacity, &got) != 0)
        fail_now((j_common_ptr)cinfo, TP_IO, "the JPEG data could not be read");
    if (got == 0 || got > src->capacity) {
        WARNMS(cinfo, JWRN_JPEG_EOF);
        src->buffer[0] = 0xFF;
        src->buffer[1] = JPEG_EOI;
        got = 2;
    }
    src->pub.next_input_byte = src->buffer;
    src->pub.bytes_in_buffer = got;
    return TRUE;
}

static void stream_skip(j_decompress_ptr cinfo, long count) {
    tp_stream_src *src = (tp_stream_src *)cinfo->src;
    if (count <= 0) return;
    while ((size_t)count > src->pub.bytes_in_buffer) {
        count -= (long)src->pub.bytes_in_buffer;
        stream_fill(cinfo);
    }
    src->pub.next_input_byte += count;
    src->pub.bytes_in_buffer -= (size_t)count;
}

/// Allocates a decoder whose errors come back to the caller's setjmp; NULL when out of memory.
static tp_jpeg_decoder *decoder_new(int max_scans) {
    tp_jpeg_decoder *dec = calloc(1, sizeof *dec);
    if (!dec) return NULL;
    dec->max_scans = max_scans;
    dec->cinfo.err = init_errors(&dec->err, TP_DAMAGED);
    return dec;
}

/// Creates the libjpeg object with the scan cap; the caller then gives it a source.
static void decoder_create(tp_jpeg_decoder *dec) {
    jpeg_create_decompress(&dec->cinfo);
    dec->created = 1;
    dec->progress.progress_monitor = on_progress;
    dec->cinfo.progress = &dec->progress;
}

/// Reads the markers up to the first scan: the frame, the ICC profile, the colour model.
static void decoder_read_header(tp_jpeg_decoder *dec) {
    j_decompress_ptr cinfo = &dec->cinfo;
    jpeg_save_markers(cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);
    dec->multiple_scans = jpeg_has_multiple_scans(cinfo) ? 1 : 0;
    if (!jpeg_read_icc_profile(cinfo, &dec->icc, &dec->icc_len)) {
        dec->icc = NULL;
        dec->icc_len = 0;
    }
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) {
        cinfo->out_color_space = JCS_CMYK;  // libjpeg turns YCCK into CMYK; we do CMYK -> RGB
        dec->cmyk = 1;
        dec->inverted = cinfo->saw_Adobe_marker;  // Adobe (Photoshop) stores CMYK inverted
    } else {
        cinfo->out_color_space = JCS_EXT_RGB;  // straight to packed RGB, greyscale included
    }
}

/// Checks the pixel limit, then starts decompression at `scale_eighths`/8 of the size (libjpeg's
/// DCT scaling) (which absorbs every scan of a progressive file) and refuses a progressive file
/// whose scans stop early.
static void decoder_start(tp_jpeg_decoder *dec, uint64_t max_pixels, int scale_eighths) {
    j_decompress_ptr cinfo = &dec->cinfo;
    if ((uint64_t)cinfo->image_width * cinfo->image_height > max_pixels) {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "image is %u×%u pixels, over the limit of %llu pixels",
                 cinfo->image_width, cinfo->image_height, (unsigned long long)max_pixels);
        fail_now((j_common_ptr)cinfo, TP_TOO_LARGE, text);
    }
    cinfo->scale_num = (unsigned int)scale_eighths;
    cinfo->scale_denom = 8;
    dec->started = 1;
    jpeg_start_decompress(cinfo);  // consumes every scan of a progressive file
    if (dec->err.hit_eof && !progression_complete(cinfo))
        fail_now((j_common_ptr)cinfo, TP_DAMAGED,
                 "Premature end of JPEG file: progressive scans are missing");
    if (dec->cmyk) {
        dec->scratch = malloc((size_t)cinfo->output_width * 4);
        if (!dec->scratch) fail_now((j_common_ptr)cinfo, TP_NOMEM, "out of memory");
    }
}

/// libjpeg-turbo scales by M/8 for M 1..16; we only ever reduce.
static int valid_scale(int scale_eighths) { return scale_eighths >= 1 && scale_eighths <= 8; }

/// What a decoder reads: the whole file in memory, or the caller's read callback.
typedef struct {
    const void *bytes;
    size_t len;
    tp_read_fn read;
    void *ctx;
    size_t chunk;
} tp_input;

/// Gives the decoder its source: jpeg_mem_src, or a tp_stream_src (allocated in libjpeg's
/// permanent pool, so freed with the decoder).
static void decoder_give_input(tp_jpeg_decoder *dec, const tp_input *in) {
    if (!in->read) {
        jpeg_mem_src(&dec->cinfo, in->bytes, (unsigned long)in->len);
        return;
    }
    j_common_ptr common = (j_common_ptr)&dec->cinfo;
    tp_stream_src *src = (*common->mem->alloc_small)(common, JPOOL_PERMANENT, sizeof *src);
    src->buffer = (*common->mem->alloc_large)(common, JPOOL_PERMANENT, in->chunk);
    src->capacity = in->chunk;
    src->read = in->read;
    src->ctx = in->ctx;
    src->pub.init_source = stream_init;
    src->pub.fill_input_buffer = stream_fill;
    src->pub.skip_input_data = stream_skip;
    src->pub.resync_to_restart = jpeg_resync_to_restart;
    src->pub.term_source = stream_term;
    src->pub.bytes_in_buffer = 0;
    src->pub.next_input_byte = NULL;
    dec->cinfo.src = &src->pub;
    dec->streamed = 1;
}

/// Creates a decoder on `in` and reads its headers; with `start`, starts it too.
static int decoder_open(const tp_input *in, int max_scans, int start, uint64_t max_pixels, int scale_eighths,
                        tp_jpeg_decoder **out, char *msg, size_t msg_cap) {
    tp_jpeg_decoder *dec = decoder_new(max_scans);
    if (!dec) return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    TP_JPEG_GUARD_OPEN(dec, tp_jpeg_decoder_close, msg, msg_cap);
    decoder_create(dec);
    decoder_give_input(dec, in);
    decoder_read_header(dec);
    if (start) decoder_start(dec, max_pixels, scale_eighths);
    *out = dec;
    return TP_OK;
}

int tp_jpeg_decoder_open(const void *bytes, size_t len, uint64_t max_pixels, int max_scans,
                         int scale_eighths, tp_jpeg_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0 || len > 0xFFFFFFFFu || max_scans < 1 || !valid_scale(scale_eighths))
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid decoder arguments");
    tp_input in = {.bytes = bytes, .len = len};
    return decoder_open(&in, max_scans, 1, max_pixels, scale_eighths, out, msg, msg_cap);
}

int tp_jpeg_decoder_open_stream(tp_read_fn read, void *ctx, size_t chunk, int max_scans,
                                tp_jpeg_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!read || chunk < 2 || chunk > 0x7FFFFFFFu || max_scans < 1)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid decoder arguments");
    tp_input in = {.read = read, .ctx = ctx, .chunk = chunk};
    return decoder_open(&in, max_scans, 0, 0, 8, out, msg, msg_cap);
}

int tp_jpeg_decoder_start(tp_jpeg_decoder *dec, uint64_t max_pixels, int scale_eighths, char *msg, size_t msg_cap) {
    if (!dec || !valid_scale(scale_eighths) || !dec->streamed || dec->started)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid start arguments");
    TP_JPEG_GUARD(dec, msg, msg_cap);
    decoder_start(dec, max_pixels, scale_eighths);
    // Every scan is in the coefficient buffer now: the rows need no more input.
    if (dec->multiple_scans) ((tp_stream_src *)dec->cinfo.src)->read = NULL;
    return TP_OK;
}

int tp_jpeg_decoder_crop(tp_jpeg_decoder *dec, int x, int y, int width, int height, int *got_x, int *got_width,
                         char *msg, size_t msg_cap) {
    if (!dec || !dec->started || dec->cropped || dec->cinfo.output_scanline != 0 || x < 0 || y < 0 || width < 1 ||
        height < 1 || (JDIMENSION)x + (JDIMENSION)width > dec->cinfo.output_width ||
        (JDIMENSION)y + (JDIMENSION)height > dec->cinfo.output_height || !got_x || !got_width)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid crop arguments");
    TP_JPEG_GUARD(dec, msg, msg_cap);
    j_decompress_ptr cinfo = &dec->cinfo;
    JDIMENSION left = (JDIMENSION)x, columns = (JDIMENSION)width;
    // Widened by libjpeg to whole iMCU columns: the caller cuts the rest.
    if (columns < cinfo->output_width) jpeg_crop_scanline(cinfo, &left, &columns);
    else left = 0;
    // The rows above are entropy-decoded (a scan has no index) but never inverse-transformed.
    if (y > 0 && jpeg_skip_scanlines(cinfo, (JDIMENSION)y) != (JDIMENSION)y)
        fail_now((j_common_ptr)cinfo, TP_DAMAGED, "decoder made no progress");
    dec->cropped = 1;
    dec->first_row = (JDIMENSION)y;
    dec->end_row = (JDIMENSION)y + (JDIMENSION)height;
    *got_x = (int)left;
    *got_width = (int)cinfo->output_width;
    return TP_OK;
}

void tp_jpeg_decoder_info(const tp_jpeg_decoder *dec, tp_jpeg_info *info) {
    const struct jpeg_decompress_struct *c = &dec->cinfo;
    info->width = (int)c->output_width;
    info->height = dec->cropped ? (int)(dec->end_row - dec->first_row) : (int)c->output_height;
    info->stored_width = (int)c->image_width;
    info->stored_height = (int)c->image_height;
    info->components = c->num_components;
    info->cmyk = dec->cmyk;
    info->adobe_inverted = dec->inverted;
    info->progressive = c->progressive_mode ? 1 : 0;
    info->multiple_scans = dec->multiple_scans;
}

void tp_jpeg_decoder_icc(const tp_jpeg_decoder *dec, const uint8_t **data, size_t *len) {
    *data = dec->icc;
    *len = dec->icc ? dec->icc_len : 0;
}

const char *tp_jpeg_decoder_warning(const tp_jpeg_decoder *dec) {
    return dec->err.warning[0] ? dec->err.warning : NULL;
}

int tp_jpeg_decoder_read_rows(tp_jpeg_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                              int *done, char *msg, size_t msg_cap) {
    *done = 0;
    if (!dec || !buf || nrows < 0) return tp_fail(TP_MISUSE, msg, msg_cap, "invalid read arguments");
    TP_JPEG_GUARD(dec, msg, msg_cap);
    j_decompress_ptr cinfo = &dec->cinfo;
    JDIMENSION end = dec->cropped ? dec->end_row : cinfo->output_height;
    while (*done < nrows && cinfo->output_scanline < end) {
        uint8_t *target = buf + (size_t)*done * stride;
        JDIMENSION n;
        if (dec->cmyk) {
            JSAMPROW row = dec->scratch;
            n = jpeg_read_scanlines(cinfo, &row, 1);
            if (n == 1) cmyk_to_rgb(dec->scratch, target, cinfo->output_width, dec->inverted);
        } else {
            JSAMPROW rows[16];
            int want = nrows - *done < 16 ? nrows - *done : 16;
            if ((JDIMENSION)want > end - cinfo->output_scanline) want = (int)(end - cinfo->output_scanline);
            for (int i = 0; i < want; i++) rows[i] = target + (size_t)i * stride;
            n = jpeg_read_scanlines(cinfo, rows, (JDIMENSION)want);
        }
        if (n == 0) fail_now((j_common_ptr)cinfo, TP_DAMAGED, "decoder made no progress");
        *done += (int)n;
    }
    // jpeg_finish_decompress is not called: it would only read past the last scan to EOI, and
    // trailing junk there must not turn a fully decoded picture into an error.
    return TP_OK;
}

void tp_jpeg_decoder_close(tp_jpeg_decoder *dec) {
    if (!dec) return;
    if (dec->created) jpeg_destroy_decompress(&dec->cinfo);
    free(dec->icc);
    free(dec->scratch);
    free(dec);
}

// MARK: - Encoder

struct tp_jpeg_encoder {
    struct jpeg_compress_struct cinfo;
    tp_error_mgr err;
    tp_dest dest;
    int created, height;
};

int tp_jpeg_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int subsample420, int dpi, const uint8_t *icc, size_t icc_len,
                         tp_jpeg_encoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (width < 1 || height < 1 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION)
        return tp_fail(TP_MISUSE, msg, msg_cap, "JPEG size must be 1 to 65500 pixels a side");
    if ((channels != 3 && channels != 4) || quality < 1 || quality > 100 || !write ||
        (icc_len && !icc) || icc_len > 255u * 65519u || dpi < 0 || dpi > 65535)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid encoder arguments");
    tp_jpeg_encoder *enc = calloc(1, sizeof *enc);
    if (!enc) return tp_fail(TP_NOMEM, msg, msg_cap, "out of memory");
    enc->height = height;
    enc->dest.sink.write = write;
    enc->dest.sink.ctx = ctx;
    enc->cinfo.err = init_errors(&enc->err, TP_MISUSE);
    TP_JPEG_GUARD_OPEN(enc, tp_jpeg_encoder_close, msg, msg_cap);
    j_compress_ptr cinfo = &enc->cinfo;
    jpeg_create_compress(cinfo);
    enc->created = 1;
    enc->dest.pub.init_destination = dest_init;
    enc->dest.pub.empty_output_buffer = dest_empty;
    enc->dest.pub.term_destination = dest_term;
    cinfo->dest = &enc->dest.pub;
    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = channels;
    cinfo->in_color_space = channels == 4 ? JCS_EXT_RGBX : JCS_EXT_RGB;
    jpeg_set_defaults(cinfo);  // YCbCr, 4:2:0, islow DCT, no Huffman optimisation: as cjpeg
    jpeg_set_quality(cinfo, quality, TRUE);
    if (!subsample420) {
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    if (dpi) {  // JFIF density in dots per inch; without it, libjpeg's 1:1 aspect and no unit
        cinfo->density_unit = 1;
        cinfo->X_density = (UINT16)dpi;
        cinfo->Y_density = (UINT16)dpi;
    }
    jpeg_start_compress(cinfo, TRUE);
    if (icc_len) jpeg_write_icc_profile(cinfo, icc, (unsigned int)icc_len);
    *out = enc;
    return TP_OK;
}

int tp_jpeg_encoder_write_rows(tp_jpeg_encoder *enc, const uint8_t *rows, size_t stride,
                               int nrows, char *msg, size_t msg_cap) {
    if (!enc || !rows || nrows < 0 || (JDIMENSION)nrows > enc->cinfo.image_height - enc->cinfo.next_scanline)
        return tp_fail(TP_MISUSE, msg, msg_cap, "invalid rows for the JPEG encoder");
    TP_JPEG_GUARD(enc, msg, msg_cap);
    int written = 0;
    while (written < nrows) {
        JSAMPROW batch[16];
        int n = nrows - written < 16 ? nrows - written : 16;
        for (int i = 0; i < n; i++) batch[i] = (JSAMPROW)(rows + (size_t)(written + i) * stride);
        written += (int)jpeg_write_scanlines(&enc->cinfo, batch, (JDIMENSION)n);
    }
    return TP_OK;
}

int tp_jpeg_encoder_finish(tp_jpeg_encoder *enc, char *msg, size_t msg_cap) {
    if (!enc || enc->cinfo.next_scanline != enc->cinfo.image_height)
        return tp_fail(TP_MISUSE, msg, msg_cap, "JPEG finished before all rows were written");
    TP_JPEG_GUARD(enc, msg, msg_cap);
    jpeg_finish_compress(&enc->cinfo);
    return TP_OK;
}

void tp_jpeg_encoder_close(tp_jpeg_encoder *enc) {
    if (!enc) return;
    if (enc->created) jpeg_destroy_compress(&enc->cinfo);
    free(enc);
}
