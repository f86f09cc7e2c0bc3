// Lossless JPEG export of a progressive photo: its scans decoded into coefficients (see
// jpeg_progressive.h for the contract).
//
// libjpeg decodes a progressive file's scans one after the other on one core. Here the markers are
// read from the first byte in one serial pass, which finds each scan's entropy-coded data (a
// memchr for each 0xFF, the restart markers checked on the way) and checks each scan as libjpeg's
// start_pass_phuff_decoder does, keeping a progression status of its own. Scans that touch the
// same coefficients (a component's band of them; a DC scan its components' coefficient 0) are
// joined into groups, and the groups are shared out between the threads by their bytes. Each
// thread unstuffs its scans one at a time (in place, in the bytes the caller lets it use up, else
// into a buffer of its own) and decodes them in file order
// (ITU T.81 G.1.2, exactly as jdphuff.c decodes it), one loop for each kind of scan, with the
// walker's 9-bit lookahead tables (jpeg_scan_private.h) fed from a bit register. An AC
// refinement, most of the work, keeps a mask of the block's nonzero coefficients, so that it
// finds a run's end and the coefficients owed a correction bit without a branch on each.
// Two threads thus write different coefficients of a block at most, which are different objects.
// Whatever libjpeg would refuse, warn about or repair gives 0, and the caller reads the file with
// libjpeg instead.
#include "jpeg_progressive.h"

#include <stdatomic.h>

// MARK: - Scans

/// The four kinds of progressive scan, each decoded by a loop of its own.
enum { DC_FIRST, DC_REFINE, AC_FIRST, AC_REFINE };

/// A scan, as its SOS and the markers before it set it.
typedef struct {
    int kind, comps, Ss, Se, Al;
    int comp[MAX_COMPS_IN_SCAN];             // its components' indices in d->comp_info, increasing
    const dtable *table[MAX_COMPS_IN_SCAN];  // DC first: each component's DC table; AC: [0], the AC table
    unsigned restart;                        // MCUs in a restart interval; 0 for none
    long markers;                            // the restart markers in its data
    size_t start, end;                       // its entropy-coded data: bytes[start, end)
    size_t room;                             // where the next scan's data starts (or the file's end):
                                             // bytes[start, room) are this scan's alone once the markers are read
} scan;

/// What a scan weighs when the scans are shared out and the workers started: its bytes, an empty
/// scan counting one.
static inline uint64_t weight(const scan *s) { return s->end - s->start + 1; }

/// A scan's MCUs: how many, and where each of an MCU's blocks lies.
typedef struct {
    int blocks, per_row, rows;
    int in_scan[D_MAX_BLOCKS_IN_MCU];        // its component's place in the scan
    int comp[D_MAX_BLOCKS_IN_MCU];           // its component's index in d->comp_info
    int x[D_MAX_BLOCKS_IN_MCU], y[D_MAX_BLOCKS_IN_MCU];  // its place in the MCU, in blocks
    int w[D_MAX_BLOCKS_IN_MCU], h[D_MAX_BLOCKS_IN_MCU];  // the MCU's size in its component's blocks
} layout;

/// Lays out scan `s` as libjpeg's per_scan_setup does: one block per MCU over the component's own
/// blocks when alone, else each component's h×v blocks per MCU over the padded MCU grid. 0 for
/// more blocks in an MCU than libjpeg allows.
static int lay_out(const struct jpeg_decompress_struct *d, const scan *s, layout *l) {
    l->blocks = 0;
    if (s->comps == 1) {
        const jpeg_component_info *c = &d->comp_info[s->comp[0]];
        l->per_row = (int)c->width_in_blocks;
        l->rows = (int)c->height_in_blocks;
        l->blocks = 1;
        l->in_scan[0] = 0;
        l->comp[0] = s->comp[0];
        l->x[0] = l->y[0] = 0;
        l->w[0] = l->h[0] = 1;
        return 1;
    }
    JDIMENSION mcu_w = DCTSIZE * (JDIMENSION)d->max_h_samp_factor, mcu_h = DCTSIZE * (JDIMENSION)d->max_v_samp_factor;
    l->per_row = (int)((d->image_width + mcu_w - 1) / mcu_w);
    l->rows = (int)((d->image_height + mcu_h - 1) / mcu_h);
    for (int i = 0; i < s->comps; i++) {
        const jpeg_component_info *c = &d->comp_info[s->comp[i]];
        for (int y = 0; y < c->v_samp_factor; y++)
            for (int x = 0; x < c->h_samp_factor; x++) {
                if (l->blocks == D_MAX_BLOCKS_IN_MCU) return 0;
                int b = l->blocks++;
                l->in_scan[b] = i;
                l->comp[b] = s->comp[i];
                l->x[b] = x;
                l->y[b] = y;
                l->w[b] = c->h_samp_factor;
                l->h[b] = c->v_samp_factor;
            }
    }
    return 1;
}

// MARK: - Markers

/// A Huffman table slot: the last DHT's table for it, and the decoding table made from that once a
/// scan uses it (libjpeg too checks a table only when a scan uses it).
typedef struct {
    JHUFF_TBL h;
    int defined;
    dtable *built;
} slot;

/// The marker pass and what it found.
typedef struct {
    const struct jpeg_decompress_struct *d;
    const uint8_t *b;
    size_t len;
    scan *scans;
    int count, cap, max;
    slot slots[2][NUM_HUFF_TBLS];             // [0] DC, [1] AC
    dtable **built;                           // every decoding table made, to free
    int built_count, built_cap;
    unsigned restart;                         // the restart interval in force
    int coef_bits[MAX_COMPONENTS][DCTSIZE2];  // as libjpeg's: each coefficient's last Al, -1 before any scan
    zigzag_bits zigzag;                       // for AC refinement
    int consume;                              // the bytes may be unstuffed in place and given back
} reader;

/// Whether the SOF2 segment `seg` (`n` bytes after its length) is the frame `d` read, from which
/// the caller laid out the coefficients.
static int frame_matches(const struct jpeg_decompress_struct *d, const uint8_t *seg, size_t n) {
    if (n < 6 || seg[0] != 8 || seg[5] != d->num_components || n != 6 + 3 * (size_t)seg[5]) return 0;
    if (((JDIMENSION)seg[1] << 8 | seg[2]) != d->image_height || ((JDIMENSION)seg[3] << 8 | seg[4]) != d->image_width) return 0;
    for (int ci = 0; ci < seg[5]; ci++) {
        const uint8_t *c = seg + 6 + 3 * ci;
        const jpeg_component_info *comp = &d->comp_info[ci];
        if (c[0] != comp->component_id || c[1] != (comp->h_samp_factor << 4 | comp->v_samp_factor) || c[2] != comp->quant_tbl_no)
            return 0;
    }
    return 1;
}

/// Reads a DHT segment as jdmarker.c's get_dht does: any number of tables, each replacing its slot's.
static int define_tables(reader *r, const uint8_t *seg, size_t n) {
    while (n > 16) {
        int index = seg[0], count = 0;
        for (int l = 1; l <= 16; l++) count += seg[l];
        n -= 17;
        if (count > 256 || (size_t)count > n) return 0;
        int ac = (index & 0x10) != 0, number = index - (ac ? 0x10 : 0);
        if (number >= NUM_HUFF_TBLS) return 0;
        slot *sl = &r->slots[ac][number];
        memset(&sl->h, 0, sizeof sl->h);
        memcpy(&sl->h.bits[1], seg + 1, 16);
        memcpy(sl->h.huffval, seg + 17, (size_t)count);
        sl->defined = 1;
        sl->built = NULL;  // made again when a scan uses it
        seg += 17 + count;
        n -= (size_t)count;
    }
    return n == 0;
}

/// The decoding table of slot `number` (0–15 in an SOS) in force, made now if need be; NULL when
/// libjpeg would refuse it: undefined, or not a valid code.
static const dtable *table_for(reader *r, int ac, int number) {
    if (number >= NUM_HUFF_TBLS) return NULL;
    slot *sl = &r->slots[ac][number];
    if (!sl->defined) return NULL;
    if (!sl->built) {
        if (r->built_count == r->built_cap) {
            int cap = r->built_cap ? 2 * r->built_cap : 16;
            dtable **grown = realloc(r->built, (size_t)cap * sizeof *grown);
            if (!grown) return NULL;
            r->built = grown;
            r->built_cap = cap;
        }
        dtable *t = malloc(sizeof *t);
        etable codes;  // tp_scan_build_tables makes both; only the decoding table is kept
        if (!t || !tp_scan_build_tables(&sl->h, !ac, t, &codes)) {
            free(t);
            return NULL;
        }
        r->built[r->built_count++] = t;
        sl->built = t;
    }
    return sl->built;
}

/// Finds the end of the entropy-coded data from `p`: the first marker that is neither a restart
/// marker nor a stuffed 0xFF00 (its fill bytes included). The restart markers must come in
/// sequence and be `expected` in number. 0 if not, or if the file ends first.
static int find_data_end(const reader *r, size_t p, long expected, size_t *end) {
    const uint8_t *b = r->b;
    long count = 0;
    for (;;) {
        const uint8_t *ff = p < r->len ? memchr(b + p, 0xFF, r->len - p) : NULL;
        if (!ff) return 0;
        size_t at = (size_t)(ff - b), q = at + 1;
        while (q < r->len && b[q] == 0xFF) q++;  // fill bytes, allowed before a marker
        if (q >= r->len) return 0;
        if (b[q] == 0x00) {
            // FF FF … 00 is no valid data; libjpeg reads it as one 0xFF, but it is no one's output.
            if (q != at + 1) return 0;
        } else if (b[q] >= 0xD0 && b[q] <= 0xD7) {
            if (count == expected || (b[q] & 7) != (count & 7)) return 0;
            count++;
        } else {
            *end = at;
            return count == expected;
        }
        p = q + 1;
    }
}

/// Reads an SOS segment and checks its scan as libjpeg's get_sos, per_scan_setup, latch_quant_tables
/// and start_pass_phuff_decoder do, warnings included; then finds its data, which starts at `*p`
/// and is left at the marker after it.
static int read_scan(reader *r, const uint8_t *seg, size_t n, size_t *p) {
    const struct jpeg_decompress_struct *d = r->d;
    if (n < 1 || seg[0] < 1 || seg[0] > MAX_COMPS_IN_SCAN || n != 4 + 2 * (size_t)seg[0]) return 0;
    if (r->count == r->max) return 0;
    if (r->count == r->cap) {
        int cap = r->cap ? 2 * r->cap : 16;
        scan *grown = realloc(r->scans, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        r->scans = grown;
        r->cap = cap;
    }
    scan *s = &r->scans[r->count];
    memset(s, 0, sizeof *s);
    s->comps = seg[0];
    int numbers[MAX_COMPS_IN_SCAN];  // each component's table numbers, DC << 4 | AC
    for (int i = 0; i < s->comps; i++) {
        int ci = 0;
        while (ci < d->num_components && d->comp_info[ci].component_id != seg[1 + 2 * i]) ci++;
        // In SOF order, as T.81 asks: libjpeg 2.1 refuses some other orders, and repeats.
        if (ci == d->num_components || ci >= MAX_COMPS_IN_SCAN || (i > 0 && ci <= s->comp[i - 1])) return 0;
        int q = d->comp_info[ci].quant_tbl_no;
        if (q < 0 || q >= NUM_QUANT_TBLS || !d->quant_tbl_ptrs[q]) return 0;
        s->comp[i] = ci;
        numbers[i] = seg[2 + 2 * i];
    }
    const uint8_t *tail = seg + 1 + 2 * s->comps;
    int Ss = tail[0], Se = tail[1], Ah = tail[2] >> 4, Al = tail[2] & 15, dc = Ss == 0;
    if (dc ? Se != 0 : Ss > Se || Se >= DCTSIZE2 || s->comps != 1) return 0;
    if ((Ah != 0 && Al != Ah - 1) || Al > 13) return 0;
    for (int i = 0; i < s->comps; i++) {
        int *bits = r->coef_bits[s->comp[i]];
        if (!dc && bits[0] < 0) return 0;  // an AC scan before the component's first DC scan
        for (int k = Ss; k <= Se; k++) {
            if (Ah != (bits[k] < 0 ? 0 : bits[k])) return 0;
            bits[k] = Al;
        }
    }
    s->kind = dc ? (Ah ? DC_REFINE : DC_FIRST) : (Ah ? AC_REFINE : AC_FIRST);
    s->Ss = Ss;
    s->Se = Se;
    s->Al = Al;
    for (int i = 0; i < s->comps; i++)
        if (s->kind != DC_REFINE && !(s->table[i] = table_for(r, !dc, dc ? numbers[i] >> 4 : numbers[i] & 15))) return 0;
    layout l;
    if (!lay_out(d, s, &l) || l.per_row < 1 || l.rows < 1) return 0;
    s->restart = r->restart;
    int64_t mcus = (int64_t)l.per_row * l.rows;
    s->markers = s->restart ? (long)((mcus - 1) / s->restart) : 0;
    s->start = *p;
    if (!find_data_end(r, *p, s->markers, &s->end)) return 0;
    *p = s->end;
    r->count++;
    return 1;
}

/// Reads every marker from SOI to EOI, as jdmarker.c's read_markers would after the headers,
/// gathering the scans; 0 at anything libjpeg would refuse or warn about, and at what this
/// decoder leaves to it.
static int read_markers(reader *r) {
    const uint8_t *b = r->b;
    size_t len = r->len, p = 2;
    if (len < 2 || b[0] != 0xFF || b[1] != 0xD8) return 0;
    int frame = 0;
    for (;;) {
        if (p >= len || b[p] != 0xFF) return 0;  // bytes between segments (libjpeg warns), or no EOI
        while (p < len && b[p] == 0xFF) p++;
        if (p >= len) return 0;
        int m = b[p++];
        if (m == 0xD9) return r->count > 0;
        if (len - p < 2) return 0;
        size_t n = (size_t)b[p] << 8 | b[p + 1];
        if (n < 2 || n > len - p) return 0;
        const uint8_t *seg = b + p + 2;
        n -= 2;
        p += 2 + n;
        if (m == 0xC2) {
            if (frame || !frame_matches(r->d, seg, n)) return 0;
            frame = 1;
        } else if (m == 0xC4) {
            if (!define_tables(r, seg, n)) return 0;
        } else if (m == 0xDD) {
            if (n != 2) return 0;
            r->restart = (unsigned)seg[0] << 8 | seg[1];
        } else if (m == 0xDA) {
            if (!frame || !read_scan(r, seg, n, &p)) return 0;
        } else if (m == 0xDB || m == 0xE0) {
            // Quantization tables after the first scan would reach libjpeg's coefficients through
            // a later component's first scan, and not `d`; a JFIF APP0 there can make it warn.
            if (r->count > 0) return 0;
        } else if (!(m >= 0xE1 && m <= 0xEF) && m != 0xFE) {
            return 0;  // another frame, arithmetic coding, DNL, a stray RST, or unknown
        }
    }
}

// MARK: - Decoding

/// In place, how far a decoder reads on before it gives the pages behind it back: a whole number
/// of pages, and few system calls.
enum { GIVE_BACK_STEP = 1 << 18 };

/// A thread's share: its scans, and the buffer it unstuffs each of them into.
typedef struct {
    const reader *r;
    JBLOCKROW *const *rows;
    int *mine, count;       // its scans' numbers: in file order, those of DC coefficients last
    atomic_int *failed;     // set by the first thread that fails, so that the others stop
    uint8_t *data;          // a scan that could not be unstuffed in place, then PADDING zero bytes
    size_t data_cap;
    int in_place;           // the scan being decoded lies in the reader's bytes, given back as it is read
    uint64_t bytes;         // its scans' bytes (an empty scan counts one)
    struct crew *crew;      // the first worker's: the others, which it starts (see work)
    size_t *markers;        // where its restart markers were in the unstuffed data
    long marker_cap;
    int ok;                 // 1 until it fails
    pthread_t thread;
} worker;

/// Makes w->data hold `n` bytes and PADDING: a buffer of about that size, as a larger one held
/// for a small scan is memory the export's peak would count. 0 when out of memory.
static int size_buffer(worker *w, size_t n) {
    if (w->data_cap >= n + PADDING && w->data_cap <= 2 * (n + PADDING)) return 1;
    free(w->data);  // nothing in it to keep
    w->data = malloc(n + PADDING);
    w->data_cap = w->data ? n + PADDING : 0;
    return w->data != NULL;
}

/// Unstuffs scan `s`, noting where its restart markers were: in place when the reader's bytes may
/// be used up and PADDING bytes fit after the unstuffed data in the scan's room (the stuffed bytes
/// it dropped and the markers after it: only an almost empty scan has too few), else into w->data
/// (grown if need be). Sets `*data` and `*len` to the result, and w->in_place; 0 when out of memory.
static int unstuff(worker *w, const scan *s, const uint8_t **data, size_t *len) {
    size_t n = s->end - s->start;
    if (w->marker_cap < s->markers) {
        free(w->markers);
        w->markers = malloc((size_t)s->markers * sizeof *w->markers);
        w->marker_cap = w->markers ? s->markers : 0;
        if (!w->markers) return 0;
    }
    w->in_place = w->r->consume;
    if (!w->in_place && !size_buffer(w, n)) return 0;
    // The marker pass has checked the data: each 0xFF in it is stuffed or starts a restart marker.
    // Unstuffed data is never longer than what it is read from, so in place it never overtakes it.
    const uint8_t *p = w->r->b + s->start, *end = w->r->b + s->end;
    uint8_t *first = w->in_place ? (uint8_t *)w->r->b + s->start : w->data, *out = first;
    long k = 0;
    while (p < end) {
        const uint8_t *ff = memchr(p, 0xFF, (size_t)(end - p));
        if (!ff) ff = end;
        if (out != p) memmove(out, p, (size_t)(ff - p));
        out += ff - p;
        if (ff == end) break;
        p = ff + 1;
        while (p < end && *p == 0xFF) p++;
        if (p == end) return 0;  // never
        if (*p++ == 0x00) {
            *out++ = 0xFF;
        } else {
            if (k == s->markers) return 0;  // never
            w->markers[k++] = (size_t)(out - first);
        }
    }
    *len = (size_t)(out - first);
    if (w->in_place && (size_t)(out - first) + PADDING > s->room - s->start) {
        // No room for the padding: the unstuffed bytes go to a buffer after all.
        w->in_place = 0;
        if (!size_buffer(w, *len)) return 0;
        memcpy(w->data, first, *len);
        out = w->data + *len;
        first = w->data;
    }
    memset(out, 0, PADDING);
    *data = first;
    return k == s->markers;
}

/// Points row[b] at block (x[b], y[b]) of MCU (0, my)'s component blocks.
static inline void mcu_row(JBLOCKROW *const *rows, const layout *l, int my, JBLOCKROW *row) {
    for (int b = 0; b < l->blocks; b++) row[b] = rows[l->comp[b]][my * l->h[b] + l->y[b]] + l->x[b];
}

/// The bits of a scan's unstuffed data from some point on, the next ones in a register: a symbol
/// then costs a table look and a shift, not a load at a bit position (as peek32 would).
typedef struct {
    uint64_t acc;         // the next `avail` bits, first bit highest; after them zeros, or the bits that follow
    int avail;
    const uint8_t *next;  // the first byte not yet in acc
} bit_reader;

/// Tops `b` up to at least 56 bits (the branchless refill: whole bytes only, so a byte partly in
/// acc is read again, to the same bits).
static inline void fill(bit_reader *b) {
    uint64_t v;
    memcpy(&v, b->next, 8);
    b->acc |= __builtin_bswap64(v) >> b->avail;
    b->next += (63 - b->avail) >> 3;
    b->avail |= 56;
}

/// Drops the next `n` bits.
static inline void drop(bit_reader *b, int n) {
    b->acc <<= n;
    b->avail -= n;
}

/// Takes the next bit.
static inline int take_bit(bit_reader *b) {
    if (b->avail == 0) fill(b);
    int bit = (int)(b->acc >> 63);
    drop(b, 1);
    return bit;
}

/// The next symbol in table `t` (the lookahead needs at most 16 bits, which the caller has
/// filled), its code dropped; -1 for no code.
static inline int take_symbol(bit_reader *b, const dtable *t) {
    int n, sym = huff_decode(t, (uint32_t)(b->acc >> 32), &n);
    if (sym >= 0) drop(b, n);
    return sym;
}

/// The value of the next `s` bits (1–15), as JPEG codes magnitudes, dropped.
static inline int take_value(bit_reader *b, int s) {
    int v = extend((uint32_t)(b->acc >> (64 - s)), s);
    drop(b, s);
    return v;
}

/// The bits from k (0–64) up.
static inline uint64_t from(int k) { return k < 64 ? ~(uint64_t)0 << k : 0; }

/// Reads a correction bit for each coefficient in `todo` (zigzag bits), in order, as
/// decode_mcu_AC_refine does: a 1 raises the magnitude by p1 unless that bit is set already.
/// Without branches on the bits, which are as good as random.
static inline void correct(bit_reader *b, JCOEF *block, uint64_t todo, int p1, int m1) {
    while (todo) {
        if (b->avail == 0) fill(b);
        JCOEF *c = block + zigzag[__builtin_ctzll(todo)];
        todo &= todo - 1;
        int v = *c, raise = (int)(b->acc >> 63) & !(v & p1);
        drop(b, 1);
        *c = (JCOEF)(v + ((v < 0 ? m1 : p1) & -raise));
    }
}

/// Decodes scan `s` of kind `kind` (a constant, so that each kind gets a loop of its own) from its
/// unstuffed data `data`/`len`, as jdphuff.c's decode_mcu_* do; 0 at the first thing libjpeg would
/// warn about, a value past what 8-bit JPEG codes, or another thread's failure.
static inline __attribute__((always_inline)) int decode(const worker *w, const scan *s, const uint8_t *data, size_t len,
                                                        int kind) {
    layout l;
    if (!lay_out(w->r->d, s, &l)) return 0;  // never: the marker pass laid it out
    const int Ss = s->Ss, Se = s->Se, blocks = kind >= AC_FIRST ? 1 : l.blocks;
    const uint64_t in_band = from(Ss) & ~from(Se + 1);  // bits Ss–Se
    const int p1 = 1 << s->Al, m1 = -p1;
    // DC first: the values whose shifted value a JCOEF holds. AC first: the largest magnitude,
    // which 8-bit JPEG's AC coefficients and, with every later correction bit, a JCOEF hold.
    const int lowest = -(32768 >> s->Al), highest = 32767 >> s->Al;
    const int most = (32768 >> s->Al) - 1 < 1023 ? (32768 >> s->Al) - 1 : 1023;
    const dtable *ac = s->table[0], *dc[D_MAX_BLOCKS_IN_MCU];
    for (int b = 0; b < l.blocks; b++) dc[b] = s->table[l.in_scan[b]];
    const int64_t total = (int64_t)l.per_row * l.rows, interval = s->restart ? s->restart : total;
    JBLOCKROW row[D_MAX_BLOCKS_IN_MCU];  // each block's row in the MCU row, at its first MCU
    mcu_row(w->rows, &l, 0, row);
    int mx = 0, my = 0;
    bit_reader br = {0, 0, data};
    const uint8_t *given = data;  // in place: the pages before it were given back
    int64_t m = 0;
    for (long iv = 0; m < total; iv++) {
        // Each restart interval ends at its marker, or the last one at the data's end; the DC
        // predictions and the EOB run start again.
        const uint64_t end = (uint64_t)(iv < s->markers ? w->markers[iv] : len) * 8;
        const int64_t stop = total - m < interval ? total : m + interval;
        int pred[MAX_COMPS_IN_SCAN] = {0};
        unsigned eobrun = 0;
        for (; m < stop; m++) {
            if (kind == DC_FIRST) {
                for (int b = 0; b < blocks; b++) {
                    if (br.avail < 32) fill(&br);  // a code and its value: at most 16 + 11 bits
                    int t = take_symbol(&br, dc[b]);
                    if (t < 0 || t > 11) return 0;  // no code, or a difference past 8-bit JPEG's
                    int v = pred[l.in_scan[b]] + (t ? take_value(&br, t) : 0);
                    if (v < lowest || v > highest) return 0;
                    pred[l.in_scan[b]] = v;
                    row[b][mx * l.w[b]][0] = (JCOEF)(v * p1);
                }
            } else if (kind == DC_REFINE) {
                for (int b = 0; b < blocks; b++)
                    if (take_bit(&br)) row[b][mx * l.w[b]][0] |= (JCOEF)p1;
            } else if (kind == AC_FIRST) {
                if (eobrun) {
                    eobrun--;  // a block of the run: nothing coded
                } else {
                    JCOEF *block = row[0][mx];
                    for (int k = Ss;;) {
                        if (br.avail < 32) fill(&br);  // a code and its value (or run): at most 16 + 15 bits
                        int rs = take_symbol(&br, ac);
                        if (rs < 0) return 0;
                        int r = rs >> 4, t = rs & 15;
                        if (t) {
                            k += r;
                            int v = take_value(&br, t);
                            if (k > Se || v < -most || v > most) return 0;
                            block[zigzag[k]] = (JCOEF)(v * p1);
                            if (++k > Se) break;
                        } else if (r == 15) {
                            k += 16;  // sixteen zeros, which may end the band but not pass it
                            if (k > Se + 1) return 0;
                            if (k > Se) break;
                        } else {
                            eobrun = (1u << r) - 1;  // this block is the run's first
                            if (r) {
                                eobrun += (unsigned)(br.acc >> (64 - r));
                                drop(&br, r);
                            }
                            break;
                        }
                    }
                }
            } else {
                JCOEF *block = row[0][mx];
                uint64_t nonzero = nonzero_in(block, Ss, Se, w->r->zigzag);
                int k = Ss;
                if (!eobrun) {
                    while (k <= Se) {
                        if (br.avail < 32) fill(&br);  // a code and its sign bit, or its run's bits
                        int rs = take_symbol(&br, ac);
                        if (rs < 0) return 0;
                        int r = rs >> 4, t = rs & 15, v = 0;
                        if (t) {
                            if (t != 1) return 0;  // a new coefficient is ±1 in the bit coded: libjpeg warns
                            v = take_bit(&br) ? p1 : m1;
                        } else if (r != 15) {
                            eobrun = 1u << r;
                            if (r) {
                                eobrun += (unsigned)(br.acc >> (64 - r));
                                drop(&br, r);
                            }
                            break;  // the rest of the band is the EOB run's
                        }
                        // The r+1st zero from k on: the new coefficient's place, or a ZRL's
                        // sixteenth zero; the coefficients already nonzero before it get a
                        // correction bit each.
                        int at = k + r;
                        if (at > Se || nonzero & from(k) & ~from(at + 1)) {
                            uint64_t zeros = ~nonzero & in_band & from(k);
                            for (; r > 0; r--) zeros &= zeros - 1;
                            if (!zeros) return 0;  // the run passes the band
                            at = __builtin_ctzll(zeros);
                            correct(&br, block, nonzero & from(k) & ~from(at), p1, m1);
                        }
                        if (v) {
                            block[zigzag[at]] = (JCOEF)v;
                            nonzero |= (uint64_t)1 << at;
                        }
                        k = at + 1;
                    }
                }
                if (eobrun) {
                    // In an EOB run: only the correction bits of the coefficients already nonzero.
                    correct(&br, block, nonzero & from(k), p1, m1);
                    eobrun--;
                }
            }
            // Reading past the interval's data (into the next one's or the padding): libjpeg
            // would have run into the marker and warned. One MCU reads far less than PADDING.
            if ((uint64_t)(br.next - data) * 8 - (uint64_t)br.avail > end) return 0;
            if (++mx == l.per_row) {
                mx = 0;
                if (++my < l.rows) mcu_row(w->rows, &l, my, row);
                // The bytes read (up to the 8 a refill may read again) are not read again.
                if (w->in_place && br.next - given >= GIVE_BACK_STEP) {
                    const uint8_t *upto = (const uint8_t *)((uintptr_t)(br.next - 8) & ~(uintptr_t)(GIVE_BACK_STEP - 1));
                    if (upto > given) {
                        tp_give_back(given, upto);
                        given = upto;
                    }
                }
                if (atomic_load_explicit(w->failed, memory_order_relaxed)) return 0;
            }
        }
        // Whole bytes left before the marker are extraneous data (libjpeg warns).
        if ((((uint64_t)(br.next - data) * 8 - (uint64_t)br.avail + 7) & ~(uint64_t)7) != end) return 0;
        br = (bit_reader){0, 0, data + end / 8};
    }
    return 1;
}

static int decode_dc_first(const worker *w, const scan *s, const uint8_t *data, size_t len) { return decode(w, s, data, len, DC_FIRST); }
static int decode_dc_refine(const worker *w, const scan *s, const uint8_t *data, size_t len) { return decode(w, s, data, len, DC_REFINE); }
static int decode_ac_first(const worker *w, const scan *s, const uint8_t *data, size_t len) { return decode(w, s, data, len, AC_FIRST); }
static int decode_ac_refine(const worker *w, const scan *s, const uint8_t *data, size_t len) { return decode(w, s, data, len, AC_REFINE); }

enum { MAX_THREADS = 64, DC_GROUP = 128 };  // DC_GROUP: a flag beside a thread's number

/// The workers but the first, which the first starts on threads of their own.
typedef struct crew {
    worker *workers;
    int threads, launched;
    int started[MAX_THREADS];  // whether worker t has a thread (to join), else it runs after the first
    uint64_t when_left;        // the first starts them once it has no more bytes than this left
} crew;

static void *work(void *arg);

static void launch(crew *c) {
    for (int t = 1; t < c->threads; t++)
        if (c->workers[t].count) c->started[t] = pthread_create(&c->workers[t].thread, NULL, work, &c->workers[t]) == 0;
    c->launched = 1;
}

/// Runs a worker's scans in file order; the first failure stops every worker. The first worker
/// starts the others once it has as few bytes left as the largest of their shares: each
/// component's first scans touch all of its blocks, so the blocks' memory is then touched while
/// most of the first worker's bytes (the luma's, usually: most of the photo) are already given
/// back, and all still end at about the same time.
static void *work(void *arg) {
    worker *w = arg;
    static int (*const decoders[])(const worker *, const scan *, const uint8_t *, size_t) = {
        [DC_FIRST] = decode_dc_first, [DC_REFINE] = decode_dc_refine, [AC_FIRST] = decode_ac_first, [AC_REFINE] = decode_ac_refine};
    uint64_t left = w->bytes;
    for (int i = 0; i < w->count && w->ok; i++) {
        if (w->crew && !w->crew->launched && left <= w->crew->when_left) launch(w->crew);
        const scan *s = &w->r->scans[w->mine[i]];
        left -= weight(s);
        const uint8_t *data = NULL;
        size_t len;
        int ok = !atomic_load_explicit(w->failed, memory_order_relaxed) && unstuff(w, s, &data, &len);
        const uint8_t *room = w->r->b + s->start, *room_end = w->r->b + s->room;
        if (ok && w->r->consume && !w->in_place) tp_give_back(room, room_end);  // copied: not read again
        if (!ok || !decoders[s->kind](w, s, data, len)) {
            w->ok = 0;
            atomic_store_explicit(w->failed, 1, memory_order_relaxed);
        }
        if (w->r->consume && w->in_place) tp_give_back(room, room_end);  // read: not read again
    }
    if (w->crew && !w->crew->launched) launch(w->crew);
    free(w->data);
    free(w->markers);
    w->data = NULL;
    w->markers = NULL;
    return NULL;
}

// MARK: - Threads

/// The root of scan i's group, halving the path on the way.
static int group_of(int *parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/// A group of scans, its entropy-coded bytes and whether it holds DC coefficients, for sharing the
/// groups out.
typedef struct {
    uint64_t bytes;
    int root, dc;
} group;

static int by_bytes_descending(const void *a, const void *b) {
    uint64_t x = ((const group *)a)->bytes, y = ((const group *)b)->bytes;
    return (x < y) - (x > y);
}

/// Groups the scans that touch the same coefficients (union-find) and shares the groups out
/// between `threads` workers by their bytes, the largest first, each to the least loaded; then the
/// groups of DC coefficients, which touch every block, each to the most loaded, which runs them
/// last (see run_scans): every block's memory is then touched only at the end, when the other
/// workers are done and most of the photo's bytes were released. thread_of[i] is scan i's worker,
/// with DC_GROUP set for those groups' scans.
static void share_out(const reader *r, int threads, int *parent, group *groups, int *thread_of) {
    int n = r->count, last[MAX_COMPONENTS][DCTSIZE2];  // the last scan to touch each coefficient
    memset(last, 0xFF, sizeof last);
    for (int i = 0; i < n; i++) {
        const scan *s = &r->scans[i];
        parent[i] = i;
        for (int c = 0; c < s->comps; c++)
            for (int k = s->Ss; k <= s->Se; k++) {
                int *l = &last[s->comp[c]][k];
                if (*l >= 0) parent[group_of(parent, i)] = group_of(parent, *l);
                *l = i;
            }
    }
    for (int i = 0; i < n; i++) {
        groups[i] = (group){0, i, 0};
        thread_of[i] = 0;
    }
    for (int i = 0; i < n; i++) {
        group *g = &groups[group_of(parent, i)];
        g->bytes += weight(&r->scans[i]);
        g->dc |= r->scans[i].Ss == 0;
    }
    qsort(groups, (size_t)n, sizeof *groups, by_bytes_descending);
    uint64_t load[MAX_THREADS] = {0};
    for (int dc = 0; dc < 2; dc++)
        for (int g = 0; g < n && groups[g].bytes; g++) {  // the groups' roots, which alone have bytes
            if (groups[g].dc != dc) continue;
            int pick = 0;
            for (int t = 1; t < threads; t++)
                if (dc ? load[t] > load[pick] : load[t] < load[pick]) pick = t;
            load[pick] += groups[g].bytes;
            thread_of[groups[g].root] = pick | (dc ? DC_GROUP : 0);
        }
    for (int i = 0; i < n; i++) thread_of[i] = thread_of[group_of(parent, i)];
}

/// Runs the scans on up to `threads` workers (see share_out), the first on this thread, which
/// starts the others (see work); whether every scan was decoded.
static int run_scans(const reader *r, JBLOCKROW *const rows[MAX_COMPONENTS], int threads) {
    int n = r->count;
    if (threads > n) threads = n;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    int *parent = malloc((size_t)n * sizeof *parent), *thread_of = malloc((size_t)n * sizeof *thread_of);
    int *lists = malloc((size_t)n * sizeof *lists);
    group *groups = malloc((size_t)n * sizeof *groups);
    worker *workers = calloc((size_t)threads, sizeof *workers);
    int ok = parent && thread_of && lists && groups && workers;
    if (ok) {
        share_out(r, threads, parent, groups, thread_of);
        atomic_int failed;
        atomic_init(&failed, 0);
        int *next = lists;
        crew others = {.workers = workers, .threads = threads};
        for (int t = 0; t < threads; t++) {
            worker *w = &workers[t];
            *w = (worker){.r = r, .rows = rows, .mine = next, .failed = &failed, .ok = 1, .crew = t ? NULL : &others};
            for (int dc = 0; dc <= DC_GROUP; dc += DC_GROUP)  // a DC group's scans after the others
                for (int i = 0; i < n; i++)
                    if (thread_of[i] == (t | dc)) {
                        w->mine[w->count++] = i;
                        w->bytes += weight(&r->scans[i]);
                    }
            next += w->count;
            if (t && w->bytes > others.when_left) others.when_left = w->bytes;
        }
        work(&workers[0]);
        for (int t = 1; t < threads; t++) {
            if (others.started[t]) pthread_join(workers[t].thread, NULL);
            else work(&workers[t]);  // no thread to be had (or nothing to do): here, after the first
        }
        for (int t = 0; t < threads; t++) ok &= workers[t].ok;
    }
    free(parent);
    free(thread_of);
    free(lists);
    free(groups);
    free(workers);
    return ok;
}

int tp_progressive_decode(const struct jpeg_decompress_struct *d, const uint8_t *bytes, size_t len,
                          JBLOCKROW *const rows[MAX_COMPONENTS], int max_scans, int threads, int consume) {
    if (!d || !bytes || !d->progressive_mode || d->arith_code || d->data_precision != 8 || d->num_components < 1 ||
        d->num_components > MAX_COMPONENTS || max_scans < 1 || threads < 1)
        return 0;
    reader *r = calloc(1, sizeof *r);
    if (!r) return 0;
    r->d = d;
    r->b = bytes;
    r->len = len;
    r->max = max_scans;
    r->consume = consume;
    memset(r->coef_bits, 0xFF, sizeof r->coef_bits);
    make_zigzag_bits(r->zigzag);
    int ok = read_markers(r);
    for (int i = 0; ok && i < r->count; i++) r->scans[i].room = i + 1 < r->count ? r->scans[i + 1].start : len;
    ok = ok && run_scans(r, rows, threads);
    for (int i = 0; i < r->built_count; i++) free(r->built[i]);
    free(r->built);
    free(r->scans);
    free(r);
    return ok;
}
