// The canvas of a HEIF file's primary item when it is derived ('grid' or 'iovl'), read from the
// file's own boxes (ISO/IEC 14496-12 and 23008-12), every read bounds-checked.
//
// libheif 1.15 checks a derived image's canvas only against its absolute limit (32767 a side)
// before allocating it, not against the 'ispe' the header declares, which is what the pixel limit
// is checked on: a few bytes of 'grid' data can make it allocate gigabytes (found by FuzzHEIC).
// So the canvas is read here first, the way libheif will read it.
#include "heif_boxes.h"

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

/// The type of item `id` from 'iinf' (its 'infe' entries of version 2 or 3); 0 when not found.
static uint32_t item_type(span iinf, uint32_t id) {
    size_t at = 0;
    uint64_t version, count;
    if (!field(iinf, &at, 1, &version) || !field(iinf, &at, 3, &count) ||
        !field(iinf, &at, version == 0 ? 2 : 4, &count)) return 0;
    uint32_t kind;
    span infe;
    while (next_box(iinf, &at, &kind, &infe)) {
        if (kind != FOURCC('i', 'n', 'f', 'e')) continue;
        size_t i = 0;
        uint64_t v, item, protection, type;
        if (!field(infe, &i, 1, &v) || !field(infe, &i, 3, &protection) || v < 2) continue;
        if (!field(infe, &i, v == 2 ? 2 : 4, &item) || !field(infe, &i, 2, &protection) || !field(infe, &i, 4, &type)) continue;
        if (item == id) return (uint32_t)type;
    }
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

int tp_heif_derived_canvas(const uint8_t *bytes, size_t len, uint32_t *width, uint32_t *height) {
    *width = *height = 0;
    span file = {bytes, len}, meta, pitm, iinf, iloc, idat = {NULL, 0};
    if (!bytes || !child(file, 0, FOURCC('m', 'e', 't', 'a'), &meta)) return TP_HEIF_NOT_DERIVED;
    // meta is a full box: its children follow the version and flags.
    if (!child(meta, 4, FOURCC('p', 'i', 't', 'm'), &pitm) || !child(meta, 4, FOURCC('i', 'i', 'n', 'f'), &iinf))
        return TP_HEIF_NOT_DERIVED;
    size_t at = 0;
    uint64_t version, flags, primary;
    if (!field(pitm, &at, 1, &version) || !field(pitm, &at, 3, &flags) || !field(pitm, &at, version == 0 ? 2 : 4, &primary))
        return TP_HEIF_NOT_DERIVED;
    uint32_t type = item_type(iinf, (uint32_t)primary);
    int grid = type == FOURCC('g', 'r', 'i', 'd'), overlay = type == FOURCC('i', 'o', 'v', 'l');
    if (!grid && !overlay) return TP_HEIF_NOT_DERIVED;
    if (!child(meta, 4, FOURCC('i', 'l', 'o', 'c'), &iloc)) return TP_HEIF_UNREADABLE;
    int has_idat = child(meta, 4, FOURCC('i', 'd', 'a', 't'), &idat);
    // grid: version, flags, rows - 1, columns - 1, then the output size. iovl: version, flags,
    // four 16-bit fill values, then the output size. Flag bit 0: 32-bit sizes.
    uint8_t data[20];
    long got = item_data(file, iloc, idat, has_idat, (uint32_t)primary, data, sizeof data);
    size_t head = grid ? 4 : 10;
    if (got < (long)head) return TP_HEIF_UNREADABLE;
    span s = {data, (size_t)got};
    int wide = (data[1] & 1) ? 4 : 2;
    uint64_t w, h;
    at = head;
    if (!field(s, &at, wide, &w) || !field(s, &at, wide, &h)) return TP_HEIF_UNREADABLE;
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return TP_HEIF_DERIVED;
}
