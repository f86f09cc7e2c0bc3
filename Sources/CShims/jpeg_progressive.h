#ifndef TP_JPEG_PROGRESSIVE_H
#define TP_JPEG_PROGRESSIVE_H
// Private to the JPEG shims: a progressive JPEG's Huffman scans decoded into coefficients exactly
// as libjpeg's jpeg_read_coefficients stores them, scans of different coefficients on different
// threads (jpeg_progressive.c).
#include "jpeg_scan_private.h"  // dtable, huff_decode, peek32, extend, zigzag, tp_scan_build_tables, LOOK, PADDING; brings jpeglib.h

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
/// on hostile input, never blocks forever. Once a scan's bytes have been read (unstuffed), they
/// are not read again: `release` (when not NULL) is then called with their place in `bytes`, from
/// whichever thread read them. A thread runs the scans of DC coefficients after its others: they
/// touch every block, so the blocks' memory is all touched only once most bytes were released.
int tp_progressive_decode(const struct jpeg_decompress_struct *d, const uint8_t *bytes, size_t len,
                          JBLOCKROW *const rows[MAX_COMPONENTS], int max_scans, int threads,
                          void (*release)(void *ctx, size_t offset, size_t len), void *release_ctx);

#endif
