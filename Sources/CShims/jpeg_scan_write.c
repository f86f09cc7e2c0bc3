// Lossless JPEG export by MCUs, the output (see tp_jpeg_scan.h for the contract; the walk is
// jpeg_scan.c's).
//
// An MCU is coded again when it lies in a painted rectangle, or when the predictions the output
// has reached differ from those the source had there (the MCU after a re-coded one, whose DC
// differences would otherwise be wrong; it is decoded from the source). A first pass counts the
// symbols of those MCUs: when the source's tables code them all, every other MCU is copied bit for
// bit, runs of them at a time; when they do not (tables the encoder cut to the photo's own
// symbols), new optimal tables are made (Annex K.2, as libjpeg's jpeg_gen_optimal_table) from
// those counts and the walk's counts of the rest, and every other MCU is coded again symbol by
// symbol: the same symbols and value bits, new codes, so its coefficients stay the source's.
// A greyscale source whose tags have colour gains Cb and Cr (all zero outside the tags) and is
// written interleaved, its luma blocks copied or coded again the same way. Restart markers are
// written where the source has them. The output is made in memory and handed over only when
// complete.
#include "jpeg_bits.h"

/// Restart marker k (k ≥ 1) before the MCU that starts interval k.
static void put_restart(writer *w, long k) {
    flush_bits(w);
    uint8_t marker[2] = {0xFF, (uint8_t)(0xD0 + ((k - 1) & 7))};
    put_bytes(w, marker, 2);
}

// MARK: - Symbols

/// The most bits an MCU can take, stuffed: every block's 64 codes of at most 16 + 11 bits, twice.
static size_t mcu_worst(const tp_scan *s) { return (size_t)(s->blocks + 2) * DCTSIZE2 * 7 + 32; }


/// Codes the source's block at `*pos` (walked before, with the same prediction) again as output
/// component `oc`: each of its symbols with the same value bits.
static void transcode_block(coder *k, int oc, const uint8_t *data, uint64_t *pos, const dtable *dc, const dtable *ac) {
    uint64_t p = *pos;
    uint32_t w = peek32(data, p);
    int len, s = huff_decode(dc, w, &len);
    if (s < 0 || s > 11) {  // the walk has read this block: never
        k->impossible = 1;
        return;
    }
    put_symbol(k, k->dc[oc], k->dcf[oc], s, s ? (w << len) >> (32 - s) : 0, s);
    p += (uint64_t)(len + s);
    for (int i = 1; i < DCTSIZE2; i++) {
        w = peek32(data, p);
        int rs = huff_decode(ac, w, &len);
        if (rs < 0 || (rs & 15) > 10) {
            k->impossible = 1;
            return;
        }
        int r = rs >> 4;
        s = rs & 15;
        put_symbol(k, k->ac[oc], k->acf[oc], rs, s ? (w << len) >> (32 - s) : 0, s);
        p += (uint64_t)(len + s);
        if (s) i += r;
        else if (r == 15) i += 15;
        else break;  // end of block
    }
    *pos = p;
}

/// transcode_block made for writing, the MCUs' bulk when the tables are new: each code looked up
/// in the source's tables and written with `edc`/`eac`, its value bits as they are. Sets `*bad`
/// for a symbol the new tables lack (never: they were made from these very symbols).
static inline __attribute__((always_inline)) void recode_block(writer *w, const uint8_t *data, uint64_t *pos, const dtable *dc,
                                                               const dtable *ac, const etable *edc, const etable *eac, int *bad) {
    uint64_t p = *pos;
    uint32_t word = peek32(data, p);
    int len, s = huff_decode(dc, word, &len);
    if (s < 0 || s > 11 || !edc->size[s]) {
        *bad = 1;
        return;
    }
    // The s bits after the code (none for s = 0), without a branch.
    uint32_t extra = (uint32_t)(((uint64_t)(word << len) << s) >> 32);
    put_bits(w, edc->code[s] << s | extra, edc->size[s] + s);
    p += (uint64_t)(len + s);
    for (int i = 1; i < DCTSIZE2; i++) {
        word = peek32(data, p);
        int rs = huff_decode(ac, word, &len);
        if (rs < 0 || !eac->size[rs]) {
            *bad = 1;
            return;
        }
        s = rs & 15;
        extra = (uint32_t)(((uint64_t)(word << len) << s) >> 32);
        put_bits(w, eac->code[rs] << s | extra, eac->size[rs] + s);
        p += (uint64_t)(len + s);
        if (s) i += rs >> 4;
        else if (rs == 0xF0) i += 15;
        else break;  // end of block
    }
    *pos = p;
}

// MARK: - The MCUs

enum { COUNT, COPY, TRANSCODE };

/// Where MCU m's coded data ends in the unstuffed scan (before a restart's padding).
static uint64_t mcu_end(const tp_scan *s, long m) {
    long total = (long)s->mcus_per_row * s->mcu_rows;
    return m + 1 < total && starts_interval(s, m + 1) ? s->rst_end[(m + 1) / s->restart] : s->mcu_bit[m + 1];
}

/// One pass over every MCU, in the output's order. COUNT: counts into `k` the symbols of the MCUs
/// coded anew (the walk counted the others) and of the gained colour planes. COPY: writes, the
/// MCUs that need not be coded again copied as they are (runs of them, when no colour plane comes
/// between). TRANSCODE: writes, those MCUs' symbols coded again with `k`'s new tables.
static void run_mcus(const tp_scan *s, coder *k, writer *w, int mode, int colour) {
    static const JBLOCK zero;
    long total = (long)s->mcus_per_row * s->mcu_rows;
    int pred[MAX_COMPS_IN_SCAN] = {0}, chroma[3] = {0}, copying = 0;
    uint64_t from = 0;
    JBLOCK block;
    for (long m = 0; m < total && !k->impossible && !(w && (w->failed || k->missing)); m++) {
        if (starts_interval(s, m)) {
            long r = m / s->restart;
            if (copying) copy_bits(w, s->data, from, s->rst_end[r]);
            copying = 0;
            if (w) put_restart(w, r);
            memset(pred, 0, sizeof pred);
            memset(chroma, 0, sizeof chroma);
        }
        if (w) reserve(w, mcu_worst(s));
        if (w && w->failed) break;
        int mx = (int)(m % s->mcus_per_row), my = (int)(m / s->mcus_per_row);
        const band *painted = painted_at(s, m);
        const int16_t *source = s->mcu_dc + m * MAX_COMPS_IN_SCAN;
        int differ = 0;
        for (int c = 0; c < s->comps; c++) differ |= pred[c] != source[c];
        if (!painted && !differ) {
            // The MCU as the source codes it, its predictions the source's.
            if (mode == COPY && !colour) {
                if (!copying) from = s->mcu_bit[m];
                copying = 1;
            } else if (mode == COPY) {
                copy_bits(w, s->data, s->mcu_bit[m], mcu_end(s, m));
            } else if (mode == TRANSCODE) {
                uint64_t pos = s->mcu_bit[m];
                for (int b = 0; b < s->blocks; b++) {
                    int c = s->block_comp[b];
                    recode_block(w, s->data, &pos, s->dc[c], s->ac[c], k->dc[c], k->ac[c], &k->missing);
                }
            } else if (coded_anew(s, m)) {
                uint64_t pos = s->mcu_bit[m];
                for (int b = 0; b < s->blocks; b++) {
                    int c = s->block_comp[b];
                    transcode_block(k, c, s->data, &pos, s->dc[c], s->ac[c]);
                }
            }
            for (int c = 0; c < s->comps; c++) pred[c] = source[MAX_COMPS_IN_SCAN + c];  // as the source leaves them
        } else {
            if (copying) copy_bits(w, s->data, from, s->mcu_bit[m]);
            copying = 0;
            uint64_t pos = s->mcu_bit[m];
            int source_pred[MAX_COMPS_IN_SCAN];
            for (int c = 0; c < MAX_COMPS_IN_SCAN; c++) source_pred[c] = source[c];
            for (int b = 0; b < s->blocks; b++) {
                int c = s->block_comp[b];
                const JCOEF *coefs = block;
                if (painted) coefs = band_block(s, painted, b, mx, my);
                else walk_block(s->data, &pos, s->dc[c], s->ac[c], &source_pred[c], block, NULL, NULL);  // walked before: cannot fail
                encode_block(k, c, coefs, &pred[c]);
            }
        }
        for (int c = 1; colour && c < 3; c++) {
            const JCOEF *coefs = painted ? band_plane_block(painted, c, mx - painted->x0, my - painted->y0) : zero;
            if (coefs == zero) encode_zero(k, c, &chroma[c]);
            else encode_block(k, c, coefs, &chroma[c]);
        }
    }
    if (copying) copy_bits(w, s->data, from, s->mcu_bit[total]);
}

// MARK: - Tables

/// The tables a write defines before its scan: (class, number) and the table.
typedef struct {
    int count;
    struct {
        int ac, slot;
        JHUFF_TBL h;
        etable e;
    } t[2 * NUM_HUFF_TBLS];
} new_tables;

/// Adds the optimal table for `counts` as table `slot` of class `ac`; its codes, or NULL if it
/// is not one jdhuff.c accepts (never).
static const etable *add_table(new_tables *nt, int ac, int slot, const uint64_t *counts) {
    for (int i = 0; i < nt->count; i++)
        if (nt->t[i].ac == ac && nt->t[i].slot == slot) return &nt->t[i].e;
    if (nt->count == 2 * NUM_HUFF_TBLS) return NULL;
    int i = nt->count++;
    nt->t[i].ac = ac;
    nt->t[i].slot = slot;
    tp_scan_optimal_table(counts, &nt->t[i].h);
    return tp_scan_build_tables(&nt->t[i].h, !ac, NULL, &nt->t[i].e) ? &nt->t[i].e : NULL;
}

// MARK: - Header

/// The source's markers up to and with SOS, but for APP1, APP3–APP13, APP15, comments and an
/// APP2 that is not an ICC profile's; the DHTs dropped for `nt` (defined just before SOS), when
/// `replace_tables`; with gained colour, no Adobe marker and a SOF and SOS of Y, Cb and Cr, which
/// use tables `chroma_dc` and `chroma_ac`. 0 for anything but plain segments.
static int put_header(writer *w, const tp_scan *s, const new_tables *nt, int replace_tables, int colour, int chroma_dc,
                      int chroma_ac) {
    const uint8_t *b = s->bytes;
    put_bytes(w, b, 2);
    size_t p = 2;
    int framed = 0;
    while (p < s->data_start) {
        if (p + 4 > s->data_start || b[p] != 0xFF) return 0;
        uint8_t m = b[p + 1];
        size_t n = 2 + ((size_t)b[p + 2] << 8 | b[p + 3]);
        if (n < 4 || p + n > s->data_start) return 0;
        int icc = m == JPEG_APP0 + 2 && n >= 4 + 12 && memcmp(b + p + 4, "ICC_PROFILE", 12) == 0;
        int dropped = (m >= JPEG_APP0 + 1 && m <= JPEG_APP0 + 15 && m != JPEG_APP0 + 14 && !icc) || m == JPEG_COM ||
                      (m == JPEG_APP0 + 14 && colour) || (m == 0xC4 && replace_tables);
        if (m == 0xDA) {
            if (nt->count) {
                uint8_t ids[2 * NUM_HUFF_TBLS];
                const JHUFF_TBL *tables[2 * NUM_HUFF_TBLS];
                for (int i = 0; i < nt->count; i++) {
                    ids[i] = (uint8_t)(nt->t[i].ac << 4 | nt->t[i].slot);
                    tables[i] = &nt->t[i].h;
                }
                put_huffman_tables(w, nt->count, ids, tables);
            }
            if (colour) {
                uint8_t sos[14] = {0xFF, 0xDA, 0, 12, 3, 1, (uint8_t)(s->dc_slot[0] << 4 | s->ac_slot[0]),
                                   2, (uint8_t)(chroma_dc << 4 | chroma_ac), 3, (uint8_t)(chroma_dc << 4 | chroma_ac), 0, 63, 0};
                put_bytes(w, sos, sizeof sos);
            } else {
                put_bytes(w, b + p, n);
            }
        } else if (colour && (m == 0xC0 || m == 0xC1)) {
            if (n != 2 + 8 + 3) return 0;  // one component
            uint8_t q = b[p + 12];
            uint8_t sof[19] = {0xFF, m, 0, 17, b[p + 4], b[p + 5], b[p + 6], b[p + 7], b[p + 8], 3,
                               1, 0x11, q, 2, 0x11, q, 3, 0x11, q};
            put_bytes(w, sof, sizeof sof);
            framed = 1;
        } else if (!dropped) {
            put_bytes(w, b + p, n);
        }
        p += n;
    }
    return p == s->data_start && (framed || !colour);
}

// MARK: - Write

int tp_scan_write(tp_scan *s, tp_write_fn write, void *ctx, tp_scan_outcome *outcome, char *msg, size_t msg_cap) {
    memset(outcome, 0, sizeof *outcome);
    if (!s->walked) {
        tp_copy_message(msg, msg_cap, "the scan was not walked");
        return TP_MISUSE;
    }
    if (!tp_scan_join(s)) {
        tp_copy_message(msg, msg_cap, "the scan is not regular");
        return TP_UNSUPPORTED;
    }
    int colour = 0;
    for (int i = 0; s->colour && i < s->band_count; i++) colour |= tp_lossless_band_coloured(s->bands[i].t);
    // Table numbers for the gained Cb and Cr: ones the luma does not use.
    int chroma_dc = s->dc_slot[0] == 0 ? 1 : 0, chroma_ac = s->ac_slot[0] == 0 ? 1 : 0;

    // First, the symbols of what is coded anew: can the source's tables code them?
    symbol_counts *fresh = calloc(1, sizeof *fresh);
    if (!fresh) {
        tp_copy_message(msg, msg_cap, "out of memory");
        return TP_NOMEM;
    }
    coder k = {0};
    for (int c = 0; c < s->comps; c++) {
        k.dc[c] = s->edc[c];
        k.ac[c] = s->eac[c];
        k.dcf[c] = fresh->dc[s->dc_slot[c]];
        k.acf[c] = fresh->ac[s->ac_slot[c]];
    }
    for (int c = 1; colour && c < 3; c++) {
        k.dc[c] = k.ac[c] = NULL;
        k.dcf[c] = fresh->dc[chroma_dc];
        k.acf[c] = fresh->ac[chroma_ac];
    }
    run_mcus(s, &k, NULL, COUNT, colour);
    int replace = k.missing, ok = !k.impossible && (!replace || s->walked_counts);

    // The tables: the source's, or new ones from every symbol's count; new ones for Cb and Cr.
    new_tables *nt = calloc(1, sizeof *nt);
    coder out = {0};
    writer w = {0};
    for (int c = 0; ok && nt && c < s->comps; c++) {
        if (replace) {
            int dc = s->dc_slot[c], ac = s->ac_slot[c];
            for (int sym = 0; sym < 256; sym++) {
                fresh->dc[dc][sym] += s->walked_counts->dc[dc][sym];
                fresh->ac[ac][sym] += s->walked_counts->ac[ac][sym];
                s->walked_counts->dc[dc][sym] = s->walked_counts->ac[ac][sym] = 0;  // a shared table takes them once
            }
        }
    }
    for (int c = 0; ok && nt && c < s->comps; c++) {
        out.dc[c] = replace ? add_table(nt, 0, s->dc_slot[c], fresh->dc[s->dc_slot[c]]) : s->edc[c];
        out.ac[c] = replace ? add_table(nt, 1, s->ac_slot[c], fresh->ac[s->ac_slot[c]]) : s->eac[c];
        ok = out.dc[c] && out.ac[c];
    }
    for (int c = 1; ok && nt && colour && c < 3; c++) {
        out.dc[c] = add_table(nt, 0, chroma_dc, fresh->dc[chroma_dc]);
        out.ac[c] = add_table(nt, 1, chroma_ac, fresh->ac[chroma_ac]);
        ok = out.dc[c] && out.ac[c];
    }
    if (ok && nt) {
        out.w = &w;
        reserve(&w, s->len + s->len / 8 + 65536);  // about the source's size: no doubling as it grows
        ok = put_header(&w, s, nt, replace, colour, chroma_dc, chroma_ac);
        if (ok) run_mcus(s, &out, &w, replace ? TRANSCODE : COPY, colour);
        ok = ok && !out.missing && !out.impossible;
        flush_bits(&w);
        static const uint8_t eoi[2] = {0xFF, 0xD9};
        put_bytes(&w, eoi, 2);
    }
    int code = TP_OK;
    if (!nt || !fresh || w.failed) {
        tp_copy_message(msg, msg_cap, "out of memory");
        code = TP_NOMEM;
    } else if (!ok) {
        tp_copy_message(msg, msg_cap, "a block cannot be coded again as the source has it");
        code = TP_UNSUPPORTED;
    } else {
        outcome->new_tables = replace;
        outcome->colour = colour;
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
    free(nt);
    free(fresh);
    return code;
}
