#ifndef TP_JPEG_SCAN_PRIVATE_H
#define TP_JPEG_SCAN_PRIVATE_H
// Private to jpeg_scan.c (the walk) and jpeg_scan_write.c (the output): the walked scan, its
// Huffman tables, and the block decoder both use.
#include "tp_jpeg_scan.h"
#include "jpeg_lossless_band.h"
#include "jpeg_shared.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// Zigzag index → natural (row-major) index.
static const uint8_t zigzag[DCTSIZE2] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48,
    41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23,
    30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63};

enum { LOOK = 9, PADDING = 1024 };

// MARK: - Nonzero masks (jpeg_progressive.c's AC refinement, jpeg_lossless_own.c's coding)

/// For each byte value v of a block's natural-order nonzero mask at byte j: the same
/// coefficients' bits in zigzag order.
typedef uint64_t zigzag_bits[DCTSIZE2 / 8][256];

static inline void make_zigzag_bits(zigzag_bits t) {
    int order[DCTSIZE2];  // natural index → zigzag index
    for (int k = 0; k < DCTSIZE2; k++) order[zigzag[k]] = k;
    for (int j = 0; j < DCTSIZE2 / 8; j++) {
        t[j][0] = 0;
        for (int v = 1; v < 256; v++) t[j][v] = t[j][v & (v - 1)] | (uint64_t)1 << order[8 * j + __builtin_ctz((unsigned)v)];
    }
}

/// Bit i set for each nonzero coefficient of the four at `a` and bit 4 + i for the four at `b`:
/// each 16-bit lane's top bit set when the lane is nonzero (lanes in memory order: little-endian,
/// as peek32 assumes too), then the eight flags, at bits 0, 16, 32, 48 and 4, 20, 36, 52, gathered
/// to 45–52 by one multiply (no two of its partial products meet).
static inline unsigned nonzero_lanes(const JCOEF *a, const JCOEF *b) {
    const uint64_t low = 0x7FFF7FFF7FFF7FFF, top = 0x8000800080008000;
    uint64_t x, y;
    memcpy(&x, a, 8);
    memcpy(&y, b, 8);
    x = (((x & low) + low) | x) & top;
    y = (((y & low) + low) | y) & top;
    return (unsigned)((x >> 15 | y >> 11) * 0x0000200040008001 >> 45) & 255;
}

/// Bit k set for each nonzero coefficient k (in zigzag order) of `block` in the band Ss–Se,
/// reading no other coefficient: another thread may be writing those. The whole AC band, which
/// most encoders refine, is read eight coefficients at a time, each byte of natural-order flags
/// turned into zigzag bits through `t`.
static inline uint64_t nonzero_in(const JCOEF *block, int Ss, int Se, const zigzag_bits t) {
    if (Ss != 1 || Se != DCTSIZE2 - 1) {
        uint64_t m = 0;
        for (int k = Ss; k <= Se; k++) m |= (uint64_t)(block[zigzag[k]] != 0) << k;
        return m;
    }
    unsigned first = nonzero_lanes(block + 1, block + 4);  // coefficients 1–4 and 4–7: not the DC
    uint64_t m = t[0][(first & 15) << 1 | (first & 0xF0)];
    for (int j = 1; j < DCTSIZE2 / 8; j++) m |= t[j][nonzero_lanes(block + 8 * j, block + 8 * j + 4)];
    return m;
}



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

/// How often each symbol of each Huffman table (by its number in the DHT) is coded.
typedef struct {
    uint64_t dc[NUM_HUFF_TBLS][256], ac[NUM_HUFF_TBLS][256];
} symbol_counts;

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
    int dc_slot[MAX_COMPS_IN_SCAN], ac_slot[MAX_COMPS_IN_SCAN];  // the table numbers the SOS gives each component
    // Whether some symbol a block may need has no code in the source's tables; then the walk
    // counts the symbols of the MCUs the output may copy (`walked_counts`), for new tables if need be.
    int incomplete;
    symbol_counts *walked_counts;
    int colour;                       // a greyscale source whose bands have colour planes (tp_scan_add_colour)
    // The tables, each an allocation of its own, so that a write past one leaves its allocation
    // (AddressSanitizer sees it) instead of landing in the next field.
    dtable *dc[MAX_COMPS_IN_SCAN], *ac[MAX_COMPS_IN_SCAN];
    etable *edc[MAX_COMPS_IN_SCAN], *eac[MAX_COMPS_IN_SCAN];
    uint64_t *mcu_bit;                // per MCU (and one past the last): where it starts
    int16_t *mcu_dc;                  // per MCU (and one past): the DC predictions there
    uint64_t *rst_end;                // per restart k ≥ 1: where interval k-1's last MCU ends
    band *bands;
    int band_count, band_cap, walked;
    int32_t *painted;                 // per MCU, from the walk on: 1 + the index of the band painting it, or 0
    int *row_bands;                   // the walk's: the bands that hold MCUs of its row
    // The walk runs on a thread of its own: rows_walked MCU rows are done (their blocks in the
    // bands); walk_state is 0 while it runs, 1 when it succeeded, 2 when it gave up.
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t moved;
    int threaded, joined, walk_state;
    long rows_walked;
};

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
/// NULL, counting its symbols in `dcf` and `acf` when not NULL. 0 for a bad code, a coefficient
/// past the 64th or one out of 8-bit JPEG's range.
static inline __attribute__((always_inline)) int walk_block_into(const uint8_t *data, uint64_t *pos, const dtable *dc,
                                                                 const dtable *ac, int *pred, JCOEF *out, uint64_t *dcf,
                                                                 uint64_t *acf) {
    // One look at 32 bits serves a code and its value bits: at most 16 + 11 of them.
    uint64_t p = *pos;
    uint32_t w = peek32(data, p);
    int len, s = huff_decode(dc, w, &len);
    if (s < 0 || s > 11) return 0;
    if (dcf) dcf[s]++;
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
        if (acf) acf[rs]++;
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

/// walk_block_into, made four times: storing the coefficients or (for most of the picture) not,
/// counting the symbols (`dcf` and `acf` both given) or not.
static inline int walk_block(const uint8_t *data, uint64_t *pos, const dtable *dc, const dtable *ac, int *pred, JCOEF *out,
                             uint64_t *dcf, uint64_t *acf) {
    if (out) return dcf ? walk_block_into(data, pos, dc, ac, pred, out, dcf, acf) : walk_block_into(data, pos, dc, ac, pred, out, NULL, NULL);
    return dcf ? walk_block_into(data, pos, dc, ac, pred, NULL, dcf, acf) : walk_block_into(data, pos, dc, ac, pred, NULL, NULL, NULL);
}

/// Block `b` of MCU (mx, my) in `bd`, which holds that MCU.
static inline JCOEF *band_block(const tp_scan *s, const band *bd, int b, int mx, int my) {
    return tp_lossless_band_row(bd->t, s->comp_index[s->block_comp[b]], (my - bd->y0) * s->block_v[b] + s->block_y[b])
        [(mx - bd->x0) * s->block_h[b] + s->block_x[b]];
}

/// Block (`bx`, `by`) (block units from the band's top-left) of the band's component `component`:
/// a gained colour plane's (1, 2) where the band has them.
static inline JCOEF *band_plane_block(const band *bd, int component, int bx, int by) {
    return tp_lossless_band_row(bd->t, component, by)[bx];
}

/// The band whose rectangle holds MCU m, or NULL (from the walk on).
static inline const band *painted_at(const tp_scan *s, long m) {
    return s->painted && s->painted[m] ? &s->bands[s->painted[m] - 1] : NULL;
}

/// Whether MCU m starts a restart interval (the first MCU does not: no marker before it).
static inline int starts_interval(const tp_scan *s, long m) { return s->restart && m > 0 && m % s->restart == 0; }

/// Whether the output codes MCU m anew, or may: it is painted, or follows a painted MCU in its
/// restart interval (its DC differences may then differ from the source's).
static inline int coded_anew(const tp_scan *s, long m) {
    return painted_at(s, m) || (m > 0 && !starts_interval(s, m) && painted_at(s, m - 1));
}

/// Builds `et` (and `dt`, when not NULL) from a DHT's `bits` and `huffval`; 0 if the table is
/// invalid (as jdhuff.c judges).
int tp_scan_build_tables(const JHUFF_TBL *h, int is_dc, dtable *dt, etable *et);

/// Fills `h` with the optimal table for symbols coded `counts[s]` times (JPEG Annex K.2, as
/// libjpeg's jpeg_gen_optimal_table): Huffman's code lengths, with a reserved symbol so that no
/// code is all ones, limited to 16 bits. A table no symbol was counted for gets symbol 0.
void tp_scan_optimal_table(const uint64_t *counts, JHUFF_TBL *h);

/// Waits for the walk to end (see tp_scan_walk); whether it succeeded.
int tp_scan_join(tp_scan *s);

#endif
