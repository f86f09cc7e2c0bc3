// Lossless JPEG export: turning and cropping the coefficients, and the bands the MCU path
// decodes into (see tp_jpeg_lossless.h and jpeg_lossless_band.h). Both change the transcoder's
// picture: its size, sampling, tables and block arrays.
#include "jpeg_lossless_private.h"

// MARK: - Bands

int tp_lossless_open_band(const void *bytes, size_t len, int x0, int y0, int x1, int y1, int colour, tp_lossless **out,
                          char *msg, size_t msg_cap) {
    *out = NULL;
    tp_lossless *t = tp_ll_new_transcoder(1, msg, msg_cap);
    if (!t) return TP_NOMEM;
    TP_JPEG_GUARD_OPEN(t, tp_lossless_close, msg, msg_cap);
    j_decompress_ptr src = tp_ll_read_headers(t, bytes, len, 0);
    if (!tp_ll_aligned(t, x0, y0, x1, y1)) fail_now((j_common_ptr)src, TP_MISUSE, "invalid band");
    if (colour && src->num_components == 1) tp_ll_colour_components(t);
    int mw = DCTSIZE * src->max_h_samp_factor, mh = DCTSIZE * src->max_v_samp_factor;
    int across = (x1 - x0 + mw - 1) / mw, down = (y1 - y0 + mh - 1) / mh;
    src->image_width = (JDIMENSION)(x1 - x0);
    src->image_height = (JDIMENSION)(y1 - y0);
    for (int ci = 0; ci < src->num_components; ci++) {
        jpeg_component_info *c = &src->comp_info[ci];
        c->width_in_blocks = (JDIMENSION)(((long)(x1 - x0) * c->h_samp_factor + mw - 1) / mw);
        c->height_in_blocks = (JDIMENSION)(((long)(y1 - y0) * c->v_samp_factor + mh - 1) / mh);
        t->turned[ci] = (*src->mem->request_virt_barray)((j_common_ptr)src, JPOOL_IMAGE, TRUE,
                                                         (JDIMENSION)(across * c->h_samp_factor),
                                                         (JDIMENSION)(down * c->v_samp_factor), (JDIMENSION)c->v_samp_factor);
    }
    (*src->mem->realize_virt_arrays)((j_common_ptr)src);
    for (int ci = 0; ci < src->num_components; ci++) {
        int n = down * src->comp_info[ci].v_samp_factor;
        t->band_rows[ci] = tp_ll_alloc_or_fail(t, (size_t)n * sizeof(JBLOCKROW));
        for (int r = 0; r < n; r++)
            t->band_rows[ci][r] = (*src->mem->access_virt_barray)((j_common_ptr)src, t->turned[ci], (JDIMENSION)r, 1, TRUE)[0];
    }
    t->coefs = t->turned;
    *out = t;
    return TP_OK;
}

JBLOCKROW tp_lossless_band_row(const tp_lossless *t, int component, int row) { return t->band_rows[component][row]; }

// MARK: - Turn and crop

/// How EXIF orientation `o` turns the stored picture upright, in three steps applied in order:
/// transpose (swap rows and columns), then mirror left–right, then mirror top–bottom.
static void orientation_steps(int o, int *transpose, int *mirror_x, int *mirror_y) {
    *transpose = o >= 5 && o <= 8;
    *mirror_x = o == 2 || o == 3 || o == 6 || o == 7;
    *mirror_y = o == 3 || o == 4 || o == 7 || o == 8;
}

int tp_lossless_check_transform(const tp_lossless_info *info, int orientation, int x, int y, int w, int h,
                                char *msg, size_t msg_cap) {
    if (orientation < 1 || orientation > 8) {
        tp_copy_message(msg, msg_cap, "invalid orientation");
        return TP_MISUSE;
    }
    int transpose, mirror_x, mirror_y;
    orientation_steps(orientation, &transpose, &mirror_x, &mirror_y);
    int uw = transpose ? info->height : info->width, uh = transpose ? info->width : info->height;
    int mw = transpose ? info->mcu_height : info->mcu_width, mh = transpose ? info->mcu_width : info->mcu_height;
    if (x < 0 || y < 0 || w < 1 || h < 1 || x > uw - w || y > uh - h) {
        tp_copy_message(msg, msg_cap, "invalid crop");
        return TP_MISUSE;
    }
    char text[160];
    // A mirrored side must be whole MCUs: the partial MCU at its far edge would come first.
    if ((mirror_x && uw % mw) || (mirror_y && uh % mh)) {
        int across = mirror_x && uw % mw;
        snprintf(text, sizeof text, "the photo is turned (EXIF orientation %d) and its upright %s, %d pixels, is not a whole number of %d-pixel MCUs",
                 orientation, across ? "width" : "height", across ? uw : uh, across ? mw : mh);
        tp_copy_message(msg, msg_cap, text);
        return TP_UNSUPPORTED;
    }
    if (x % mw || y % mh || ((x + w) % mw && x + w != uw) || ((y + h) % mh && y + h != uh)) {
        snprintf(text, sizeof text, "the crop's edges are not on the photo's %d×%d-pixel MCU grid", mw, mh);
        tp_copy_message(msg, msg_cap, text);
        return TP_UNSUPPORTED;
    }
    return TP_OK;
}

/// Where each coefficient of a turned block comes from, and whether it changes sign: transposed,
/// then the odd horizontal (mirror left–right) and odd vertical (mirror top–bottom) frequencies
/// negated, as transupp.c does. `negate` is 0 or -1 (all bits), for a branchless negation.
static void turn_table(int transpose, int mirror_x, int mirror_y, int from[DCTSIZE2], JCOEF negate[DCTSIZE2]) {
    for (int v = 0; v < DCTSIZE; v++)
        for (int u = 0; u < DCTSIZE; u++) {
            from[v * DCTSIZE + u] = transpose ? u * DCTSIZE + v : v * DCTSIZE + u;
            negate[v * DCTSIZE + u] = (JCOEF)(((mirror_x && (u & 1)) != (mirror_y && (v & 1))) ? -1 : 0);
        }
}

/// One block turned by the table.
static void turn_block(const JCOEF *block, JCOEF *to, const int from[DCTSIZE2], const JCOEF negate[DCTSIZE2]) {
    for (int i = 0; i < DCTSIZE2; i++) to[i] = (JCOEF)((block[from[i]] ^ negate[i]) - negate[i]);
}

/// Transposes a quantization table (natural order) in place.
static void transpose_table(UINT16 *q) {
    for (int v = 0; v < DCTSIZE; v++)
        for (int u = v + 1; u < DCTSIZE; u++) {
            UINT16 a = q[v * DCTSIZE + u];
            q[v * DCTSIZE + u] = q[u * DCTSIZE + v];
            q[u * DCTSIZE + v] = a;
        }
}

int tp_lossless_transform(tp_lossless *t, int orientation, int x, int y, int w, int h, char *msg, size_t msg_cap) {
    if (!t || t->own) {  // the own path's memory is not libjpeg's to turn (see tp_lossless_open_consuming)
        tp_copy_message(msg, msg_cap, "invalid transform");
        return TP_MISUSE;
    }
    LL_GUARD(t, msg, msg_cap);
    tp_lossless_info info;
    tp_lossless_get_info(t, &info);
    int code = tp_lossless_check_transform(&info, orientation, x, y, w, h, msg, msg_cap);
    if (code != TP_OK) return code;
    j_decompress_ptr s = &t->src;
    j_common_ptr owner = (j_common_ptr)s;
    int transpose, mirror_x, mirror_y;
    orientation_steps(orientation, &transpose, &mirror_x, &mirror_y);
    int hmax = transpose ? s->max_v_samp_factor : s->max_h_samp_factor;
    int vmax = transpose ? s->max_h_samp_factor : s->max_v_samp_factor;
    int bw[MAX_COMPONENTS], bh[MAX_COMPONENTS];
    for (int ci = 0; ci < s->num_components; ci++) {
        jpeg_component_info *c = &s->comp_info[ci];
        int hs = transpose ? c->v_samp_factor : c->h_samp_factor, vs = transpose ? c->h_samp_factor : c->v_samp_factor;
        bw[ci] = (int)(((long)w * hs + DCTSIZE * hmax - 1) / (DCTSIZE * hmax));
        bh[ci] = (int)(((long)h * vs + DCTSIZE * vmax - 1) / (DCTSIZE * vmax));
        t->turned[ci] = (*s->mem->request_virt_barray)(owner, JPOOL_IMAGE, TRUE,
                                                       (JDIMENSION)((bw[ci] + hs - 1) / hs * hs),
                                                       (JDIMENSION)((bh[ci] + vs - 1) / vs * vs), (JDIMENSION)vs);
    }
    (*s->mem->realize_virt_arrays)(owner);
    int from_index[DCTSIZE2];
    JCOEF negate[DCTSIZE2];
    turn_table(transpose, mirror_x, mirror_y, from_index, negate);
    for (int ci = 0; ci < s->num_components; ci++) {
        jpeg_component_info *c = &s->comp_info[ci];
        int hs = transpose ? c->v_samp_factor : c->h_samp_factor, vs = transpose ? c->h_samp_factor : c->v_samp_factor;
        // The source's block rows, looked up once: a turned row takes a block from each of them.
        JBLOCKROW *rows = (*s->mem->alloc_large)(owner, JPOOL_IMAGE, (size_t)c->height_in_blocks * sizeof(JBLOCKROW));
        for (JDIMENSION r = 0; r < c->height_in_blocks; r++)
            rows[r] = (*s->mem->access_virt_barray)(owner, t->coefs[ci], r, 1, FALSE)[0];
        // The upright component's size in blocks (whole along a mirrored side), and the crop's
        // first block in it.
        int up_w = transpose ? (int)c->height_in_blocks : (int)c->width_in_blocks;
        int up_h = transpose ? (int)c->width_in_blocks : (int)c->height_in_blocks;
        int x0 = x / (DCTSIZE * hmax) * hs, y0 = y / (DCTSIZE * vmax) * vs;
        for (int by = 0; by < bh[ci]; by++) {
            JBLOCKROW to = (*s->mem->access_virt_barray)(owner, t->turned[ci], (JDIMENSION)by, 1, TRUE)[0];
            int uy = y0 + by, my = mirror_y ? up_h - 1 - uy : uy;
            for (int bx = 0; bx < bw[ci]; bx++) {
                int ux = x0 + bx, mx = mirror_x ? up_w - 1 - ux : ux;
                int sx = transpose ? my : mx, sy = transpose ? mx : my;
                turn_block(rows[sy][sx], to[bx], from_index, negate);
            }
        }
    }
    // From here on the transcoder's picture is the turned and cropped one: its size, sampling and
    // (transposed) quantization tables are what every rectangle and the output use.
    if (transpose) {
        for (int i = 0; i < NUM_QUANT_TBLS; i++)
            if (s->quant_tbl_ptrs[i]) transpose_table(s->quant_tbl_ptrs[i]->quantval);
        for (int ci = 0; ci < s->num_components; ci++) {
            jpeg_component_info *c = &s->comp_info[ci];
            if (c->quant_table) transpose_table(c->quant_table->quantval);
            int hs = c->h_samp_factor;
            c->h_samp_factor = c->v_samp_factor;
            c->v_samp_factor = hs;
        }
    }
    s->max_h_samp_factor = hmax;
    s->max_v_samp_factor = vmax;
    s->image_width = (JDIMENSION)w;
    s->image_height = (JDIMENSION)h;
    for (int ci = 0; ci < s->num_components; ci++) {
        s->comp_info[ci].width_in_blocks = (JDIMENSION)bw[ci];
        s->comp_info[ci].height_in_blocks = (JDIMENSION)bh[ci];
    }
    t->coefs = t->turned;
    return TP_OK;
}
