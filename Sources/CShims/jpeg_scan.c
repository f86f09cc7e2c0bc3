// Lossless JPEG export by MCUs (see tp_jpeg_scan.h for the contract).
//
// libjpeg reads the headers; the scan is walked here. Its entropy-coded data is first unstuffed
// (the 0x00 after each 0xFF dropped, restart markers noted), so a position in it is a plain bit
// offset and a stretch of MCUs can be copied to the output with a shift and stuffed again. The
// walk decodes every Huffman code with a 9-bit lookahead table, records for each MCU the bit
// where it starts and the DC predictions there (and for each restart interval the bit where its
// last MCU ends, before the padding), and stores the blocks of the MCUs inside the bands: small
// tp_lossless transcoders around the tags, which decode, paint and re-encode rectangles as for a
// whole picture.
//
// Writing: an MCU is coded again when it lies in a painted rectangle, or when the predictions
// the output has reached differ from those the source had there (the MCU after a re-coded one,
// whose DC differences would otherwise be wrong; it is decoded from the source); every other MCU
// is copied bit for bit, runs of them at a time. Restart markers are written where the source
// has them.
#include "tp_jpeg_scan.h"
#include "jpeg_lossless_band.h"
#include "jpeg_shared.h"

#include <stdlib.h>
#include <string.h>

/// Zigzag index → natural (row-major) index.
static const uint8_t zigzag[DCTSIZE2] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

enum { LOOK = 9, PADDING = 1024 };

/// A Huffman table for decoding: codes of up to LOOK bits by lookahead (size << 8 | symbol),
/// longer ones by the canonical maxcode/valoffset search, as jdhuff.c does.
typedef struct {
    uint16_t look[1 << LOOK];
    int32_t maxcode[18], valoffset[18];
    uint8_t huffval[256];
} dtable;

/// A Huffman table for encoding: each symbol's code and size (0: the table has no code for it).
typedef struct {
    uint32_t code[256];
    uint8_t size[256];
} etable;

/// A band: a transcoder over [x0, x1)×[y0, y1) MCUs, for the painted MCUs [px0, px1)×[py0, py1).
typedef struct {
    tp_lossless *t;
    int x0, y0, x1, y1, px0, py0, px1, py1;
} band;

struct tp_scan {
    struct jpeg_decompress_struct d;  // the headers
    tp_error_mgr err;
    int created;
    const uint8_t *bytes;
    size_t len, data_start;           // the scan's first byte
    uint8_t *data;                    // the unstuffed scan, then PADDING zero bytes
    size_t data_len;
    size_t *markers;                  // unstuffed offsets of the restart markers, in order
    int marker_count, marker_cap;
    int comps, blocks;                // components in the scan, blocks in an MCU
    int comp_index[MAX_COMPS_IN_SCAN];
    int block_comp[D_MAX_BLOCKS_IN_MCU], block_x[D_MAX_BLOCKS_IN_MCU], block_y[D_MAX_BLOCKS_IN_MCU];
    int block_h[D_MAX_BLOCKS_IN_MCU], block_v[D_MAX_BLOCKS_IN_MCU];  // the block's component's MCU size in blocks
    int mcus_per_row, mcu_rows, restart, mcu_w, mcu_h;
    dtable dc[MAX_COMPS_IN_SCAN], ac[MAX_COMPS_IN_SCAN];
    etable edc[MAX_COMPS_IN_SCAN], eac[MAX_COMPS_IN_SCAN];
    uint64_t *mcu_bit;                // per MCU (and one past the last): where it starts
    int16_t *mcu_dc;                  // per MCU (and one past): the DC predictions there
    uint64_t *rst_end;                // per restart k ≥ 1: where interval k-1's last MCU ends
    band *bands;
    int band_count, band_cap, walked;
};

// MARK: - Huffman tables

/// Builds both tables from libjpeg's parsed DHT; 0 if the table is invalid (as jdhuff.c judges).
static int build_tables(const JHUFF_TBL *h, dtable *dt, etable *et) {
    int count = 0;
    for (int l = 1; l <= 16; l++) count += h->bits[l];
    if (count > 256) return 0;
    memset(dt, 0, sizeof *dt);
    memset(et, 0, sizeof *et);
    memcpy(dt->huffval, h->huffval, (size_t)count);
    int32_t code = 0;
    int k = 0;
    for (int l = 1; l <= 16; l++) {
        dt->valoffset[l] = k - code;
        for (int i = 0; i < h->bits[l]; i++, k++, code++) {
            uint8_t sym = h->huffval[k];
            if (!et->size[sym]) {
                et->code[sym] = (uint32_t)code;
                et->size[sym] = (uint8_t)l;
            }
            if (l <= LOOK) {
                int base = code << (LOOK - l);
                for (int j = 0; j < 1 << (LOOK - l); j++) dt->look[base + j] = (uint16_t)(l << 8 | sym);
            }
        }
        dt->maxcode[l] = h->bits[l] ? code - 1 : -1;
        if (code >= (int32_t)1 << l) return 0;  // overflows, or uses the all-ones code
        code <<= 1;
    }
    dt->maxcode[17] = INT32_MAX;
    return 1;
}

/// The 32 bits at bit `pos` of `d`, first bit highest.
static inline uint32_t peek32(const uint8_t *d, uint64_t pos) {
    uint64_t v;
    memcpy(&v, d + (pos >> 3), 8);
    return (uint32_t)((__builtin_bswap64(v) << (pos & 7)) >> 32);
}

/// The symbol whose code starts `w`, its size in `*len`; -1 for no code.
static inline int huff_decode(const dtable *t, uint32_t w, int *len) {
    uint16_t e = t->look[w >> (32 - LOOK)];
    if (e) {
        *len = e >> 8;
        return e & 0xFF;
    }
    for (int l = LOOK + 1; l <= 16; l++) {
        int32_t code = (int32_t)(w >> (32 - l));
        if (code <= t->maxcode[l]) {
            *len = l;
            return t->huffval[code + t->valoffset[l]];
        }
    }
    return -1;
}

/// The value of `s` extra bits `v`, as JPEG codes magnitudes.
static inline int extend(uint32_t v, int s) { return v < (1u << (s - 1)) ? (int)v - (1 << s) + 1 : (int)v; }

/// Decodes one block at `*pos` with DC prediction `*pred`, into `out` (natural order) when not
/// NULL. 0 for a bad code, a coefficient past the 64th or one out of 8-bit JPEG's range.
static inline __attribute__((always_inline)) int walk_block_into(const uint8_t *data, uint64_t *pos, const dtable *dc,
                                                                 const dtable *ac, int *pred, JCOEF *out) {
    // One look at 32 bits serves a code and its value bits: at most 16 + 11 of them.
    uint64_t p = *pos;
    uint32_t w = peek32(data, p);
    int len, s = huff_decode(dc, w, &len);
    if (s < 0 || s > 11) return 0;
    int diff = s ? extend((w << len) >> (32 - s), s) : 0;
    p += (uint64_t)(len + s);
    int value = *pred + diff;
    if (value < -32768 || value > 32767) return 0;
    *pred = value;
    if (out) {
        memset(out, 0, sizeof(JBLOCK));
        out[0] = (JCOEF)value;
    }
    for (int k = 1; k < DCTSIZE2; k++) {
        w = peek32(data, p);
        int rs = huff_decode(ac, w, &len);
        if (rs < 0) return 0;
        int r = rs >> 4;
        s = rs & 15;
        if (s) {
            k += r;
            if (k > 63 || s > 10) return 0;
            if (out) out[zigzag[k]] = (JCOEF)extend((w << len) >> (32 - s), s);
            p += (uint64_t)(len + s);
        } else if (r == 15) {
            k += 15;
            p += (uint64_t)len;
        } else {
            p += (uint64_t)len;
            break;  // end of block
        }
    }
    *pos = p;
    return 1;
}

/// walk_block_into, made twice: storing the coefficients, and (for most of the picture) not.
static int walk_block(const uint8_t *data, uint64_t *pos, const dtable *dc, const dtable *ac, int *pred, JCOEF *out) {
    return out ? walk_block_into(data, pos, dc, ac, pred, out) : walk_block_into(data, pos, dc, ac, pred, NULL);
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

/// Block `b` of MCU (mx, my) in `bd`, which holds that MCU.
static JCOEF *band_block(const tp_scan *s, const band *bd, int b, int mx, int my) {
    return tp_lossless_band_row(bd->t, s->comp_index[s->block_comp[b]], (my - bd->y0) * s->block_v[b] + s->block_y[b])
        [(mx - bd->x0) * s->block_h[b] + s->block_x[b]];
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
    int pred[MAX_COMPS_IN_SCAN] = {0};
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
        int kept = 0;  // whether any band holds this MCU
        for (int i = 0; i < s->band_count && !kept; i++) {
            const band *bd = &s->bands[i];
            kept = mx >= bd->x0 && mx < bd->x1 && my >= bd->y0 && my < bd->y1;
        }
        for (int b = 0; b < s->blocks; b++) {
            int c = s->block_comp[b];
            // A block reads at most about 210 bytes: past the end it reads only the padding.
            if (!walk_block(s->data, &pos, &s->dc[c], &s->ac[c], &pred[c], kept ? block : NULL) || pos > limit) return 0;
            for (int i = 0; kept && i < s->band_count; i++) {
                const band *bd = &s->bands[i];
                if (mx >= bd->x0 && mx < bd->x1 && my >= bd->y0 && my < bd->y1) memcpy(band_block(s, bd, b, mx, my), block, sizeof block);
            }
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
    if (setjmp(s->err.jump)) {
        tp_copy_message(msg, msg_cap, s->err.message);
        int code = s->err.code;
        tp_scan_close(s);
        return code;
    }
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
        if (!dc || !ac || !build_tables(dc, &s->dc[i], &s->edc[i]) || !build_tables(ac, &s->ac[i], &s->eac[i]))
            fail_now((j_common_ptr)d, TP_UNSUPPORTED, "a Huffman table is missing or invalid");
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

int tp_scan_walk(tp_scan *s, char *msg, size_t msg_cap) {
    if (s->walked) {
        tp_copy_message(msg, msg_cap, "the scan was walked already");
        return TP_MISUSE;
    }
    s->walked = 1;
    if (!walk(s)) {
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
    if (s->created) jpeg_destroy_decompress(&s->d);
    free(s->data);
    free(s->markers);
    free(s->mcu_bit);
    free(s->mcu_dc);
    free(s->rst_end);
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
    int code = tp_lossless_open_band(s->bytes, s->len, bx0, by0, bx1, by1, &bd->t, msg, msg_cap);
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
                if (mx >= to->x0 && mx < to->x1 && my >= to->y0 && my < to->y1)
                    for (int b = 0; b < s->blocks; b++)
                        memcpy(band_block(s, to, b, mx, my), band_block(s, from, b, mx, my), sizeof(JBLOCK));
    }
}

// MARK: - Write

/// The output, made in memory: bits gathered MSB first, 0xFF bytes stuffed.
typedef struct {
    uint8_t *buf;
    size_t len, cap;
    uint64_t acc;
    int bits, failed;
} writer;

static void reserve(writer *w, size_t more) {
    if (w->len + more <= w->cap) return;
    size_t cap = w->cap ? w->cap : w->len + more;
    while (cap < w->len + more) cap += cap / 2;
    uint8_t *grown = realloc(w->buf, cap);
    if (!grown) {
        w->failed = 1;  // every writer stops here; the result is dropped
        return;
    }
    w->buf = grown;
    w->cap = cap;
}

/// Appends the low `size` (≤ 32) bits of `value`.
static inline void put_bits(writer *w, uint32_t value, int size) {
    w->acc = (w->acc << size) | value;
    w->bits += size;
    while (w->bits >= 8) {
        w->bits -= 8;
        uint8_t byte = (uint8_t)(w->acc >> w->bits);
        w->buf[w->len++] = byte;
        if (byte == 0xFF) w->buf[w->len++] = 0;
    }
}

/// Pads the last byte with 1 bits.
static void flush_bits(writer *w) {
    reserve(w, 16);
    if (!w->failed && w->bits) put_bits(w, (1u << (8 - w->bits)) - 1, 8 - w->bits);
}

static void put_bytes(writer *w, const uint8_t *p, size_t n) {
    reserve(w, n);
    if (w->failed) return;
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

/// Restart marker k (k ≥ 1) before the MCU that starts interval k.
static void put_restart(writer *w, long k) {
    flush_bits(w);
    uint8_t marker[2] = {0xFF, (uint8_t)(0xD0 + ((k - 1) & 7))};
    put_bytes(w, marker, 2);
}

/// Appends 32 bits: four bytes at once when none of them is 0xFF.
static inline void put_32(writer *w, uint32_t value) {
    uint32_t out = (uint32_t)(((w->acc << 32) | value) >> w->bits);
    if (((~out - 0x01010101u) & out & 0x80808080u) == 0) {  // no byte of `out` is 0xFF
        w->acc = (w->acc << 32) | value;
        uint32_t be = __builtin_bswap32(out);
        memcpy(w->buf + w->len, &be, 4);
        w->len += 4;
        return;
    }
    put_bits(w, value, 32);
}

/// Copies bits [from, to) of the unstuffed scan.
static void copy_bits(writer *w, const uint8_t *data, uint64_t from, uint64_t to) {
    reserve(w, (size_t)((to - from) / 8) * 2 + 16);
    if (w->failed) return;
    for (; to - from >= 32; from += 32) put_32(w, peek32(data, from));
    if (to > from) put_bits(w, peek32(data, from) >> (32 - (int)(to - from)), (int)(to - from));
}

/// The number of bits of |v|.
static inline int magnitude_bits(int v) { return v ? 32 - __builtin_clz((unsigned)(v < 0 ? -v : v)) : 0; }

/// Codes value `v` of `nbits` bits after symbol `sym`... as jchuff.c does: negative values as v-1.
static inline void put_value(writer *w, int v, int nbits) {
    if (nbits) put_bits(w, (uint32_t)(v < 0 ? v - 1 : v) & ((1u << nbits) - 1), nbits);
}

/// Codes one block with prediction `*pred`. A symbol the tables lack is replaced by the largest
/// magnitude of the same run they code (or the coefficient dropped), counted in `*approximated`;
/// when `approximated` is NULL (a block no tag changed, which must stay as it is), or when not
/// even that is possible (no end-of-block code, say), the result is 0.
static int encode_block(writer *w, const JCOEF *block, int *pred, const etable *dc, const etable *ac, const int *next_dc,
                        int *approximated) {
    int diff = block[0] - *pred, nbits = magnitude_bits(diff), changed = 0;
    if (next_dc) {
        // The DC nearest the block's own from which the next block's, copied as it is, can be
        // reached with a code the table has.
        int found = 0;
        for (int d = 0; d <= 4096 && !found; d++)
            for (int sign = 1; sign >= -1 && !found; sign -= 2) {
                int v = block[0] + sign * d;
                if (dc->size[magnitude_bits(v - *pred)] && dc->size[magnitude_bits(*next_dc - v)]) {
                    found = 1;
                    diff = v - *pred;
                    changed += d != 0;
                }
            }
        if (!found) return 0;
        nbits = magnitude_bits(diff);
    }
    while (nbits > 0 && !dc->size[nbits]) {
        nbits--;
        diff = diff < 0 ? -((1 << nbits) - 1) : (1 << nbits) - 1;
        changed++;
    }
    if (!dc->size[nbits]) return 0;
    *pred += diff;
    put_bits(w, dc->code[nbits], dc->size[nbits]);
    put_value(w, diff, nbits);
    int run = 0;
    for (int k = 1; k < DCTSIZE2; k++) {
        int v = block[zigzag[k]];
        if (!v) {
            run++;
            continue;
        }
        int bits = magnitude_bits(v);
        if (run > 15 && !ac->size[0xF0]) {
            changed++;  // no code for sixteen zeros: the rest of the block is dropped
            break;
        }
        // The largest magnitude of this run the tables code.
        int s = bits;
        while (s > 0 && !ac->size[((run & 15) << 4) | s]) s--;
        if (s != bits) {
            changed++;
            if (!s) {
                run++;
                continue;
            }
            v = v < 0 ? -((1 << s) - 1) : (1 << s) - 1;
        }
        for (; run > 15; run -= 16) put_bits(w, ac->code[0xF0], ac->size[0xF0]);
        int sym = (run << 4) | s;
        put_bits(w, ac->code[sym], ac->size[sym]);
        put_value(w, v, s);
        run = 0;
    }
    if (run) {
        if (!ac->size[0x00]) return 0;
        put_bits(w, ac->code[0x00], ac->size[0x00]);
    }
    if (!approximated) return changed == 0;
    *approximated += changed;
    return 1;
}

/// The source's markers up to and with SOS, but for APP1, APP3–APP13, APP15, comments and an
/// APP2 that is not an ICC profile's; 0 for anything but plain segments.
static int put_header(writer *w, const tp_scan *s) {
    const uint8_t *b = s->bytes;
    put_bytes(w, b, 2);
    size_t p = 2;
    while (p < s->data_start) {
        if (p + 4 > s->data_start || b[p] != 0xFF) return 0;
        uint8_t m = b[p + 1];
        size_t n = 2 + ((size_t)b[p + 2] << 8 | b[p + 3]);
        if (n < 4 || p + n > s->data_start) return 0;
        int icc = m == JPEG_APP0 + 2 && n >= 4 + 12 && memcmp(b + p + 4, "ICC_PROFILE", 12) == 0;
        int dropped = (m >= JPEG_APP0 + 1 && m <= JPEG_APP0 + 15 && m != JPEG_APP0 + 14 && !icc) || m == JPEG_COM;
        if (!dropped) put_bytes(w, b + p, n);
        p += n;
    }
    return p == s->data_start;
}

/// The band whose rectangle holds MCU m, or NULL.
static const band *painted_at(const tp_scan *s, long m) {
    int mx = (int)(m % s->mcus_per_row), my = (int)(m / s->mcus_per_row);
    for (int i = 0; i < s->band_count; i++) {
        const band *bd = &s->bands[i];
        if (mx >= bd->px0 && mx < bd->px1 && my >= bd->py0 && my < bd->py1) return bd;
    }
    return NULL;
}

/// Codes MCU m again with predictions `pred`: its blocks from the band painted there, or as the
/// source has them. 0 if the tables cannot.
static int encode_mcu(writer *w, const tp_scan *s, long m, int *pred, int *approximated) {
    int mx = (int)(m % s->mcus_per_row), my = (int)(m / s->mcus_per_row);
    const band *painted = painted_at(s, m);
    reserve(w, (size_t)s->blocks * DCTSIZE2 * 8 + 16);
    if (w->failed) return 1;
    JBLOCK block;
    // A painted MCU followed by a copied one (not after a restart): its last block of each
    // component must leave a DC difference to the next one's first block that the table codes.
    long total = (long)s->mcus_per_row * s->mcu_rows, next = m + 1;
    int next_dc[MAX_COMPS_IN_SCAN], last[MAX_COMPS_IN_SCAN] = {-1, -1, -1, -1}, constrained = 0;
    if (painted && next < total && !(s->restart && next % s->restart == 0) && !painted_at(s, next)) {
        constrained = 1;
        uint64_t pos = s->mcu_bit[next];
        int source_pred[MAX_COMPS_IN_SCAN], seen[MAX_COMPS_IN_SCAN] = {0};
        for (int c = 0; c < MAX_COMPS_IN_SCAN; c++) source_pred[c] = s->mcu_dc[next * MAX_COMPS_IN_SCAN + c];
        for (int b = 0; b < s->blocks; b++) {
            int c = s->block_comp[b];
            walk_block(s->data, &pos, &s->dc[c], &s->ac[c], &source_pred[c], block);  // walked before: cannot fail
            if (!seen[c]) next_dc[c] = block[0];
            seen[c] = 1;
            last[c] = b;
        }
    }
    uint64_t pos = s->mcu_bit[m];
    int source_pred[MAX_COMPS_IN_SCAN];
    for (int c = 0; c < MAX_COMPS_IN_SCAN; c++) source_pred[c] = s->mcu_dc[m * MAX_COMPS_IN_SCAN + c];
    for (int b = 0; b < s->blocks; b++) {
        int c = s->block_comp[b];
        const JCOEF *coefs = block;
        if (painted) coefs = band_block(s, painted, b, mx, my);
        else walk_block(s->data, &pos, &s->dc[c], &s->ac[c], &source_pred[c], block);  // walked before: cannot fail
        const int *reach = constrained && last[c] == b ? &next_dc[c] : NULL;
        if (!encode_block(w, coefs, &pred[c], &s->edc[c], &s->eac[c], reach, painted ? approximated : NULL)) return 0;
    }
    return 1;
}

int tp_scan_write(tp_scan *s, tp_write_fn write, void *ctx, int *approximated, char *msg, size_t msg_cap) {
    *approximated = 0;
    if (!s->walked) {
        tp_copy_message(msg, msg_cap, "the scan was not walked");
        return TP_MISUSE;
    }
    writer w = {0};
    reserve(&w, s->len + s->len / 8 + 65536);  // about the source's size: no doubling as it grows
    int ok = put_header(&w, s), copying = 0, pred[MAX_COMPS_IN_SCAN] = {0};
    uint64_t from = 0;
    long total = (long)s->mcus_per_row * s->mcu_rows;
    for (long m = 0; ok && m < total && !w.failed; m++) {
        if (s->restart && m > 0 && m % s->restart == 0) {
            long k = m / s->restart;
            if (copying) copy_bits(&w, s->data, from, s->rst_end[k]);
            copying = 0;
            put_restart(&w, k);
            memset(pred, 0, sizeof pred);
        }
        const int16_t *source = s->mcu_dc + m * MAX_COMPS_IN_SCAN;
        int painted = painted_at(s, m) != NULL, differ = 0;
        for (int c = 0; c < s->comps; c++) differ |= pred[c] != source[c];
        if (!painted && !differ) {
            if (!copying) from = s->mcu_bit[m];
            copying = 1;
            for (int c = 0; c < s->comps; c++) pred[c] = source[MAX_COMPS_IN_SCAN + c];  // as the source leaves them
            continue;
        }
        if (copying) copy_bits(&w, s->data, from, s->mcu_bit[m]);
        copying = 0;
        ok = encode_mcu(&w, s, m, pred, approximated);
    }
    if (copying) copy_bits(&w, s->data, from, s->mcu_bit[total]);
    flush_bits(&w);
    static const uint8_t eoi[2] = {0xFF, 0xD9};
    put_bytes(&w, eoi, 2);
    int code = TP_OK;
    if (w.failed) {
        tp_copy_message(msg, msg_cap, "out of memory");
        code = TP_NOMEM;
    } else if (!ok) {
        tp_copy_message(msg, msg_cap, "the source's Huffman tables cannot code the tags' blocks");
        code = TP_UNSUPPORTED;
    } else {
        for (size_t off = 0; off < w.len; off += 65536) {
            size_t n = w.len - off < 65536 ? w.len - off : 65536;
            if (write(ctx, w.buf + off, n) != 0) {
                tp_copy_message(msg, msg_cap, "the output refused the bytes");
                code = TP_IO;
                break;
            }
        }
    }
    free(w.buf);
    return code;
}
