// Lossless JPEG export of a progressive photo on two cores (see tp_lossless_open_consuming).
//
// libjpeg reads a progressive file's scans one after the other and writes the output's symbols
// on the same core, counting them first for optimal tables: most of the export's time. Here the
// scans are decoded by jpeg_progressive.c, independent ones on two threads, into a mapping of the
// transcoder's own; the output is written sequential and interleaved with tables optimal for its
// blocks (as `jpegtran -optimize` writes it) by two threads too: each counts the symbols of half
// the MCU rows, then codes them, the top half straight to the sink, the bottom half into memory
// unstuffed and copied after it with stuffing. Memory is given back as it is used up: each scan's
// bytes once decoded, each block row once coded (MADV_DONTNEED), so the photo and its blocks are
// never both held whole.
#include "jpeg_bits.h"
#include "jpeg_lossless_private.h"
#include "jpeg_progressive.h"

#include <sys/mman.h>
#include <unistd.h>

// MARK: - Memory

/// Component ci's blocks are `padded width × padded height` in MCU units, rows contiguous, each
/// component starting on a page of its own.
static size_t padded_width(const jpeg_component_info *c) {
    return (c->width_in_blocks + (JDIMENSION)c->h_samp_factor - 1) / (JDIMENSION)c->h_samp_factor * (JDIMENSION)c->h_samp_factor;
}
static size_t padded_height(const jpeg_component_info *c) {
    return (c->height_in_blocks + (JDIMENSION)c->v_samp_factor - 1) / (JDIMENSION)c->v_samp_factor * (JDIMENSION)c->v_samp_factor;
}

/// Maps zeroed memory for every block of t->src's components; 0 when out of memory.
static int own_alloc(tp_lossless *t) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), total = 0;
    j_decompress_ptr s = &t->src;
    for (int ci = 0; ci < s->num_components; ci++)
        total += (padded_width(&s->comp_info[ci]) * padded_height(&s->comp_info[ci]) * sizeof(JBLOCK) + page - 1) / page * page;
    void *m = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return 0;
    t->own = m;
    t->own_len = total;
    uint8_t *at = m;
    for (int ci = 0; ci < s->num_components; ci++) {
        size_t w = padded_width(&s->comp_info[ci]), h = padded_height(&s->comp_info[ci]);
        t->own_rows[ci] = malloc(h * sizeof(JBLOCKROW));
        if (!t->own_rows[ci]) return 0;
        for (size_t r = 0; r < h; r++) t->own_rows[ci][r] = (JBLOCKROW)(at + r * w * sizeof(JBLOCK));
        at += (w * h * sizeof(JBLOCK) + page - 1) / page * page;
    }
    return 1;
}

void tp_ll_own_free(tp_lossless *t) {
    if (t->own) munmap(t->own, t->own_len);
    t->own = NULL;
    t->own_len = 0;
    for (int ci = 0; ci < MAX_COMPONENTS; ci++) {
        free(t->own_rows[ci]);
        t->own_rows[ci] = NULL;
    }
    free(t->header);
    t->header = NULL;
    t->header_len = 0;
}

// MARK: - Open

/// Whether the own path takes t->src (its headers read): a progressive, Huffman-coded YCbCr or RGB
/// picture whose MCU the sequential output can interleave.
static int own_path_takes(const tp_lossless *t) {
    const struct jpeg_decompress_struct *s = &t->src;
    if (!s->progressive_mode || s->arith_code || s->data_precision != 8 || s->num_components != 3 || t->cmyk) return 0;
    int blocks = 0;
    for (int ci = 0; ci < 3; ci++) blocks += s->comp_info[ci].h_samp_factor * s->comp_info[ci].v_samp_factor;
    return blocks <= C_MAX_BLOCKS_IN_MCU;
}

/// The segments before the first scan's SOS (without the fill bytes a marker may have before
/// it), kept for the output's header; 0 if they are not plain segments or hold no SOF2.
static int keep_header(tp_lossless *t, const uint8_t *b, size_t len) {
    t->header = malloc(len);
    if (!t->header) return 0;
    memcpy(t->header, b, 2);
    size_t p = 2, n = 2;
    int framed = 0;
    for (;;) {
        if (p + 4 > len || b[p] != 0xFF) return 0;
        while (p + 4 < len && b[p + 1] == 0xFF) p++;
        if (p + 4 > len) return 0;
        if (b[p + 1] == 0xDA) break;
        size_t segment = 2 + ((size_t)b[p + 2] << 8 | b[p + 3]);
        if (segment < 4 || segment > len - p) return 0;
        framed |= b[p + 1] == 0xC2;
        memcpy(t->header + n, b + p, segment);
        n += segment;
        p += segment;
    }
    uint8_t *kept = realloc(t->header, n);  // smaller: never fails but for a bug
    if (kept) t->header = kept;
    t->header_len = n;
    return framed;
}

int tp_ll_own_read(tp_lossless *t, const uint8_t *bytes, size_t len) {
    if (!own_path_takes(t) || !keep_header(t, bytes, len)) return TP_UNSUPPORTED;
    if (!own_alloc(t)) fail_now((j_common_ptr)&t->src, TP_NOMEM, "out of memory");
    t->source_len = len;
    if (!tp_progressive_decode(&t->src, bytes, len, t->own_rows, t->max_scans, 2, 1)) {
        tp_ll_own_free(t);
        return TP_RETRY;
    }
    return TP_OK;
}

// MARK: - Write

/// The output's geometry: its MCUs, and for each component its blocks, its blocks in an MCU and
/// its Huffman tables' numbers (0 for the first component, 1 for the others, as libjpeg numbers them).
typedef struct {
    int comps, mcus_per_row, mcu_rows;
    int h[MAX_COMPS_IN_SCAN], v[MAX_COMPS_IN_SCAN], width[MAX_COMPS_IN_SCAN], height[MAX_COMPS_IN_SCAN];
    size_t padded[MAX_COMPS_IN_SCAN];  // blocks in a row in memory
    int slot[MAX_COMPS_IN_SCAN];
    JBLOCKROW *rows[MAX_COMPS_IN_SCAN];
} geometry;

static void measure(const tp_lossless *t, geometry *g) {
    const struct jpeg_decompress_struct *s = &t->src;
    g->comps = s->num_components;
    g->mcus_per_row = (int)((s->image_width + DCTSIZE * s->max_h_samp_factor - 1) / (DCTSIZE * s->max_h_samp_factor));
    g->mcu_rows = (int)((s->image_height + DCTSIZE * s->max_v_samp_factor - 1) / (DCTSIZE * s->max_v_samp_factor));
    for (int c = 0; c < g->comps; c++) {
        g->h[c] = s->comp_info[c].h_samp_factor;
        g->v[c] = s->comp_info[c].v_samp_factor;
        g->width[c] = (int)s->comp_info[c].width_in_blocks;
        g->height[c] = (int)s->comp_info[c].height_in_blocks;
        g->padded[c] = padded_width(&s->comp_info[c]);
        g->slot[c] = c ? 1 : 0;
        g->rows[c] = t->own_rows[c];
    }
}

/// One thread's half: MCU rows [row0, row1), its counts by table number, and its codes and writer.
typedef struct {
    const geometry *g;
    const zigzag_bits *zz;
    int row0, row1;
    int pred[MAX_COMPS_IN_SCAN];  // the DC predictions at row0: taken before either thread starts,
                                  // as the top half gives its blocks back as it goes
    uint64_t dc[2][256], ac[2][256];
    const etable *edc[MAX_COMPS_IN_SCAN], *eac[MAX_COMPS_IN_SCAN];
    writer w;
    tp_write_fn write;  // the top half: its whole bytes go to the sink as they are made
    void *ctx;
    int refused, impossible;  // impossible: a value no JPEG codes (a DC difference over 11 bits…)
} half;

/// The DC prediction of component c after MCU (mx, my): its last block's DC, in MCU order; a
/// block past the picture's edge repeats the one before it, as libjpeg codes it.
static int prediction_after(const geometry *g, int c, int mx, int my) {
    for (int y = (my + 1) * g->v[c] - 1; y >= my * g->v[c]; y--)
        for (int x = (mx + 1) * g->h[c] - 1; x >= mx * g->h[c]; x--)
            if (x < g->width[c] && y < g->height[c]) return g->rows[c][y][x][0];
    return 0;  // never: an MCU's first block is inside the picture
}

/// Hands the writer's whole bytes to the sink, in pieces of at most 64 KiB.
static void drain(half *hf) {
    for (size_t off = 0; off < hf->w.len && !hf->refused; off += 65536) {
        size_t n = hf->w.len - off < 65536 ? hf->w.len - off : 65536;
        if (hf->write(hf->ctx, hf->w.buf + off, n) != 0) hf->refused = 1;
        tp_crash_point(TP_CRASH_OUTPUT_STARTED);
    }
    hf->w.len = 0;
}

/// A symbol of component c's DC (`ac` 0) or AC table with its `nbits` value bits: counted, or written.
static inline __attribute__((always_inline)) void emit(half *hf, int counting, int ac, int c, int sym, uint32_t extra, int nbits) {
    if (counting) {
        (ac ? hf->ac : hf->dc)[hf->g->slot[c]][sym]++;
    } else {
        const etable *t = ac ? hf->eac[c] : hf->edc[c];
        put_bits(&hf->w, t->code[sym] << nbits | extra, t->size[sym] + nbits);
    }
}

/// Codes `block` of component c with prediction `*pred` as jchuff.c does: the DC difference, then
/// each nonzero AC coefficient after its run of zeros (found from the block's nonzero mask, not
/// coefficient by coefficient), sixteen zeros at a time where the run is longer, and the end of
/// block unless the last coefficient is nonzero.
static inline __attribute__((always_inline)) void code_block(half *hf, int counting, int c, const JCOEF *block, int *pred) {
    int diff = block[0] - *pred, nbits = magnitude_bits(diff);
    *pred = block[0];
    if (nbits > 11) hf->impossible = 1;
    emit(hf, counting, 0, c, nbits & 15, value_bits(diff, nbits), nbits & 15);
    uint64_t nonzero = nonzero_in(block, 1, DCTSIZE2 - 1, *hf->zz);
    int last = 0;
    while (nonzero) {
        int k = __builtin_ctzll(nonzero), run = k - last - 1, v = block[zigzag[k]];
        nonzero &= nonzero - 1;
        for (; run > 15; run -= 16) emit(hf, counting, 1, c, 0xF0, 0, 0);
        nbits = magnitude_bits(v);
        if (nbits > 10) hf->impossible = 1;
        emit(hf, counting, 1, c, run << 4 | (nbits & 15), value_bits(v, nbits), nbits & 15);
        last = k;
    }
    if (last != DCTSIZE2 - 1) emit(hf, counting, 1, c, 0x00, 0, 0);
}

/// Counts or codes the half's MCUs; coding gives the blocks back a megabyte or so at a time.
static inline __attribute__((always_inline)) void run_half_as(half *hf, int counting) {
    const geometry *g = hf->g;
    int pred[MAX_COMPS_IN_SCAN];
    memcpy(pred, hf->pred, sizeof pred);
    // Where the blocks not yet given back start: never before the half's own first row, so that a
    // page shared with the other half's rows is given back by neither.
    const uint8_t *kept[MAX_COMPS_IN_SCAN];
    for (int c = 0; c < g->comps; c++) kept[c] = (const uint8_t *)g->rows[c][hf->row0 * g->v[c]];
    size_t worst = 0;
    for (int c = 0; c < g->comps; c++) worst += (size_t)g->h[c] * g->v[c];
    worst = (worst + 2) * DCTSIZE2 * 7 + 32;  // an MCU's most bytes, stuffed (see jpeg_scan_write.c)
    for (int my = hf->row0; my < hf->row1 && !hf->impossible && !hf->refused; my++) {
        for (int mx = 0; mx < g->mcus_per_row; mx++) {
            if (!counting) {
                reserve(&hf->w, worst);
                if (hf->w.failed) return;
            }
            for (int c = 0; c < g->comps; c++)
                for (int y = my * g->v[c]; y < (my + 1) * g->v[c]; y++)
                    for (int x = mx * g->h[c]; x < (mx + 1) * g->h[c]; x++) {
                        if (x < g->width[c] && y < g->height[c]) {
                            code_block(hf, counting, c, g->rows[c][y][x], &pred[c]);
                        } else {  // past the edge: the prediction's DC, no AC
                            emit(hf, counting, 0, c, 0, 0, 0);
                            emit(hf, counting, 1, c, 0x00, 0, 0);
                        }
                    }
        }
        if (counting) continue;
        for (int c = 0; c < g->comps; c++) {
            const uint8_t *end = (const uint8_t *)g->rows[c][(my + 1) * g->v[c] - 1] + g->padded[c] * sizeof(JBLOCK);
            if (end - kept[c] < 1 << 20 && my + 1 < hf->row1) continue;
            tp_give_back(kept[c], end);
            const uint8_t *page = (const uint8_t *)((uintptr_t)end & ~((uintptr_t)sysconf(_SC_PAGESIZE) - 1));
            if (page > kept[c]) kept[c] = page;
        }
        if (hf->write && hf->w.len >= 256 * 1024) drain(hf);
    }
}

static void count_half(half *hf) { run_half_as(hf, 1); }
static void code_half(half *hf) { run_half_as(hf, 0); }

/// The other thread's half: counted while hf->w.raw is unset, then coded.
static void *run_half_thread(void *arg) {
    half *hf = arg;
    if (hf->w.raw) code_half(hf);
    else count_half(hf);
    return NULL;
}

/// The output's markers: the source's JFIF, Adobe and ICC segments and quantization tables, a
/// sequential frame (extended when a table has 16-bit values), the new Huffman tables and one
/// interleaved scan of every component.
static void put_own_header(writer *w, const tp_lossless *t, const geometry *g, JHUFF_TBL tables[2][2]) {
    const uint8_t *b = t->header;
    put_bytes(w, b, 2);
    int extended = 0;
    const uint8_t *frame = NULL;
    size_t frame_len = 0;
    for (size_t p = 2; p + 4 <= t->header_len;) {
        uint8_t m = b[p + 1];
        size_t n = 2 + ((size_t)b[p + 2] << 8 | b[p + 3]);
        int icc = m == JPEG_APP0 + 2 && n >= 4 + 12 && memcmp(b + p + 4, "ICC_PROFILE", 12) == 0;
        if (m == JPEG_APP0 || m == JPEG_APP0 + 14 || icc || m == 0xDB) put_bytes(w, b + p, n);
        if (m == 0xDB)
            for (size_t q = p + 4; q < p + n; q += 1 + (b[q] >> 4 ? 128 : 64)) extended |= b[q] >> 4;
        if (m == 0xC2) {
            frame = b + p;
            frame_len = n;
        }
        p += n;
    }
    uint8_t sof[2] = {0xFF, extended ? 0xC1 : 0xC0};
    put_bytes(w, sof, 2);
    put_bytes(w, frame + 2, frame_len - 2);
    static const uint8_t ids[4] = {0x00, 0x01, 0x10, 0x11};  // DC 0 and 1, AC 0 and 1
    const JHUFF_TBL *const in_order[4] = {&tables[0][0], &tables[0][1], &tables[1][0], &tables[1][1]};
    put_huffman_tables(w, 4, ids, in_order);
    uint8_t sos[4 + 1 + 2 * MAX_COMPS_IN_SCAN + 3] = {0xFF, 0xDA, 0, (uint8_t)(6 + 2 * g->comps), (uint8_t)g->comps};
    size_t n = 5;
    for (int c = 0; c < g->comps; c++) {
        sos[n++] = (uint8_t)t->src.comp_info[c].component_id;
        sos[n++] = (uint8_t)(g->slot[c] << 4 | g->slot[c]);
    }
    sos[n++] = 0;
    sos[n++] = 63;
    sos[n++] = 0;
    put_bytes(w, sos, n);
}

int tp_ll_own_write(tp_lossless *t, tp_write_fn write, void *ctx, char *msg, size_t msg_cap) {
    if (t->own_written) {
        tp_copy_message(msg, msg_cap, "the picture was written once: its blocks are given back");
        return TP_MISUSE;
    }
    t->own_written = 1;
    geometry g;
    measure(t, &g);
    half *halves = calloc(2, sizeof *halves);
    zigzag_bits *zz = malloc(sizeof *zz);
    if (zz) make_zigzag_bits(*zz);
    if (!halves || !zz) {
        free(halves);
        free(zz);
        tp_copy_message(msg, msg_cap, "out of memory");
        return TP_NOMEM;
    }
    int mid = g.mcu_rows / 2;
    for (int i = 0; i < 2; i++) {
        halves[i].g = &g;
        halves[i].zz = zz;
        halves[i].row0 = i ? mid : 0;
        halves[i].row1 = i ? g.mcu_rows : mid;
        for (int c = 0; c < g.comps; c++) halves[i].pred[c] = i && mid ? prediction_after(&g, c, g.mcus_per_row - 1, mid - 1) : 0;
    }
    // Count on both threads, then make the tables: the thread's failure to start is done here.
    pthread_t other;
    int threaded = pthread_create(&other, NULL, run_half_thread, &halves[1]) == 0;
    count_half(&halves[0]);
    if (threaded) pthread_join(other, NULL);
    else count_half(&halves[1]);
    int code = TP_OK;
    if (halves[0].impossible || halves[1].impossible) {
        tp_copy_message(msg, msg_cap, "a coefficient is out of the range a JPEG can code");
        code = TP_DAMAGED;
    }
    JHUFF_TBL tables[2][2];
    etable codes[2][2];
    for (int ac = 0; ac < 2 && code == TP_OK; ac++)
        for (int slot = 0; slot < 2; slot++) {
            uint64_t counts[256];
            for (int sym = 0; sym < 256; sym++)
                counts[sym] = ac ? halves[0].ac[slot][sym] + halves[1].ac[slot][sym] : halves[0].dc[slot][sym] + halves[1].dc[slot][sym];
            tp_scan_optimal_table(counts, &tables[ac][slot]);
            if (!tp_scan_build_tables(&tables[ac][slot], !ac, NULL, &codes[ac][slot])) code = TP_DAMAGED;  // never
        }
    // Code on both threads: the bottom half raw into memory, the top half to the sink.
    if (code == TP_OK) {
        for (int i = 0; i < 2; i++)
            for (int c = 0; c < g.comps; c++) {
                halves[i].edc[c] = &codes[0][g.slot[c]];
                halves[i].eac[c] = &codes[1][g.slot[c]];
            }
        halves[1].w.raw = 1;
        reserve(&halves[1].w, t->source_len / 2 + t->source_len / 8);  // about its share of the source: few copies as it grows
        reserve(&halves[0].w, 512 * 1024);
        halves[0].write = write;
        halves[0].ctx = ctx;
        put_own_header(&halves[0].w, t, &g, tables);
        threaded = pthread_create(&other, NULL, run_half_thread, &halves[1]) == 0;
        code_half(&halves[0]);
        if (threaded) pthread_join(other, NULL);
        else code_half(&halves[1]);
        uint64_t bits = finish_raw(&halves[1].w);
        for (uint64_t from = 0; from < bits && !halves[0].refused && !halves[0].w.failed; from += 1 << 20) {
            copy_bits(&halves[0].w, halves[1].w.buf, from, bits - from < 1 << 20 ? bits : from + (1 << 20));
            drain(&halves[0]);
        }
        flush_bits(&halves[0].w);
        static const uint8_t eoi[2] = {0xFF, 0xD9};
        put_bytes(&halves[0].w, eoi, 2);
        if (halves[0].w.failed || halves[1].w.failed) {
            tp_copy_message(msg, msg_cap, "out of memory");
            code = TP_NOMEM;
        } else {
            drain(&halves[0]);
            if (halves[0].refused) {
                tp_copy_message(msg, msg_cap, "the output refused the bytes");
                code = TP_IO;
            }
        }
    }
    free(halves[0].w.buf);
    free(halves[1].w.buf);
    free(halves);
    free(zz);
    return code;
}
