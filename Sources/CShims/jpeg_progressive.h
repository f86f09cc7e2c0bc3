#ifndef TP_JPEG_PROGRESSIVE_H
#define TP_JPEG_PROGRESSIVE_H
// Private to the JPEG shims: a progressive JPEG's Huffman scans decoded into coefficients exactly
// as libjpeg's jpeg_read_coefficients stores them, scans of different coefficients on different
// threads (jpeg_progressive.c).
#include "jpeg_scan_private.h"  // dtable, huff_decode, peek32, extend, zigzag, tp_scan_build_tables, LOOK, PADDING; brings jpeglib.h

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/// Decodes every scan of the progressive, Huffman-coded, 8-bit JPEG `bytes`/`len` (the whole file)
/// into `rows`, on up to `threads` threads. `d` has read the file's headers (jpeg_read_header
/// returned JPEG_HEADER_OK) and gives the frame: num_components, comp_info[ci] (component_id,
/// h/v_samp_factor, width_in_blocks, height_in_blocks), max_h/v_samp_factor, image_width/height.
/// rows[ci][by] is block row `by` of component ci (SOF order): jround_up(width_in_blocks,
/// h_samp_factor) blocks wide, jround_up(height_in_blocks, v_samp_factor) rows, all zero on entry.
/// Coefficients are stored exactly as libjpeg's jpeg_read_coefficients stores them (natural order).
/// Returns 1 when every scan was decoded; 0 when anything is irregular, unsupported or more than
/// `max_scans` scans are present (the caller then starts over with libjpeg, which reports or
/// tolerates it; `rows` may hold partial data then). Never reads outside `bytes`, never crashes
/// on hostile input, never blocks forever. With `consume`, the bytes are the caller's to use up
/// (writable pages of their own, not read again afterwards): each scan is unstuffed in place, in
/// its own bytes and the markers after them, and the whole pages it has been read from are given
/// back to the system (MADV_DONTNEED) as its decoding passes them, so the compressed photo is never
/// held beside a copy of itself; without it the bytes are only read, each scan unstuffed into a
/// buffer of its own. A thread runs the scans of DC coefficients after its others: they touch
/// every block, so the blocks' memory is all touched only once most bytes were used up.
int tp_progressive_decode(const struct jpeg_decompress_struct *d, const uint8_t *bytes, size_t len,
                          JBLOCKROW *const rows[MAX_COMPONENTS], int max_scans, int threads, int consume);

/// Gives the whole pages inside [from, to) back to the system: they read as zeros afterwards.
static inline void tp_give_back(const void *from, const void *to) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t a = ((uintptr_t)from + page - 1) & ~(page - 1), b = (uintptr_t)to & ~(page - 1);
    if (b > a) madvise((void *)a, b - a, MADV_DONTNEED);
}

#endif
