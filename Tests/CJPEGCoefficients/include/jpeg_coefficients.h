#ifndef JPEG_COEFFICIENTS_H
#define JPEG_COEFFICIENTS_H
// For the lossless-export tests: a JPEG's quantized coefficients, read with libjpeg alone, so that
// what the tests compare does not come from the transcoder they check (Sources/CShims/jpeg_lossless*.c).
#include <stddef.h>
#include <stdint.h>

/// Reads the quantized coefficients of component `component` of the JPEG in `bytes`: `*blocks`
/// (malloc'd, the caller frees it) receives `*width_blocks × *height_blocks` blocks of 64
/// coefficients in natural order, row by row; one sample spans `*x_scale × *y_scale` pixels.
/// 0, or nonzero with libjpeg's reason in `msg`; any warning of libjpeg's is a failure too.
int jpeg_coefficients_of_component(const void *bytes, size_t len, int component, int16_t **blocks,
                                   int *width_blocks, int *height_blocks, int *x_scale, int *y_scale,
                                   char *msg, size_t msg_cap);

#endif
