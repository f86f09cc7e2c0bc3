// Lossless JPEG export by MCUs, the output (see tp_jpeg_scan.h for the contract; the walk is
// jpeg_scan.c's).
//
// An MCU is coded again when it lies in a painted rectangle, or when the predictions the output
// has reached differ from those the source had there (the MCU after a re-coded one, whose DC
// differences would otherwise be wrong; it is decoded from the source); every other MCU is
// copied bit for bit, runs of them at a time. Restart markers are written where the source has
// them. The output is made in memory and handed over only when complete.
#include "jpeg_scan_private.h"

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
            walk_block(s->data, &pos, s->dc[c], s->ac[c], &source_pred[c], block);  // walked before: cannot fail
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
        else walk_block(s->data, &pos, s->dc[c], s->ac[c], &source_pred[c], block);  // walked before: cannot fail
        const int *reach = constrained && last[c] == b ? &next_dc[c] : NULL;
        if (!encode_block(w, coefs, &pred[c], s->edc[c], s->eac[c], reach, painted ? approximated : NULL)) return 0;
    }
    return 1;
}

int tp_scan_write(tp_scan *s, tp_write_fn write, void *ctx, int *approximated, char *msg, size_t msg_cap) {
    *approximated = 0;
    if (!s->walked) {
        tp_copy_message(msg, msg_cap, "the scan was not walked");
        return TP_MISUSE;
    }
    if (!tp_scan_join(s)) {
        tp_copy_message(msg, msg_cap, "the scan is not regular");
        return TP_UNSUPPORTED;
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
            tp_crash_point(TP_CRASH_OUTPUT_STARTED);
        }
    }
    free(w.buf);
    return code;
}
