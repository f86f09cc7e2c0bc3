// Lossless JPEG export by MCUs, the walk (see tp_jpeg_scan.h for the contract; the output is
// jpeg_scan_write.c's).
//
// libjpeg reads the headers; the scan is walked here. Its entropy-coded data is first unstuffed
// (the 0x00 after each 0xFF dropped, restart markers noted), so a position in it is a plain bit
// offset and a stretch of MCUs can be copied to the output with a shift and stuffed again. The
// walk decodes every Huffman code with a 9-bit lookahead table, records for each MCU the bit
// where it starts and the DC predictions there (and for each restart interval the bit where its
// last MCU ends, before the padding), and stores the blocks of the MCUs inside the bands: small
// tp_lossless transcoders around the tags, which decode, paint and re-encode rectangles as for a
// whole picture. It runs on a thread of its own, publishing the MCU rows it has passed.
#include "jpeg_scan_private.h"

// MARK: - Huffman tables

/// Whether libjpeg's parsed DHT is a table jdhuff.c would accept, checked before anything is
/// built from it: at most 256 codes, the codes of each length fitting the code space left by the
/// shorter ones (none all ones), and, for a DC table, no symbol over 15. jpeg_read_header checks
/// only that the counts add up to the segment; the rest is checked where libjpeg builds its
/// decoding tables (jpeg_make_d_derived_tbl), which this path never calls.
static int table_is_valid(const JHUFF_TBL *h, int is_dc) {
    int count = 0;
    int32_t code = 0;
    for (int l = 1; l <= 16; l++) {
        count += h->bits[l];
        if (count > 256) return 0;
        code += h->bits[l];
        if (code >= (int32_t)1 << l) return 0;  // overflows, or uses the all-ones code
        code <<= 1;
    }
    if (is_dc)
        for (int k = 0; k < count; k++)
            if (h->huffval[k] > 15) return 0;
    return 1;
}

int tp_scan_build_tables(const JHUFF_TBL *h, int is_dc, dtable *dt, etable *et) {
    if (!table_is_valid(h, is_dc)) return 0;
    int count = 0;
    for (int l = 1; l <= 16; l++) count += h->bits[l];
    if (dt) {
        memset(dt, 0, sizeof *dt);
        memcpy(dt->huffval, h->huffval, (size_t)count);
    }
    memset(et, 0, sizeof *et);
    int32_t code = 0;
    int k = 0;
    for (int l = 1; l <= 16; l++) {
        if (dt) dt->valoffset[l] = k - code;
        for (int i = 0; i < h->bits[l]; i++, k++, code++) {
            uint8_t sym = h->huffval[k];
            if (!et->size[sym]) {
                et->code[sym] = (uint32_t)code;
                et->size[sym] = (uint8_t)l;
            }
            if (dt && l <= LOOK) {
                int base = code << (LOOK - l);
                for (int j = 0; j < 1 << (LOOK - l); j++) dt->look[base + j] = (uint16_t)(l << 8 | sym);
            }
        }
        if (dt) dt->maxcode[l] = h->bits[l] ? code - 1 : -1;
        code <<= 1;
    }
    if (dt) dt->maxcode[17] = INT32_MAX;
    return 1;
}

/// Whether `et` has a code for every symbol a block of 8-bit samples may need: DC magnitudes
/// 0–11; for AC, the end of block, sixteen zeros, and every run 0–15 with magnitudes 1–10.
static int codes_everything(const etable *et, int is_dc) {
    if (is_dc) {
        for (int m = 0; m <= 11; m++)
            if (!et->size[m]) return 0;
        return 1;
    }
    if (!et->size[0x00] || !et->size[0xF0]) return 0;
    for (int r = 0; r < 16; r++)
        for (int m = 1; m <= 10; m++)
            if (!et->size[r << 4 | m]) return 0;
    return 1;
}

// MARK: - Open and walk

/// Unstuffs the scan from s->data_start up to EOI; 0 if another marker or the end comes first.
static int unstuff(tp_scan *s) {
    const uint8_t *b = s->bytes, *end = s->bytes + s->len, *p = b + s->data_start;
    s->data = malloc((size_t)(end - p) + PADDING);
    if (!s->data) return 0;
    uint8_t *out = s->data;
    for (;;) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        if (!ff) return 0;
        memcpy(out, p, (size_t)(ff - p));
        out += ff - p;
        p = ff + 1;
        const uint8_t *fill = p;
        while (p < end && *p == 0xFF) p++;  // fill bytes, allowed before a marker
        if (p >= end) return 0;
        uint8_t m = *p++;
        if (m == 0x00) {
            // FF FF … 00 is no valid data, and libjpeg's fast decoder leaves stray coefficients
            // behind on it: the coefficient path reads such a file as libjpeg does.
            if (p - 1 != fill) return 0;
            *out++ = 0xFF;
        } else if (m >= 0xD0 && m <= 0xD7) {
            if ((m & 7) != (s->marker_count & 7)) return 0;
            if (s->marker_count == s->marker_cap) {
                int cap = s->marker_cap ? 2 * s->marker_cap : 64;
                size_t *grown = realloc(s->markers, (size_t)cap * sizeof *grown);
                if (!grown) return 0;
                s->markers = grown;
                s->marker_cap = cap;
            }
            s->markers[s->marker_count++] = (size_t)(out - s->data);
        } else if (m == 0xD9) {
            break;
        } else {
            return 0;  // DNL, another scan, or anything else: the whole-picture path decides
        }
    }
    s->data_len = (size_t)(out - s->data);
    memset(out, 0, PADDING);
    return 1;
}


/// Walks every MCU, recording where each starts and the predictions there, and storing the
/// blocks of the MCUs inside bands; 0 at the first irregularity.
static int walk(tp_scan *s) {
    long total = (long)s->mcus_per_row * s->mcu_rows;
    long restarts = s->restart ? (total - 1) / s->restart : 0;
    if (restarts != s->marker_count) return 0;
    s->mcu_bit = malloc(((size_t)total + 1) * sizeof *s->mcu_bit);
    s->mcu_dc = malloc(((size_t)total + 1) * MAX_COMPS_IN_SCAN * sizeof *s->mcu_dc);
    s->rst_end = malloc(((size_t)restarts + 1) * sizeof *s->rst_end);
    if (!s->mcu_bit || !s->mcu_dc || !s->rst_end) return 0;
    uint64_t pos = 0, limit = (uint64_t)s->data_len * 8;
    int pred[MAX_COMPS_IN_SCAN] = {0}, *row_bands = s->row_bands, row_band_count = 0;  // the bands that hold MCUs of the row
    JBLOCK block;
    for (long m = 0; m < total; m++) {
        if (s->restart && m > 0 && m % s->restart == 0) {
            long k = m / s->restart;
            s->rst_end[k] = pos;
            pos = (pos + 7) & ~(uint64_t)7;
            if (pos != (uint64_t)s->markers[k - 1] * 8) return 0;
            memset(pred, 0, sizeof pred);
        }
        s->mcu_bit[m] = pos;
        for (int c = 0; c < MAX_COMPS_IN_SCAN; c++) s->mcu_dc[m * MAX_COMPS_IN_SCAN + c] = (int16_t)pred[c];
        int mx = (int)(m % s->mcus_per_row), my = (int)(m / s->mcus_per_row);
        if (mx == 0) {
            row_band_count = 0;
            for (int i = 0; i < s->band_count; i++)
                if (my >= s->bands[i].y0 && my < s->bands[i].y1) row_bands[row_band_count++] = i;
        }
        int kept = 0;  // whether any band holds this MCU
        for (int i = 0; i < row_band_count && !kept; i++) {
            const band *bd = &s->bands[row_bands[i]];
            kept = mx >= bd->x0 && mx < bd->x1;
        }
        // The symbols of an MCU the output may copy as it is (the others are counted as written).
        int counted = s->walked_counts && !coded_anew(s, m);
        for (int b = 0; b < s->blocks; b++) {
            int c = s->block_comp[b];
            uint64_t *dcf = counted ? s->walked_counts->dc[s->dc_slot[c]] : NULL, *acf = counted ? s->walked_counts->ac[s->ac_slot[c]] : NULL;
            // A block reads at most about 210 bytes: past the end it reads only the padding.
            if (!walk_block(s->data, &pos, s->dc[c], s->ac[c], &pred[c], kept ? block : NULL, dcf, acf) || pos > limit) return 0;
            for (int i = 0; kept && i < row_band_count; i++) {
                const band *bd = &s->bands[row_bands[i]];
                if (mx >= bd->x0 && mx < bd->x1) memcpy(band_block(s, bd, b, mx, my), block, sizeof block);
            }
        }
        if (mx == s->mcus_per_row - 1 && s->threaded) {
            pthread_mutex_lock(&s->lock);
            s->rows_walked = my + 1;
            pthread_cond_broadcast(&s->moved);
            pthread_mutex_unlock(&s->lock);
        }
    }
    s->mcu_bit[total] = pos;
    for (int c = 0; c < MAX_COMPS_IN_SCAN; c++) s->mcu_dc[total * MAX_COMPS_IN_SCAN + c] = (int16_t)pred[c];
    // Only padding may follow the last MCU.
    return (pos + 7) / 8 == s->data_len;
}

int tp_scan_open(const void *bytes, size_t len, uint64_t max_pixels, tp_scan **out, char *msg, size_t msg_cap) {
    *out = NULL;
    if (!bytes || len == 0 || len > 0xFFFFFFFFu) {
        tp_copy_message(msg, msg_cap, "invalid scan arguments");
        return TP_MISUSE;
    }
    tp_scan *s = calloc(1, sizeof *s);
    if (!s) {
        tp_copy_message(msg, msg_cap, "out of memory");
        return TP_NOMEM;
    }
    s->bytes = bytes;
    s->len = len;
    s->d.err = init_errors(&s->err, TP_DAMAGED);
    TP_JPEG_GUARD_OPEN(s, tp_scan_close, msg, msg_cap);
    j_decompress_ptr d = &s->d;
    jpeg_create_decompress(d);
    s->created = 1;
    jpeg_mem_src(d, bytes, (unsigned long)len);
    jpeg_read_header(d, TRUE);
    if ((uint64_t)d->image_width * d->image_height > max_pixels)
        fail_now((j_common_ptr)d, TP_TOO_LARGE, "image is over the pixel limit");
    int single = d->num_components == 1 && d->comp_info[0].h_samp_factor == 1 && d->comp_info[0].v_samp_factor == 1;
    if (d->progressive_mode || d->arith_code || d->data_precision != 8 || d->comps_in_scan != d->num_components ||
        d->Ss != 0 || d->Se != DCTSIZE2 - 1 || d->Ah != 0 || d->Al != 0 || (d->num_components == 1 && !single))
        fail_now((j_common_ptr)d, TP_UNSUPPORTED, "not one baseline Huffman scan");
    s->data_start = len - d->src->bytes_in_buffer;
    s->comps = d->comps_in_scan;
    s->restart = (int)d->restart_interval;
    s->mcu_w = DCTSIZE * d->max_h_samp_factor;
    s->mcu_h = DCTSIZE * d->max_v_samp_factor;
    s->mcus_per_row = (int)((d->image_width + (JDIMENSION)s->mcu_w - 1) / (JDIMENSION)s->mcu_w);
    s->mcu_rows = (int)((d->image_height + (JDIMENSION)s->mcu_h - 1) / (JDIMENSION)s->mcu_h);
    for (int i = 0; i < s->comps; i++) {
        jpeg_component_info *c = d->cur_comp_info[i];
        s->comp_index[i] = c->component_index;
        // The SOS may name any of 16 tables; libjpeg checks only when it starts decoding.
        if (c->dc_tbl_no < 0 || c->dc_tbl_no >= NUM_HUFF_TBLS || c->ac_tbl_no < 0 || c->ac_tbl_no >= NUM_HUFF_TBLS)
            fail_now((j_common_ptr)d, TP_UNSUPPORTED, "a Huffman table is missing or invalid");
        JHUFF_TBL *dc = d->dc_huff_tbl_ptrs[c->dc_tbl_no], *ac = d->ac_huff_tbl_ptrs[c->ac_tbl_no];
        s->dc[i] = malloc(sizeof *s->dc[i]);
        s->ac[i] = malloc(sizeof *s->ac[i]);
        s->edc[i] = malloc(sizeof *s->edc[i]);
        s->eac[i] = malloc(sizeof *s->eac[i]);
        if (!s->dc[i] || !s->ac[i] || !s->edc[i] || !s->eac[i]) fail_now((j_common_ptr)d, TP_NOMEM, "out of memory");
        if (!dc || !ac || !tp_scan_build_tables(dc, 1, s->dc[i], s->edc[i]) || !tp_scan_build_tables(ac, 0, s->ac[i], s->eac[i]))
            fail_now((j_common_ptr)d, TP_UNSUPPORTED, "a Huffman table is missing or invalid");
        s->dc_slot[i] = c->dc_tbl_no;
        s->ac_slot[i] = c->ac_tbl_no;
        s->incomplete |= !codes_everything(s->edc[i], 1) || !codes_everything(s->eac[i], 0);
        int h = s->comps == 1 ? 1 : c->h_samp_factor, v = s->comps == 1 ? 1 : c->v_samp_factor;
        for (int y = 0; y < v; y++)
            for (int x = 0; x < h; x++) {
                if (s->blocks == D_MAX_BLOCKS_IN_MCU) fail_now((j_common_ptr)d, TP_UNSUPPORTED, "too many blocks in an MCU");
                s->block_comp[s->blocks] = i;
                s->block_x[s->blocks] = x;
                s->block_y[s->blocks] = y;
                s->block_h[s->blocks] = h;
                s->block_v[s->blocks] = v;
                s->blocks++;
            }
    }
    if (!unstuff(s)) fail_now((j_common_ptr)d, TP_UNSUPPORTED, "the scan does not end in EOI");
    *out = s;
    return TP_OK;
}

static void *walk_thread(void *arg) {
    tp_scan *s = arg;
    int ok = walk(s);
    pthread_mutex_lock(&s->lock);
    s->walk_state = ok ? 1 : 2;
    pthread_cond_broadcast(&s->moved);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

int tp_scan_walk(tp_scan *s, char *msg, size_t msg_cap) {
    if (s->walked) {
        tp_copy_message(msg, msg_cap, "the scan was walked already");
        return TP_MISUSE;
    }
    if (s->band_count > 0) {
        // Which band paints each MCU, and room for the bands that hold MCUs of one row.
        long total = (long)s->mcus_per_row * s->mcu_rows;
        s->painted = calloc((size_t)total, sizeof *s->painted);
        s->row_bands = malloc((size_t)s->band_count * sizeof *s->row_bands);
        if (s->incomplete) s->walked_counts = calloc(1, sizeof *s->walked_counts);
        if (!s->painted || !s->row_bands || (s->incomplete && !s->walked_counts)) {
            tp_copy_message(msg, msg_cap, "out of memory");
            return TP_NOMEM;
        }
        for (int i = 0; i < s->band_count; i++) {
            const band *bd = &s->bands[i];
            for (int my = bd->py0; my < bd->py1; my++)
                for (int mx = bd->px0; mx < bd->px1; mx++) s->painted[(long)my * s->mcus_per_row + mx] = i + 1;
        }
    }
    s->walked = 1;
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->moved, NULL);
    s->threaded = 1;
    if (pthread_create(&s->thread, NULL, walk_thread, s) != 0) {
        s->threaded = 0;  // no thread to be had: walk here
        s->walk_state = walk(s) ? 1 : 2;
    }
    return TP_OK;
}

int tp_scan_join(tp_scan *s) {
    if (s->threaded && !s->joined) {
        pthread_join(s->thread, NULL);
        s->joined = 1;
    }
    return s->walk_state == 1;
}

int tp_scan_wait(tp_scan *s, const tp_lossless *band_t, char *msg, size_t msg_cap) {
    const band *bd = NULL;
    for (int i = 0; i < s->band_count && !bd; i++)
        if (s->bands[i].t == band_t) bd = &s->bands[i];
    if (!bd || !s->walked) {
        tp_copy_message(msg, msg_cap, "no such band, or the scan is not being walked");
        return TP_MISUSE;
    }
    int state;
    if (s->threaded) {
        pthread_mutex_lock(&s->lock);
        while (s->walk_state == 0 && s->rows_walked < bd->y1) pthread_cond_wait(&s->moved, &s->lock);
        state = s->walk_state;
        pthread_mutex_unlock(&s->lock);
    } else {
        state = s->walk_state;  // walked on this thread, before tp_scan_walk returned
    }
    if (state == 2) {
        tp_copy_message(msg, msg_cap, "the scan is not regular");
        return TP_UNSUPPORTED;
    }
    return TP_OK;
}

void tp_scan_get_info(const tp_scan *s, tp_lossless_info *info) {
    const struct jpeg_decompress_struct *d = &s->d;
    info->width = (int)d->image_width;
    info->height = (int)d->image_height;
    info->mcu_width = s->mcu_w;
    info->mcu_height = s->mcu_h;
    info->components = d->num_components;
    info->cmyk = d->jpeg_color_space == JCS_CMYK || d->jpeg_color_space == JCS_YCCK;
    info->progressive = 0;
    info->restart_interval = s->restart;
}

const char *tp_scan_warning(const tp_scan *s) { return s->err.warning[0] ? s->err.warning : NULL; }

void tp_scan_close(tp_scan *s) {
    if (!s) return;
    if (s->walked) {
        tp_scan_join(s);
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->moved);
    }
    if (s->created) jpeg_destroy_decompress(&s->d);
    free(s->data);
    free(s->markers);
    free(s->mcu_bit);
    free(s->mcu_dc);
    free(s->rst_end);
    free(s->walked_counts);
    free(s->painted);
    free(s->row_bands);
    for (int i = 0; i < MAX_COMPS_IN_SCAN; i++) {
        free(s->dc[i]);
        free(s->ac[i]);
        free(s->edc[i]);
        free(s->eac[i]);
    }
    for (int i = 0; i < s->band_count; i++) tp_lossless_close(s->bands[i].t);
    free(s->bands);
    free(s);
}

// MARK: - Bands

int tp_scan_band(tp_scan *s, int x0, int y0, int x1, int y1, tp_lossless **out, int *left, int *top, char *msg, size_t msg_cap) {
    *out = NULL;
    int w = (int)s->d.image_width, h = (int)s->d.image_height, mw = s->mcu_w, mh = s->mcu_h;
    if (s->walked || x0 < 0 || y0 < 0 || x0 >= x1 || y0 >= y1 || x1 > w || y1 > h || x0 % mw || y0 % mh ||
        (x1 % mw && x1 != w) || (y1 % mh && y1 != h)) {
        tp_copy_message(msg, msg_cap, "invalid band");
        return TP_MISUSE;
    }
    if (s->band_count == s->band_cap) {
        int cap = s->band_cap ? 2 * s->band_cap : 16;
        band *grown = realloc(s->bands, (size_t)cap * sizeof *grown);
        if (!grown) {
            tp_copy_message(msg, msg_cap, "out of memory");
            return TP_NOMEM;
        }
        s->bands = grown;
        s->band_cap = cap;
    }
    // One MCU around the rectangle, for its decode's chroma upsampling at the edges.
    int bx0 = x0 > 0 ? x0 - mw : 0, by0 = y0 > 0 ? y0 - mh : 0;
    int bx1 = x1 + mw < w ? x1 + mw : w, by1 = y1 + mh < h ? y1 + mh : h;
    band *bd = &s->bands[s->band_count];
    int code = tp_lossless_open_band(s->bytes, s->len, bx0, by0, bx1, by1, s->colour, &bd->t, msg, msg_cap);
    if (code != TP_OK) return code;
    bd->x0 = bx0 / mw;
    bd->y0 = by0 / mh;
    bd->x1 = (bx1 + mw - 1) / mw;
    bd->y1 = (by1 + mh - 1) / mh;
    bd->px0 = x0 / mw;
    bd->py0 = y0 / mh;
    bd->px1 = (x1 + mw - 1) / mw;
    bd->py1 = (y1 + mh - 1) / mh;
    s->band_count++;
    *out = bd->t;
    *left = bx0;
    *top = by0;
    return TP_OK;
}

void tp_scan_painted(tp_scan *s, const tp_lossless *t) {
    const band *from = NULL;
    for (int i = 0; i < s->band_count && !from; i++)
        if (s->bands[i].t == t) from = &s->bands[i];
    if (!from) return;
    for (int i = 0; i < s->band_count; i++) {
        const band *to = &s->bands[i];
        if (to == from) continue;
        for (int my = from->py0; my < from->py1; my++)
            for (int mx = from->px0; mx < from->px1; mx++)
                if (mx >= to->x0 && mx < to->x1 && my >= to->y0 && my < to->y1) {
                    for (int b = 0; b < s->blocks; b++)
                        memcpy(band_block(s, to, b, mx, my), band_block(s, from, b, mx, my), sizeof(JBLOCK));
                    for (int c = 1; s->colour && c < 3; c++)
                        memcpy(band_plane_block(to, c, mx - to->x0, my - to->y0), band_plane_block(from, c, mx - from->x0, my - from->y0),
                               sizeof(JBLOCK));
                }
    }
}

int tp_scan_add_colour(tp_scan *s, char *msg, size_t msg_cap) {
    if (s->walked || s->band_count > 0) {
        tp_copy_message(msg, msg_cap, "colour is added before any band");
        return TP_MISUSE;
    }
    s->colour = s->d.num_components == 1;
    return TP_OK;
}
