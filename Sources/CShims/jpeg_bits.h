#ifndef TP_JPEG_BITS_H
#define TP_JPEG_BITS_H
// Private to the JPEG shims that write entropy-coded data themselves (jpeg_scan_write.c, the MCU
// path's output; jpeg_coef_write.c, the coefficient path's): the bit writer, stuffed or raw, and
// the coding of a block's symbols, counted or written.
#include "jpeg_scan_private.h"

// MARK: - Bits

/// The output, made in memory: bits gathered MSB first, 0xFF bytes stuffed, or (`raw`) not: a
/// stretch of a scan coded apart, to be copied into the stuffed output later (copy_bits).
typedef struct {
    uint8_t *buf;
    size_t len, cap;
    uint64_t acc;
    int bits, failed;  // bits: how many of acc's low bits are still to go out, always under 32
    int raw;
} writer;

static inline void reserve(writer *w, size_t more) {
    if (w->failed || w->len + more <= w->cap) return;
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

static inline void put_byte(writer *w, uint8_t byte) {
    w->buf[w->len++] = byte;
    if (byte == 0xFF) w->buf[w->len++] = 0;
}

/// Appends the low `size` (0–32) bits of `value`, which has no higher bits; whole 32-bit words go
/// out at once (at most 8 bytes, stuffed: the caller has reserved them).
static inline __attribute__((always_inline)) void put_bits(writer *w, uint32_t value, int size) {
    w->acc = (w->acc << size) | value;
    w->bits += size;
    if (w->bits < 32) return;
    w->bits -= 32;
    uint32_t out = (uint32_t)(w->acc >> w->bits);
    if (w->raw || ((~out - 0x01010101u) & out & 0x80808080u) == 0) {  // no byte of `out` is 0xFF
        uint32_t be = __builtin_bswap32(out);
        memcpy(w->buf + w->len, &be, 4);
        w->len += 4;
        return;
    }
    for (int shift = 24; shift >= 0; shift -= 8) put_byte(w, (uint8_t)(out >> shift));
}

/// Pads the last byte with 1 bits and puts out every whole byte.
static inline void flush_bits(writer *w) {
    reserve(w, 16);
    if (w->failed) return;
    int pad = (8 - (w->bits & 7)) & 7;
    w->acc = (w->acc << pad) | ((1u << pad) - 1);
    w->bits += pad;
    while (w->bits >= 8) {
        w->bits -= 8;
        put_byte(w, (uint8_t)(w->acc >> w->bits));
    }
}

static inline void put_bytes(writer *w, const uint8_t *p, size_t n) {
    reserve(w, n);
    if (w->failed) return;
    memcpy(w->buf + w->len, p, n);
    w->len += n;
}

/// Copies bits [from, to) of unstuffed data (a scan, or a raw writer's), which has 8 readable bytes
/// past `to`.
static inline void copy_bits(writer *w, const uint8_t *data, uint64_t from, uint64_t to) {
    reserve(w, (size_t)((to - from) / 8) * 2 + 16);
    if (w->failed) return;
    writer local = *w;  // in registers for the loop
    for (; to - from >= 32; from += 32) put_bits(&local, peek32(data, from), 32);
    if (to > from) put_bits(&local, peek32(data, from) >> (32 - (int)(to - from)), (int)(to - from));
    *w = local;
}

/// A DHT segment defining `count` tables: table `tables[i]` as `ids[i]` (class << 4 | number).
static inline void put_huffman_tables(writer *w, int count, const uint8_t *ids, const JHUFF_TBL *const *tables) {
    size_t length = 2;
    for (int i = 0; i < count; i++) {
        length += 17;
        for (int l = 1; l <= 16; l++) length += tables[i]->bits[l];
    }
    uint8_t head[4] = {0xFF, 0xC4, (uint8_t)(length >> 8), (uint8_t)length};
    put_bytes(w, head, 4);
    for (int i = 0; i < count; i++) {
        size_t symbols = 0;
        for (int l = 1; l <= 16; l++) symbols += tables[i]->bits[l];
        put_bytes(w, &ids[i], 1);
        put_bytes(w, tables[i]->bits + 1, 16);
        put_bytes(w, tables[i]->huffval, symbols);
    }
}

/// A raw writer's last bits, put out with zeros after them (and 8 bytes more, for copy_bits);
/// how many bits it holds.
static inline uint64_t finish_raw(writer *w) {
    uint64_t total = (uint64_t)w->len * 8 + (uint64_t)w->bits;
    reserve(w, 16);
    if (w->failed) return 0;
    uint64_t last = w->bits ? w->acc << (64 - w->bits) : 0;
    last = __builtin_bswap64(last);
    memcpy(w->buf + w->len, &last, 8);
    memset(w->buf + w->len + 8, 0, 8);
    return total;
}

// MARK: - Symbols

enum { OUT_COMPS = MAX_COMPS_IN_SCAN };  // the scan's components, or Y, Cb and Cr

/// Where coded symbols go: counted (`w` NULL), noting any `dc`/`ac` has no code for, or written
/// with `dc`/`ac`. Output component 0… are the scan's components; with gained colour, 1 and 2 are
/// Cb and Cr.
typedef struct {
    writer *w;
    const etable *dc[OUT_COMPS], *ac[OUT_COMPS];  // counting: the source's tables to check (NULL: none)
    uint64_t *dcf[OUT_COMPS], *acf[OUT_COMPS];
    int missing;     // a symbol the tables have no code for
    int impossible;  // a value no JPEG can code (a DC difference over 11 bits)
} coder;

static inline void put_symbol(coder *k, const etable *t, uint64_t *freq, int sym, uint32_t extra, int nbits) {
    if (!k->w) {
        freq[sym]++;
        if (t && !t->size[sym]) k->missing = 1;
        return;
    }
    if (!t->size[sym]) {
        k->missing = 1;  // the tables were checked, or made, for these very symbols: never
        return;
    }
    put_bits(k->w, t->code[sym] << nbits | extra, t->size[sym] + nbits);
}

/// The number of bits of |v|.
static inline int magnitude_bits(int v) { return v ? 32 - __builtin_clz((unsigned)(v < 0 ? -v : v)) : 0; }

/// The `nbits` value bits of `v`, as jchuff.c codes them: negative values as v-1.
static inline uint32_t value_bits(int v, int nbits) { return nbits ? (uint32_t)(v < 0 ? v - 1 : v) & ((1u << nbits) - 1) : 0; }

/// Codes `block` (natural order) as output component `oc`, with prediction `*pred`.
static inline void encode_block(coder *k, int oc, const JCOEF *block, int *pred) {
    int diff = block[0] - *pred, nbits = magnitude_bits(diff);
    if (nbits > 11) {
        k->impossible = 1;
        return;
    }
    *pred = block[0];
    put_symbol(k, k->dc[oc], k->dcf[oc], nbits, value_bits(diff, nbits), nbits);
    int run = 0;
    for (int i = 1; i < DCTSIZE2; i++) {
        int v = block[zigzag[i]];
        if (!v) {
            run++;
            continue;
        }
        for (; run > 15; run -= 16) put_symbol(k, k->ac[oc], k->acf[oc], 0xF0, 0, 0);
        nbits = magnitude_bits(v);
        if (nbits > 10) {
            k->impossible = 1;
            return;
        }
        put_symbol(k, k->ac[oc], k->acf[oc], run << 4 | nbits, value_bits(v, nbits), nbits);
        run = 0;
    }
    if (run) put_symbol(k, k->ac[oc], k->acf[oc], 0x00, 0, 0);
}

/// Codes an all-zero block (a gained colour plane away from the tags) as output component `oc`.
static inline void encode_zero(coder *k, int oc, int *pred) {
    int nbits = magnitude_bits(*pred);
    put_symbol(k, k->dc[oc], k->dcf[oc], nbits, value_bits(-*pred, nbits), nbits);
    *pred = 0;
    put_symbol(k, k->ac[oc], k->acf[oc], 0x00, 0, 0);
}

#endif
