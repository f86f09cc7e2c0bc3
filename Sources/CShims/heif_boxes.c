// The canvas of a HEIF file's primary item when it is derived ('grid' or 'iovl'), read from the
// file's own boxes (ISO/IEC 14496-12 and 23008-12), every read bounds-checked.
//
// libheif 1.15 checks a derived image's canvas only against its absolute limit (32767 a side)
// before allocating it, not against the 'ispe' the header declares, which is what the pixel limit
// is checked on: a few bytes of 'grid' data can make it allocate gigabytes (found by FuzzHEIC).
// So the canvas is read here first, the way libheif will read it.
#include "heif_boxes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *p;
    size_t len;
} span;

static uint64_t be(const uint8_t *p, int n) {
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

/// Reads an n-byte big-endian field at *at (n in 0…8; 0 reads as 0), advancing; false past the end.
static int field(span s, size_t *at, int n, uint64_t *out) {
    if (n < 0 || n > 8 || *at > s.len || s.len - *at < (size_t)n) return 0;
    *out = be(s.p + *at, n);
    *at += (size_t)n;
    return 1;
}

/// The next box in `s` from *at: its type and body, advancing past it; false at the end or when the
/// box does not fit (size 1: a 64-bit size follows; size 0: to the end).
static int next_box(span s, size_t *at, uint32_t *type, span *body) {
    size_t start = *at;
    uint64_t size, kind;
    if (!field(s, at, 4, &size) || !field(s, at, 4, &kind)) return 0;
    if (size == 1 && !field(s, at, 8, &size)) return 0;
    if (size == 0) size = s.len - start;
    size_t header = *at - start;
    if (size < header || size > s.len - start) return 0;
    *type = (uint32_t)kind;
    *body = (span){s.p + *at, (size_t)size - header};
    *at = start + (size_t)size;
    return 1;
}

#define FOURCC(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/// The first child of `parent` (from offset `skip`) of type `type`.
static int child(span parent, size_t skip, uint32_t type, span *out) {
    size_t at = skip;
    uint32_t kind;
    span body;
    while (next_box(parent, &at, &kind, &body))
        if (kind == type) {
            *out = body;
            return 1;
        }
    return 0;
}

/// Starts a walk over the 'infe' entries of `iinf`: *at past its version, flags and count; 0
/// when they do not fit.
static int infe_start(span iinf, size_t *at) {
    uint64_t version, count;
    *at = 0;
    return field(iinf, at, 1, &version) && field(iinf, at, 3, &count) && field(iinf, at, version == 0 ? 2 : 4, &count);
}

/// The next 'infe' of version 2 or 3 from *at (others are skipped): its item id, its type and
/// the offset in `file` of its flags' last byte (bit 0: hidden); 0 at the end.
static int next_infe(span file, span iinf, size_t *at, uint32_t *item, uint32_t *type, size_t *flags_at) {
    uint32_t kind;
    span infe;
    while (next_box(iinf, at, &kind, &infe)) {
        size_t i = 0;
        uint64_t v, flags, id, protection, t;
        if (kind != FOURCC('i', 'n', 'f', 'e') || !field(infe, &i, 1, &v) || !field(infe, &i, 3, &flags) || v < 2 ||
            !field(infe, &i, v == 2 ? 2 : 4, &id) || !field(infe, &i, 2, &protection) || !field(infe, &i, 4, &t)) continue;
        *item = (uint32_t)id;
        *type = (uint32_t)t;
        *flags_at = (size_t)(infe.p - file.p) + 3;
        return 1;
    }
    return 0;
}

/// Item `id`'s type from its first 'infe', and where its hidden flag sits; 0 when there is none.
static uint32_t item_entry(span file, span iinf, uint32_t id, size_t *flags_at) {
    size_t at;
    uint32_t item, type;
    if (!infe_start(iinf, &at)) return 0;
    while (next_infe(file, iinf, &at, &item, &type, flags_at))
        if (item == id) return type;
    return 0;
}

/// Up to `cap` bytes of item `id`'s data, gathered from its 'iloc' extents (in the file, or in
/// 'idat' for construction method 1); the count read, or -1 when the data does not fit.
static long item_data(span file, span iloc, span idat, int has_idat, uint32_t id, uint8_t *out, size_t cap) {
    size_t at = 0;
    uint64_t version, flags, sizes, more, count;
    if (!field(iloc, &at, 1, &version) || !field(iloc, &at, 3, &flags) || version > 2 ||
        !field(iloc, &at, 1, &sizes) || !field(iloc, &at, 1, &more) ||
        !field(iloc, &at, version < 2 ? 2 : 4, &count)) return -1;
    int offset_size = (int)(sizes >> 4), length_size = (int)(sizes & 15), base_size = (int)(more >> 4);
    int index_size = version >= 1 ? (int)(more & 15) : 0;
    for (uint64_t n = 0; n < count; n++) {
        uint64_t item, method = 0, reference, base, extents;
        if (!field(iloc, &at, version < 2 ? 2 : 4, &item)) return -1;
        if (version >= 1) {
            if (!field(iloc, &at, 2, &method)) return -1;
            method &= 15;
        }
        if (!field(iloc, &at, 2, &reference) || !field(iloc, &at, base_size, &base) || !field(iloc, &at, 2, &extents))
            return -1;
        size_t got = 0;
        for (uint64_t e = 0; e < extents; e++) {
            uint64_t index, offset, length;
            if (!field(iloc, &at, index_size, &index) || !field(iloc, &at, offset_size, &offset) ||
                !field(iloc, &at, length_size, &length)) return -1;
            if (item != id || got == cap) continue;
            span from = method == 1 ? idat : file;
            if ((method != 0 && method != 1) || (method == 1 && !has_idat)) return -1;
            uint64_t start = base + offset;
            if (start < base || start > from.len) return -1;
            uint64_t available = from.len - start;
            if (length == 0) length = available;  // 0: to the end of the file (or idat)
            if (length > available) return -1;
            size_t take = length < cap - got ? (size_t)length : cap - got;
            memcpy(out + got, from.p + start, take);
            got += take;
        }
        if (item == id) return (long)got;
    }
    return -1;
}

/// The boxes of the file's first 'meta' that these checks read (a span with no bytes when absent),
/// and the primary item's id (0 when there is no readable 'pitm').
typedef struct {
    span file, iinf, iloc, iref, iprp, idat;
    uint32_t primary;
} heif_meta;

static int read_meta(const uint8_t *bytes, size_t len, heif_meta *m) {
    memset(m, 0, sizeof *m);
    m->file = (span){bytes, len};
    span meta, pitm;
    if (!bytes || !child(m->file, 0, FOURCC('m', 'e', 't', 'a'), &meta)) return 0;
    // meta is a full box: its children follow the version and flags.
    child(meta, 4, FOURCC('i', 'i', 'n', 'f'), &m->iinf);
    child(meta, 4, FOURCC('i', 'l', 'o', 'c'), &m->iloc);
    child(meta, 4, FOURCC('i', 'r', 'e', 'f'), &m->iref);
    child(meta, 4, FOURCC('i', 'p', 'r', 'p'), &m->iprp);
    child(meta, 4, FOURCC('i', 'd', 'a', 't'), &m->idat);
    size_t at = 0;
    uint64_t version, flags, primary;
    if (child(meta, 4, FOURCC('p', 'i', 't', 'm'), &pitm) && field(pitm, &at, 1, &version) && field(pitm, &at, 3, &flags) &&
        field(pitm, &at, version == 0 ? 2 : 4, &primary)) m->primary = (uint32_t)primary;
    return 1;
}

/// The output size of derived item `id` of type `type` ('grid': version, flags, rows - 1,
/// columns - 1, then the size; 'iovl': version, flags, four 16-bit fill values, then the size;
/// flag bit 0: 32-bit sizes), and for a grid its rows and columns; 0 when its data does not fit.
static int derived_output(const heif_meta *m, uint32_t id, uint32_t type, uint32_t *rows, uint32_t *columns,
                          uint32_t *width, uint32_t *height) {
    uint8_t data[20];
    long got = m->iloc.p ? item_data(m->file, m->iloc, m->idat, m->idat.p != NULL, id, data, sizeof data) : -1;
    size_t at = type == FOURCC('g', 'r', 'i', 'd') ? 4 : 10;
    if (got < (long)at) return 0;
    span s = {data, (size_t)got};
    uint64_t w, h;
    if (!field(s, &at, (data[1] & 1) ? 4 : 2, &w) || !field(s, &at, (data[1] & 1) ? 4 : 2, &h)) return 0;
    *rows = data[2] + 1u;
    *columns = data[3] + 1u;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return 1;
}

int tp_heif_derived_canvas(const uint8_t *bytes, size_t len, uint32_t *width, uint32_t *height) {
    *width = *height = 0;
    heif_meta m;
    size_t flags_at;
    if (!read_meta(bytes, len, &m) || !m.primary || !m.iinf.p) return TP_HEIF_NOT_DERIVED;
    uint32_t type = item_entry(m.file, m.iinf, m.primary, &flags_at), rows, columns;
    if (type != FOURCC('g', 'r', 'i', 'd') && type != FOURCC('i', 'o', 'v', 'l')) return TP_HEIF_NOT_DERIVED;
    return derived_output(&m, m.primary, type, &rows, &columns, width, height) ? TP_HEIF_DERIVED : TP_HEIF_UNREADABLE;
}

static size_t count_boxes(span parent, size_t skip, size_t cap);

// MARK: - A grid's plan

/// The items `from` refers to by the first reference of `type` in 'iref', up to `cap`; the count,
/// or -1. Read as libheif 1.15 reads 'iref': each reference's box header, then its source, count
/// and targets taken from the rest of 'iref' whatever the header's size says, the targets ending
/// early at the end of 'iref'.
static long references(span iref, uint32_t type, uint32_t from, uint32_t *to, size_t cap) {
    size_t at = 0;
    uint64_t version, flags;
    if (!field(iref, &at, 1, &version) || !field(iref, &at, 3, &flags)) return -1;
    int wide = version == 0 ? 2 : 4;
    while (at < iref.len) {
        uint64_t size, kind, source, count;
        if (!field(iref, &at, 4, &size) || !field(iref, &at, 4, &kind)) return -1;
        if (size == 1 && !field(iref, &at, 8, &size)) return -1;
        if (kind == FOURCC('u', 'u', 'i', 'd')) {
            if (iref.len - at < 16) return -1;
            at += 16;
        }
        if (!field(iref, &at, wide, &source) || !field(iref, &at, 2, &count)) return -1;
        int match = kind == type && source == from;
        size_t n = 0;
        for (uint64_t i = 0; i < count; i++) {
            uint64_t target;
            if (!field(iref, &at, wide, &target)) break;
            if (match) {
                if (n == cap) return -1;
                to[n] = (uint32_t)target;
            }
            n++;
            if (at >= iref.len) break;
        }
        if (match) return (long)n;
    }
    return 0;
}

/// The transformations item `id` carries (ipma order) into `grid`; 0 when it has one tagproj
/// does not apply itself (clap) or the boxes do not parse. 'ipco' is indexed once, so the walk
/// is linear in 'ipma' (each association looked up, not found by walking 'ipco' again).
static int transformations(span iprp, uint32_t id, tp_heif_grid *grid) {
    span ipco, ipma;
    if (!child(iprp, 0, FOURCC('i', 'p', 'c', 'o'), &ipco) || !child(iprp, 0, FOURCC('i', 'p', 'm', 'a'), &ipma)) return 0;
    size_t count = count_boxes(ipco, 0, TP_HEIF_MAX_PROPERTIES);
    if (count > TP_HEIF_MAX_PROPERTIES) return 0;
    uint32_t *kinds = malloc((count + 1) * sizeof *kinds);
    span *properties = malloc((count + 1) * sizeof *properties);
    int ok = kinds && properties;
    size_t p = 0;
    for (size_t k = 0; ok && k < count; k++) ok = next_box(ipco, &p, &kinds[k], &properties[k]);
    size_t at = 0;
    uint64_t version, flags, entries;
    if (ok && (!field(ipma, &at, 1, &version) || !field(ipma, &at, 3, &flags) || !field(ipma, &at, 4, &entries))) ok = 0;
    for (uint64_t e = 0; ok && e < entries; e++) {
        uint64_t item, associations;
        if (!field(ipma, &at, version < 1 ? 2 : 4, &item) || !field(ipma, &at, 1, &associations)) ok = 0;
        for (uint64_t n = 0; ok && n < associations; n++) {
            uint64_t association;
            if (!field(ipma, &at, (flags & 1) ? 2 : 1, &association)) ok = 0;
            if (!ok || item != id) continue;
            uint64_t index = association & ((flags & 1) ? 0x7fff : 0x7f);
            if (index == 0) continue;
            if (index > count) ok = 0;  // the index-th property (1-based) of ipco is not there
            if (!ok) continue;
            uint32_t kind = kinds[index - 1];
            span property = properties[index - 1];
            if (kind == FOURCC('c', 'l', 'a', 'p')) ok = 0;
            if (!ok || (kind != FOURCC('i', 'r', 'o', 't') && kind != FOURCC('i', 'm', 'i', 'r'))) continue;
            if (property.len < 1 || grid->transform_count == 8) ok = 0;
            if (!ok) continue;
            int op = kind == FOURCC('i', 'r', 'o', 't') ? (property.p[0] & 3) : (property.p[0] & 1) ? 4 : 5;
            if (op != 0) grid->transforms[grid->transform_count++] = op;
        }
    }
    free(kinds);
    free(properties);
    return ok;
}

void tp_heif_grid_free(tp_heif_grid *grid) {
    free(grid->tiles);
    free(grid->hidden_at);
    grid->tiles = NULL;
    grid->hidden_at = NULL;
}

int tp_heif_grid_plan(const uint8_t *bytes, size_t len, tp_heif_grid *grid) {
    memset(grid, 0, sizeof *grid);
    heif_meta m;
    size_t flags_at;
    if (!read_meta(bytes, len, &m) || !m.primary || !m.iinf.p || !m.iloc.p || !m.iref.p || !m.iprp.p) return 0;
    if (item_entry(m.file, m.iinf, m.primary, &flags_at) != FOURCC('g', 'r', 'i', 'd') ||
        !derived_output(&m, m.primary, FOURCC('g', 'r', 'i', 'd'), &grid->rows, &grid->columns, &grid->width, &grid->height))
        return 0;
    size_t count = (size_t)grid->rows * grid->columns;
    if (!transformations(m.iprp, m.primary, grid)) return 0;
    grid->tiles = malloc(count * sizeof *grid->tiles);
    grid->hidden_at = malloc(count * sizeof *grid->hidden_at);
    if (!grid->tiles || !grid->hidden_at || references(m.iref, FOURCC('d', 'i', 'm', 'g'), m.primary, grid->tiles, count) != (long)count) {
        tp_heif_grid_free(grid);
        return 0;
    }
    uint32_t type = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t kind = item_entry(m.file, m.iinf, grid->tiles[i], &grid->hidden_at[i]);
        if (kind == 0 || kind == FOURCC('g', 'r', 'i', 'd') || kind == FOURCC('i', 'o', 'v', 'l') || (type && kind != type)) {
            tp_heif_grid_free(grid);
            return 0;
        }
        type = kind;
    }
    return 1;
}

// MARK: - Derivation loops

enum { MAX_DERIVED = 64 };

typedef struct {
    uint32_t id[MAX_DERIVED];
    uint8_t state[MAX_DERIVED];  // 0 not seen, 1 on the walk's path, 2 done
    size_t count;
} derived_set;

static int derived_index(const derived_set *set, uint32_t id) {
    for (size_t i = 0; i < set->count; i++)
        if (set->id[i] == id) return (int)i;
    return -1;
}

/// Walks the derived images `index` refers to; 1 when the walk comes back to one on its path (or
/// runs out of memory). At most MAX_DERIVED levels deep, as each image is on the path once.
static int walk(span iref, derived_set *set, int index) {
    set->state[index] = 1;
    uint32_t *refs = malloc(65536 * sizeof *refs);
    if (!refs) return 1;
    long count = references(iref, FOURCC('d', 'i', 'm', 'g'), set->id[index], refs, 65536);
    int loops = 0;
    for (long n = 0; n < count && !loops; n++) {
        int next = derived_index(set, refs[n]);
        if (next >= 0 && set->state[next] != 2) loops = set->state[next] == 1 || walk(iref, set, next);
    }
    free(refs);
    set->state[index] = 2;
    return loops;
}

int tp_heif_derivation_loops(const uint8_t *bytes, size_t len) {
    heif_meta m;
    size_t at, flags_at;
    uint32_t item, type;
    if (!read_meta(bytes, len, &m) || !m.iinf.p || !m.iref.p || !infe_start(m.iinf, &at)) return 0;
    derived_set set = {.count = 0};
    while (next_infe(m.file, m.iinf, &at, &item, &type, &flags_at)) {
        if (type != FOURCC('g', 'r', 'i', 'd') && type != FOURCC('i', 'o', 'v', 'l') && type != FOURCC('i', 'd', 'e', 'n')) continue;
        if (derived_index(&set, item) >= 0) continue;
        if (set.count == MAX_DERIVED) return 1;
        set.id[set.count++] = item;
    }
    int loops = 0;
    for (size_t i = 0; i < set.count && !loops; i++)
        if (set.state[i] == 0) loops = walk(m.iref, &set, (int)i);
    return loops;
}

// MARK: - Counts

/// The number of child boxes of `parent` from offset `skip`, stopping once past `cap`.
static size_t count_boxes(span parent, size_t skip, size_t cap) {
    size_t at = skip, n = 0;
    uint32_t kind;
    span body;
    while (n <= cap && next_box(parent, &at, &kind, &body)) n++;
    return n;
}

/// The extents 'iloc' declares over all its items, stopping once past `cap`; the item count in *items.
static uint64_t iloc_extents(span iloc, uint64_t *items, uint64_t cap) {
    size_t at = 0;
    uint64_t version, flags, sizes, more, total = 0;
    *items = 0;
    if (!field(iloc, &at, 1, &version) || !field(iloc, &at, 3, &flags) || version > 2 ||
        !field(iloc, &at, 1, &sizes) || !field(iloc, &at, 1, &more) ||
        !field(iloc, &at, version < 2 ? 2 : 4, items)) return 0;
    int entry = (int)(more & 15) * (version >= 1) + (int)(sizes >> 4) + (int)(sizes & 15);
    for (uint64_t n = 0; n < *items && total <= cap; n++) {
        uint64_t item, method, reference, base, extents;
        if (!field(iloc, &at, version < 2 ? 2 : 4, &item) || (version >= 1 && !field(iloc, &at, 2, &method)) ||
            !field(iloc, &at, 2, &reference) || !field(iloc, &at, (int)(more >> 4), &base) || !field(iloc, &at, 2, &extents))
            break;
        total += extents;
        if (extents > (iloc.len - at) / (entry ? (size_t)entry : 1)) break;  // declared past the box: libheif refuses
        at += (size_t)extents * (size_t)entry;
    }
    return total;
}

/// The references in 'iref' (boxes, and their targets in all), read as `references` reads them,
/// stopping once past the caps.
static void iref_counts(span iref, uint64_t *boxes, uint64_t *targets, uint64_t box_cap, uint64_t target_cap) {
    size_t at = 0;
    uint64_t version, flags;
    *boxes = *targets = 0;
    if (!field(iref, &at, 1, &version) || !field(iref, &at, 3, &flags)) return;
    int wide = version == 0 ? 2 : 4;
    while (at < iref.len && *boxes <= box_cap && *targets <= target_cap) {
        uint64_t size, kind, source, count, target;
        if (!field(iref, &at, 4, &size) || !field(iref, &at, 4, &kind)) return;
        if (size == 1 && !field(iref, &at, 8, &size)) return;
        if (kind == FOURCC('u', 'u', 'i', 'd')) {
            if (iref.len - at < 16) return;
            at += 16;
        }
        if (!field(iref, &at, wide, &source) || !field(iref, &at, 2, &count)) return;
        (*boxes)++;
        for (uint64_t i = 0; i < count && *targets <= target_cap; i++) {
            if (!field(iref, &at, wide, &target)) return;
            (*targets)++;
            if (at >= iref.len) return;
        }
    }
}

int tp_heif_too_many(const uint8_t *bytes, size_t len, char *why, size_t cap) {
    heif_meta m;
    if (!read_meta(bytes, len, &m)) return 0;
    uint64_t declared = 0, extents = 0, boxes = 0, targets = 0, entries = 0, properties = 0;
    size_t at = 0;
    uint64_t version, flags;
    if (m.iinf.p && field(m.iinf, &at, 1, &version) && field(m.iinf, &at, 3, &flags) &&
        field(m.iinf, &at, version == 0 ? 2 : 4, &declared)) {
        size_t found = count_boxes(m.iinf, at, TP_HEIF_MAX_ITEMS);
        if (found > declared) declared = found;
    }
    uint64_t located = 0;
    if (m.iloc.p) extents = iloc_extents(m.iloc, &located, TP_HEIF_MAX_EXTENTS);
    if (m.iref.p) iref_counts(m.iref, &boxes, &targets, TP_HEIF_MAX_REFERENCES, TP_HEIF_MAX_TARGETS);
    span ipco, ipma;
    if (m.iprp.p && child(m.iprp, 0, FOURCC('i', 'p', 'c', 'o'), &ipco)) properties = count_boxes(ipco, 0, TP_HEIF_MAX_PROPERTIES);
    at = 0;
    if (m.iprp.p && child(m.iprp, 0, FOURCC('i', 'p', 'm', 'a'), &ipma)) {
        if (!field(ipma, &at, 1, &version) || !field(ipma, &at, 3, &flags) || !field(ipma, &at, 4, &entries)) entries = 0;
    }
    const char *what = NULL;
    uint64_t count = 0, limit = 0;
    if (declared > TP_HEIF_MAX_ITEMS || located > TP_HEIF_MAX_ITEMS || entries > TP_HEIF_MAX_ITEMS) {
        what = "items";
        count = declared > located ? declared : located;
        if (entries > count) count = entries;
        limit = TP_HEIF_MAX_ITEMS;
    } else if (extents > TP_HEIF_MAX_EXTENTS) {
        what = "data extents", count = extents, limit = TP_HEIF_MAX_EXTENTS;
    } else if (boxes > TP_HEIF_MAX_REFERENCES) {
        what = "item references", count = boxes, limit = TP_HEIF_MAX_REFERENCES;
    } else if (targets > TP_HEIF_MAX_TARGETS) {
        what = "referenced items", count = targets, limit = TP_HEIF_MAX_TARGETS;
    } else if (properties > TP_HEIF_MAX_PROPERTIES) {
        what = "item properties", count = properties, limit = TP_HEIF_MAX_PROPERTIES;
    }
    if (!what) return 0;
    // A count that stopped at the cap + 1 is a lower bound.
    if (count > limit + 1)
        snprintf(why, cap, "the file holds %llu %s, more than the %llu a photo has room for", (unsigned long long)count,
                 what, (unsigned long long)limit);
    else
        snprintf(why, cap, "the file holds more than %llu %s, more than a photo has room for", (unsigned long long)limit, what);
    return 1;
}
