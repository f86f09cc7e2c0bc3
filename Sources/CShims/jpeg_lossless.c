// Lossless JPEG export (see tp_jpeg_lossless.h for the contract).
//
// The source's coefficients are read once and kept in libjpeg's virtual block arrays. A rectangle
// is decoded by writing its blocks (and one MCU around it, for the chroma upsampling at its edges)
// into a small in-memory JPEG and decompressing that; it is re-encoded by compressing the painted
// pixels into another in-memory JPEG made with jpeg_copy_critical_parameters (the source's colour
// space, sampling and quantization tables) and copying that JPEG's blocks over the rectangle's.
// Because the rectangle starts on an MCU boundary, its blocks line up with the source's in every
// component, and libjpeg's encoder does the colour conversion, downsampling, forward DCT and
// quantization exactly as it would for the whole picture.
//
// The error manager, warning policy, CMYK conversion and sink destination are the row codec's
// (jpeg_shared.h). One error manager serves every libjpeg object of a transcoder; each public function sets the
// jump target, and a failure destroys the temporary objects it had made. Turning, cropping and
// the MCU path's bands are jpeg_lossless_turn.c's.
#include "jpeg_lossless_private.h"

// MARK: - Errors

static void on_progress(j_common_ptr cinfo) {
    tp_lossless *t = (tp_lossless *)cinfo;  // src is the first member
    if (t->src.input_scan_number > t->max_scans) {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "progressive JPEG has more than %d scans", t->max_scans);
        fail_now(cinfo, TP_TOO_MANY_SCANS, text);
    }
}

/// Destroys what the failed or finished call had made.
void tp_ll_drop_temporaries(tp_lossless *t) {
    if (t->tmp_c_created) jpeg_destroy_compress(&t->tmp_c);
    if (t->tmp_d_created) jpeg_destroy_decompress(&t->tmp_d);
    t->tmp_c_created = t->tmp_d_created = 0;
    free(t->mem);
    t->mem = NULL;
    t->mem_len = 0;
    free(t->row);
    t->row = NULL;
}


void *tp_ll_alloc_or_fail(tp_lossless *t, size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) fail_now((j_common_ptr)&t->src, TP_NOMEM, "out of memory");
    return p;
}

// MARK: - Open

/// A new transcoder with its error manager; NULL (and the reason in `msg`) when out of memory.
tp_lossless *tp_ll_new_transcoder(int max_scans, char *msg, size_t msg_cap) {
    tp_lossless *t = calloc(1, sizeof *t);
    if (!t) {
        tp_copy_message(msg, msg_cap, "out of memory");
        return NULL;
    }
    t->max_scans = max_scans;
    t->src.err = init_errors(&t->err, TP_DAMAGED);
    return t;
}

/// After the caller's setjmp: reads the headers of the JPEG in `bytes` into t->src, watching the
/// scans and keeping the ICC profile's markers when the whole picture is to be read.
j_decompress_ptr tp_ll_read_headers(tp_lossless *t, const void *bytes, size_t len, int whole) {
    j_decompress_ptr src = &t->src;
    jpeg_create_decompress(src);
    t->src_created = 1;
    if (whole) {
        t->progress.progress_monitor = on_progress;
        src->progress = &t->progress;
        jpeg_save_markers(src, JPEG_APP0 + 2, 0xFFFF);
    }
    jpeg_mem_src(src, bytes, (unsigned long)len);  // read to the end here: no copy needed
    jpeg_read_header(src, TRUE);
    t->cmyk = src->jpeg_color_space == JCS_CMYK || src->jpeg_color_space == JCS_YCCK;
    t->inverted = src->saw_Adobe_marker;
    return src;
}

/// tp_lossless_open, and with `consuming` tp_lossless_open_consuming.
static int open_transcoder(const void *bytes, size_t len, uint64_t max_pixels, int max_scans, int consuming,
                           tp_lossless **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0 || len > 0xFFFFFFFFu || max_scans < 1) {
        tp_copy_message(msg, msg_cap, "invalid transcoder arguments");
        return TP_MISUSE;
    }
    tp_lossless *t = tp_ll_new_transcoder(max_scans, msg, msg_cap);
    if (!t) return TP_NOMEM;
    TP_JPEG_GUARD_OPEN(t, tp_lossless_close, msg, msg_cap);
    j_decompress_ptr src = tp_ll_read_headers(t, bytes, len, 1);
    if ((uint64_t)src->image_width * src->image_height > max_pixels) {
        char text[JMSG_LENGTH_MAX];
        snprintf(text, sizeof text, "image is %u×%u pixels, over the limit of %llu pixels",
                 src->image_width, src->image_height, (unsigned long long)max_pixels);
        fail_now((j_common_ptr)src, TP_TOO_LARGE, text);
    }
    if (src->data_precision != 8) fail_now((j_common_ptr)src, TP_DAMAGED, "only 8-bit JPEGs are supported");
    if (!jpeg_read_icc_profile(src, &t->icc, &t->icc_len)) {
        t->icc = NULL;
        t->icc_len = 0;
    }
    int own = consuming ? tp_ll_own_read(t, bytes, len) : TP_UNSUPPORTED;
    if (own == TP_RETRY) {
        tp_lossless_close(t);
        tp_copy_message(msg, msg_cap, "the progressive scans are left to libjpeg, with the photo read anew");
        return TP_RETRY;
    }
    if (own == TP_OK) {
        *out = t;
        return TP_OK;
    }
    t->coefs = jpeg_read_coefficients(src);
    if (t->err.hit_eof && !progression_complete(src))
        fail_now((j_common_ptr)src, TP_DAMAGED, "Premature end of JPEG file: progressive scans are missing");
    *out = t;
    return TP_OK;
}

int tp_lossless_open(const void *bytes, size_t len, uint64_t max_pixels, int max_scans,
                     tp_lossless **out, char *msg, size_t msg_cap) {
    return open_transcoder(bytes, len, max_pixels, max_scans, 0, out, msg, msg_cap);
}

int tp_lossless_open_consuming(void *bytes, size_t len, uint64_t max_pixels, int max_scans, tp_lossless **out,
                               char *msg, size_t msg_cap) {
    return open_transcoder(bytes, len, max_pixels, max_scans, 1, out, msg, msg_cap);
}

/// What `s` (its header read) tells of the picture.
static void fill_info(const struct jpeg_decompress_struct *s, int cmyk, tp_lossless_info *info) {
    info->width = (int)s->image_width;
    info->height = (int)s->image_height;
    info->mcu_width = DCTSIZE * s->max_h_samp_factor;
    info->mcu_height = DCTSIZE * s->max_v_samp_factor;
    info->components = s->num_components;
    info->cmyk = cmyk;
    info->progressive = s->progressive_mode ? 1 : 0;
    info->restart_interval = (int)s->restart_interval;
}

void tp_lossless_get_info(const tp_lossless *t, tp_lossless_info *info) { fill_info(&t->src, t->cmyk, info); }

int tp_lossless_probe(const void *bytes, size_t len, tp_lossless_info *info, char *msg, size_t msg_cap) {
    if (!bytes || len == 0 || len > 0xFFFFFFFFu) {
        tp_copy_message(msg, msg_cap, "invalid probe arguments");
        return TP_MISUSE;
    }
    struct jpeg_decompress_struct d;
    tp_error_mgr err;
    d.err = init_errors(&err, TP_DAMAGED);
    volatile int created = 0;  // changed after setjmp and read in its handler: volatile (C17 7.13.2.1)
    if (setjmp(err.jump)) {
        if (created) jpeg_destroy_decompress(&d);
        tp_copy_message(msg, msg_cap, err.message);
        return err.code;
    }
    jpeg_create_decompress(&d);
    created = 1;
    jpeg_mem_src(&d, bytes, (unsigned long)len);
    jpeg_read_header(&d, TRUE);
    fill_info(&d, d.jpeg_color_space == JCS_CMYK || d.jpeg_color_space == JCS_YCCK, info);
    jpeg_destroy_decompress(&d);
    return TP_OK;
}

const char *tp_lossless_warning(const tp_lossless *t) {
    return t->err.warning[0] ? t->err.warning : NULL;
}

// MARK: - Blocks

/// Whether [x0,x1)×[y0,y1) is a non-empty rectangle of the picture on MCU boundaries.
int tp_ll_aligned(const tp_lossless *t, int x0, int y0, int x1, int y1) {
    int mw = DCTSIZE * t->src.max_h_samp_factor, mh = DCTSIZE * t->src.max_v_samp_factor;
    int w = (int)t->src.image_width, h = (int)t->src.image_height;
    return x0 >= 0 && y0 >= 0 && x0 < x1 && y0 < y1 && x1 <= w && y1 <= h && x0 % mw == 0 && y0 % mh == 0 &&
           (x1 % mw == 0 || x1 == w) && (y1 % mh == 0 || y1 == h);
}

/// Block row `row` of the picture's component `ci`, from the own path's memory or libjpeg's arrays.
static JBLOCKROW coef_row(tp_lossless *t, int ci, int row, int writable) {
    if (t->own) return t->own_rows[ci][row];
    return (*t->src.mem->access_virt_barray)((j_common_ptr)&t->src, t->coefs[ci], (JDIMENSION)row, 1, (boolean)writable)[0];
}

/// Copies `bw × bh` blocks of the picture's component `ci` from (fx, fy) to (tx, ty) of `to`.
static void copy_from_picture(tp_lossless *t, int ci, int fx, int fy, j_common_ptr to_owner, jvirt_barray_ptr to, int tx,
                              int ty, int bw, int bh) {
    for (int y = 0; y < bh; y++) {
        JBLOCKARRAY d = (*to_owner->mem->access_virt_barray)(to_owner, to, (JDIMENSION)(ty + y), 1, TRUE);
        memcpy(d[0] + tx, coef_row(t, ci, fy + y, FALSE) + fx, (size_t)bw * sizeof(JBLOCK));
    }
}

/// Copies `bw × bh` blocks from (fx, fy) of `from` to (tx, ty) of the picture's component `ci`.
static void copy_into_picture(j_common_ptr from_owner, jvirt_barray_ptr from, int fx, int fy, tp_lossless *t, int ci,
                              int tx, int ty, int bw, int bh) {
    for (int y = 0; y < bh; y++) {
        JBLOCKARRAY f = (*from_owner->mem->access_virt_barray)(from_owner, from, (JDIMENSION)(fy + y), 1, FALSE);
        memcpy(coef_row(t, ci, ty + y, TRUE) + tx, f[0] + fx, (size_t)bw * sizeof(JBLOCK));
    }
}

/// The first block column and row of the rectangle starting at (x0, y0) in component `comp`.
static void first_block(const tp_lossless *t, const jpeg_component_info *comp, int x0, int y0, int *bx, int *by) {
    *bx = x0 / (DCTSIZE * t->src.max_h_samp_factor) * comp->h_samp_factor;
    *by = y0 / (DCTSIZE * t->src.max_v_samp_factor) * comp->v_samp_factor;
}

/// Sets up t->tmp_c as a compressor with the source's critical parameters for a `w × h` picture,
/// writing into t->mem.
static j_compress_ptr start_temporary_compressor(tp_lossless *t, int w, int h) {
    j_compress_ptr c = &t->tmp_c;
    c->err = &t->err.pub;
    jpeg_create_compress(c);
    t->tmp_c_created = 1;
    jpeg_mem_dest(c, &t->mem, &t->mem_len);
    jpeg_copy_critical_parameters(&t->src, c);
    c->image_width = (JDIMENSION)w;
    c->image_height = (JDIMENSION)h;
    c->restart_interval = 0;
    c->optimize_coding = FALSE;
    return c;
}

/// Sets up t->tmp_d as a decompressor of the JPEG in t->mem, its header read.
static j_decompress_ptr read_temporary(tp_lossless *t) {
    j_decompress_ptr d = &t->tmp_d;
    d->err = &t->err.pub;
    jpeg_create_decompress(d);
    t->tmp_d_created = 1;
    jpeg_mem_src(d, t->mem, t->mem_len);
    jpeg_read_header(d, TRUE);
    return d;
}

/// Writes rectangle [x0,x1)×[y0,y1)'s current blocks as a JPEG into t->mem.
static void write_rectangle(tp_lossless *t, int x0, int y0, int x1, int y1) {
    j_compress_ptr c = start_temporary_compressor(t, x1 - x0, y1 - y0);
    jvirt_barray_ptr arrays[MAX_COMPONENTS];
    int hmax = t->src.max_h_samp_factor, vmax = t->src.max_v_samp_factor;
    for (int ci = 0; ci < t->src.num_components; ci++) {
        jpeg_component_info *sc = &t->src.comp_info[ci];
        JDIMENSION bw = (JDIMENSION)(((long)(x1 - x0) * sc->h_samp_factor + DCTSIZE * hmax - 1) / (DCTSIZE * hmax));
        JDIMENSION bh = (JDIMENSION)(((long)(y1 - y0) * sc->v_samp_factor + DCTSIZE * vmax - 1) / (DCTSIZE * vmax));
        JDIMENSION aw = (bw + sc->h_samp_factor - 1) / sc->h_samp_factor * sc->h_samp_factor;
        JDIMENSION ah = (bh + sc->v_samp_factor - 1) / sc->v_samp_factor * sc->v_samp_factor;
        arrays[ci] = (*c->mem->request_virt_barray)((j_common_ptr)c, JPOOL_IMAGE, TRUE, aw, ah,
                                                   (JDIMENSION)sc->v_samp_factor);
    }
    (*c->mem->realize_virt_arrays)((j_common_ptr)c);
    for (int ci = 0; ci < t->src.num_components; ci++) {
        jpeg_component_info *sc = &t->src.comp_info[ci];
        int bx, by;
        first_block(t, sc, x0, y0, &bx, &by);
        int ex, ey;  // the block just past the rectangle: the component's edge at the picture's
        first_block(t, sc, x1, y1, &ex, &ey);
        if (x1 == (int)t->src.image_width) ex = (int)sc->width_in_blocks;
        if (y1 == (int)t->src.image_height) ey = (int)sc->height_in_blocks;
        copy_from_picture(t, ci, bx, by, (j_common_ptr)c, arrays[ci], 0, 0, ex - bx, ey - by);
    }
    jpeg_write_coefficients(c, arrays);
    jpeg_finish_compress(c);
    jpeg_destroy_compress(c);
    t->tmp_c_created = 0;
}

// MARK: - Colour

/// The CMYK that cmyk_to_rgb turns back into (r, g, b) to within rounding: K from the brightest
/// channel, the inks relative to it.
static void rgb_to_cmyk(const JSAMPLE *rgb, JSAMPLE *out, int inverted) {
    unsigned r = rgb[0], g = rgb[1], b = rgb[2];
    unsigned k = r > g ? (r > b ? r : b) : (g > b ? g : b);  // 255 - K
    unsigned c = k ? (r * 255 + k / 2) / k : 255, m = k ? (g * 255 + k / 2) / k : 255, y = k ? (b * 255 + k / 2) / k : 255;
    if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
    out[0] = (JSAMPLE)c; out[1] = (JSAMPLE)m; out[2] = (JSAMPLE)y; out[3] = (JSAMPLE)k;
}

// MARK: - Decode and replace

/// Where the strip of rows [y0, y1) that starts at `sy0` ends: TP_LOSSLESS_STRIP_MCUS rows of
/// MCUs `mh` pixels high, or the rectangle's end.
static int strip_end(int sy0, int y1, int mh) {
    return y1 - sy0 > TP_LOSSLESS_STRIP_MCUS * mh ? sy0 + TP_LOSSLESS_STRIP_MCUS * mh : y1;
}

int tp_lossless_decode(tp_lossless *t, int x0, int y0, int x1, int y1, uint8_t *rgb, size_t stride,
                       char *msg, size_t msg_cap) {
    if (!t || !rgb || !tp_ll_aligned(t, x0, y0, x1, y1) || stride < (size_t)(x1 - x0) * 3) {
        tp_copy_message(msg, msg_cap, "invalid rectangle to decode");
        return TP_MISUSE;
    }
    LL_GUARD(t, msg, msg_cap);
    int mw = DCTSIZE * t->src.max_h_samp_factor, mh = DCTSIZE * t->src.max_v_samp_factor;
    int w = (int)t->src.image_width, h = (int)t->src.image_height;
    int channels = t->cmyk ? 4 : 3, rw = x1 - x0, rh = y1 - y0;
    if (t->cmyk) {
        free(t->kept_cmyk);
        free(t->kept_rgb);
        t->kept_cmyk = NULL;
        t->kept_rgb = NULL;
        t->kept_cmyk = tp_ll_alloc_or_fail(t, (size_t)rw * (size_t)rh * 4);
        t->kept_rgb = tp_ll_alloc_or_fail(t, (size_t)rw * (size_t)rh * 3);
        t->kept[0] = x0; t->kept[1] = y0; t->kept[2] = x1; t->kept[3] = y1;
    }
    // One MCU of context on every side, so the decoded rectangle is what the whole picture gives;
    // strips of it give the same pixels, as nothing is re-encoded between them.
    int cx0 = x0 > 0 ? x0 - mw : 0, cx1 = x1 + mw < w ? x1 + mw : w;
    for (int sy0 = y0; sy0 < y1; sy0 += TP_LOSSLESS_STRIP_MCUS * mh) {
        int sy1 = strip_end(sy0, y1, mh);
        int cy0 = sy0 > 0 ? sy0 - mh : 0, cy1 = sy1 + mh < h ? sy1 + mh : h;
        write_rectangle(t, cx0, cy0, cx1, cy1);
        j_decompress_ptr d = read_temporary(t);
        d->out_color_space = t->cmyk ? JCS_CMYK : JCS_EXT_RGB;
        jpeg_start_decompress(d);
        t->row = tp_ll_alloc_or_fail(t, (size_t)(cx1 - cx0) * (size_t)channels);
        while ((int)d->output_scanline < cy1 - cy0) {
            int y = cy0 + (int)d->output_scanline;
            JSAMPROW row = t->row;
            if (jpeg_read_scanlines(d, &row, 1) != 1) fail_now((j_common_ptr)d, TP_DAMAGED, "decoder made no progress");
            if (y < sy0 || y >= sy1) continue;
            const JSAMPLE *from = t->row + (size_t)(x0 - cx0) * (size_t)channels;
            uint8_t *to = rgb + (size_t)(y - y0) * stride;
            if (t->cmyk) {
                memcpy(t->kept_cmyk + (size_t)(y - y0) * rw * 4, from, (size_t)rw * 4);
                cmyk_to_rgb(from, to, (unsigned)rw, t->inverted);
                memcpy(t->kept_rgb + (size_t)(y - y0) * rw * 3, to, (size_t)rw * 3);
            } else {
                memcpy(to, from, (size_t)rw * 3);
            }
        }
        jpeg_finish_decompress(d);
        tp_ll_drop_temporaries(t);
    }
    return TP_OK;
}

/// tp_lossless_replace's work on rows [y0, y1) of its rectangle, `rgb` being row y0's first pixel,
/// `kept_row` its row in t->kept_cmyk and t->kept_rgb, `mcu_mask` the strip's MCUs (NULL: all).
static void replace_strip(tp_lossless *t, int x0, int y0, int x1, int y1, const uint8_t *rgb, size_t stride, size_t kept_row,
                          const uint8_t *mcu_mask) {
    int rw = x1 - x0, rh = y1 - y0;
    j_compress_ptr c = start_temporary_compressor(t, rw, rh);
    // A zero in a quantization table decodes (that frequency is dropped) but would divide by
    // zero in the forward DCT's quantizer: the re-encoded blocks use 1 there, which the decoder
    // drops all the same, since the output keeps the source's tables. The quantizer also keeps
    // each value times 8 in 16 bits (libjpeg-turbo's jcdctmgr.c): 8192 and its multiples, which
    // a 16-bit DQT may hold, become a zero divisor (SIGFPE), other values over 8191 a wrong one.
    // A coefficient of 8-bit samples is at most 2047, so over 4094 every one quantizes to 0:
    // 8191 there gives the blocks the value itself would.
    for (int tbl = 0; tbl < NUM_QUANT_TBLS; tbl++)
        if (c->quant_tbl_ptrs[tbl])
            for (int k = 0; k < DCTSIZE2; k++) {
                UINT16 *q = &c->quant_tbl_ptrs[tbl]->quantval[k];
                if (*q == 0) *q = 1;
                else if (*q > 8191) *q = 8191;
            }
    c->in_color_space = t->cmyk ? JCS_CMYK : JCS_EXT_RGB;  // libjpeg converts to the source's space
    c->input_components = t->cmyk ? 4 : 3;
    c->dct_method = JDCT_ISLOW;
    jpeg_start_compress(c, TRUE);
    t->row = tp_ll_alloc_or_fail(t, (size_t)rw * 4);
    for (int y = 0; y < rh; y++) {
        const uint8_t *from = rgb + (size_t)y * stride;
        JSAMPROW row = (JSAMPROW)from;
        if (t->cmyk) {
            const JSAMPLE *kept_rgb = t->kept_rgb + (kept_row + (size_t)y) * rw * 3, *kept_cmyk = t->kept_cmyk + (kept_row + (size_t)y) * rw * 4;
            for (int x = 0; x < rw; x++) {
                if (memcmp(from + 3 * x, kept_rgb + 3 * x, 3) == 0) memcpy(t->row + 4 * x, kept_cmyk + 4 * x, 4);
                else rgb_to_cmyk(from + 3 * x, t->row + 4 * x, t->inverted);
            }
            row = t->row;
        }
        jpeg_write_scanlines(c, &row, 1);
    }
    jpeg_finish_compress(c);
    jpeg_destroy_compress(c);
    t->tmp_c_created = 0;

    j_decompress_ptr d = read_temporary(t);
    jvirt_barray_ptr *fresh = jpeg_read_coefficients(d);
    int mw = DCTSIZE * t->src.max_h_samp_factor, mh = DCTSIZE * t->src.max_v_samp_factor;
    int across = (rw + mw - 1) / mw, down = (rh + mh - 1) / mh;
    for (int ci = 0; ci < t->src.num_components; ci++) {
        jpeg_component_info *sc = &t->src.comp_info[ci], *dc = &d->comp_info[ci];
        int bx, by, h = sc->h_samp_factor, v = sc->v_samp_factor;
        first_block(t, sc, x0, y0, &bx, &by);
        int bw = (int)dc->width_in_blocks, bh = (int)dc->height_in_blocks;
        if (bx + bw > (int)sc->width_in_blocks || by + bh > (int)sc->height_in_blocks)
            fail_now((j_common_ptr)d, TP_MISUSE, "re-encoded blocks do not fit the source");
        for (int my = 0; my < down; my++) {
            for (int mx = 0; mx < across; mx++) {
                if (mcu_mask && !mcu_mask[my * across + mx]) continue;
                int fx = mx * h, fy = my * v;
                int cw = bw - fx < h ? bw - fx : h, ch = bh - fy < v ? bh - fy : v;
                if (cw > 0 && ch > 0) {
                    copy_into_picture((j_common_ptr)d, fresh[ci], fx, fy, t, ci, bx + fx, by + fy, cw, ch);
                    tp_ll_note_colour(t, (j_common_ptr)d, fresh[ci], ci, fx, fy, cw, ch);
                }
            }
        }
    }
    tp_ll_drop_temporaries(t);
}

int tp_lossless_replace(tp_lossless *t, int x0, int y0, int x1, int y1, const uint8_t *rgb, size_t stride,
                        const uint8_t *mcu_mask, size_t mask_len, char *msg, size_t msg_cap) {
    int mcu_w = t ? DCTSIZE * t->src.max_h_samp_factor : 1, mcu_h = t ? DCTSIZE * t->src.max_v_samp_factor : 1;
    if (!t || !rgb || !tp_ll_aligned(t, x0, y0, x1, y1) || stride < (size_t)(x1 - x0) * 3 ||
        (mcu_mask && mask_len < (size_t)((x1 - x0 + mcu_w - 1) / mcu_w) * (size_t)((y1 - y0 + mcu_h - 1) / mcu_h)) ||
        (t->cmyk && (!t->kept_cmyk || t->kept[0] != x0 || t->kept[1] != y0 || t->kept[2] != x1 || t->kept[3] != y1))) {
        tp_copy_message(msg, msg_cap, "invalid rectangle to replace");
        return TP_MISUSE;
    }
    LL_GUARD(t, msg, msg_cap);
    int mh = mcu_h, across = (x1 - x0 + mcu_w - 1) / mcu_w;
    // A strip of MCU rows at a time, as tp_lossless_decode reads them: each MCU's coefficients
    // come from its own pixels alone, so strips give the blocks the whole rectangle would.
    for (int sy0 = y0; sy0 < y1; sy0 += TP_LOSSLESS_STRIP_MCUS * mh) {
        int sy1 = strip_end(sy0, y1, mh);
        const uint8_t *strip_mask = mcu_mask ? mcu_mask + (size_t)((sy0 - y0) / mh) * (size_t)across : NULL;
        if (strip_mask) {
            int any = 0;
            for (size_t i = 0; i < (size_t)((sy1 - sy0 + mh - 1) / mh) * (size_t)across && !any; i++) any = strip_mask[i];
            if (!any) continue;
        }
        replace_strip(t, x0, sy0, x1, sy1, rgb + (size_t)(sy0 - y0) * stride, stride, (size_t)(sy0 - y0), strip_mask);
    }
    return TP_OK;
}

// MARK: - Write

int tp_lossless_write(tp_lossless *t, tp_write_fn write, void *ctx, char *msg, size_t msg_cap) {
    if (!t || !write) {
        tp_copy_message(msg, msg_cap, "invalid output");
        return TP_MISUSE;
    }
    if (t->own) return tp_ll_own_write(t, write, ctx, msg, msg_cap);
    LL_GUARD(t, msg, msg_cap);
    if (!t->dest) t->dest = tp_ll_alloc_or_fail(t, sizeof *t->dest);
    t->dest->sink.write = write;
    t->dest->sink.ctx = ctx;
    t->dest->sink.staged = 0;
    t->dest->pub.init_destination = dest_init;
    t->dest->pub.empty_output_buffer = dest_empty;
    t->dest->pub.term_destination = dest_term;
    j_compress_ptr c = &t->tmp_c;
    c->err = &t->err.pub;
    jpeg_create_compress(c);
    t->tmp_c_created = 1;
    c->dest = &t->dest->pub;
    t->wrote_colour = tp_ll_colour_for_write(t);
    jpeg_copy_critical_parameters(&t->src, c);
    // A progressive source is written sequential, with Huffman tables optimized for its
    // coefficients (as `jpegtran -optimize` writes it): the same coefficients, some 4% more bytes
    // than its progressive scans, for a third of the work (libjpeg codes each of a progression's
    // ten scans twice, once to count its symbols and once to write them).
    if (t->src.progressive_mode) c->optimize_coding = TRUE;
    // libjpeg marks every CMYK file it writes as Adobe's (inverted); a source without the marker
    // stores plain values, and must stay readable as such.
    if (t->cmyk && !t->src.saw_Adobe_marker) c->write_Adobe_marker = FALSE;
    jpeg_write_coefficients(c, t->coefs);
    if (t->icc_len) jpeg_write_icc_profile(c, t->icc, t->icc_len);
    jpeg_finish_compress(c);
    tp_ll_drop_temporaries(t);
    return TP_OK;
}

int tp_lossless_wrote_colour(const tp_lossless *t) { return t ? t->wrote_colour : 0; }

void tp_lossless_close(tp_lossless *t) {
    if (!t) return;
    tp_ll_drop_temporaries(t);
    tp_ll_own_free(t);
    if (t->src_created) jpeg_destroy_decompress(&t->src);
    free(t->icc);
    free(t->kept_cmyk);
    free(t->kept_rgb);
    free(t->dest);
    for (int ci = 0; ci < MAX_COMPONENTS; ci++) free(t->band_rows[ci]);
    free(t);
}
