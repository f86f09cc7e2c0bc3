#ifndef TP_RESAMPLE_H
#define TP_RESAMPLE_H
// The inner loops of the separable resampling (`Sources/TagKit/Imaging/Resample.swift` holds the
// filter, its weights and the ring of rows): bytes to floats, one row filtered across, and rows
// filtered down into bytes. Written once in C so that each loop is compiled twice, for any
// x86-64 (SSE2) and for AVX2, the latter used where the processor has it; both give the same
// bytes, as multiplications and additions are never fused. Elsewhere, one plain build.
#include <stddef.h>
#include <stdint.h>

/// `pixels` pixels of `channels` (3 or 4) bytes to four floats each: RGB and a zero, or RGBA with
/// the colour premultiplied by alpha (times alpha / 255). `floats` has room for `4 * pixels`.
void tp_resample_widen(const uint8_t *bytes, size_t pixels, int channels, float *floats);

/// Filters one row across: output pixel `x` is the sum, over `weight_stride` taps, of input pixel
/// `firsts[x] + k` (four floats each, from `tp_resample_widen`) times
/// `weights[x * weight_stride + k]`: a filter's taps for one pixel, padded with zeros, a multiple
/// of four (they are taken four at a time), with four zeros more after the last pixel's. So `in`
/// has `weight_stride` pixels of zeros after its last. The result is stored as `channels` (3 or
/// 4) floats, four at a time: `out` has one float to spare after its last pixel.
void tp_resample_across(const float *in, int channels, int out_pixels, const int32_t *firsts,
                        const float *weights, int weight_stride, float *out);

/// Filters `taps` rows down into one row of bytes: float `i` is the sum over `k` of `rows[k][i]`
/// times `weights[k]`, for `length` floats (a whole number of `channels`-float pixels), then
/// rounded to the nearest byte within 0–255; with 4 channels, colour is divided by alpha first
/// (undoing `tp_resample_widen`). Each row has one float to spare, rounded up to 4.
void tp_resample_down(const float *const *rows, const float *weights, int taps, size_t length, int channels,
                      uint8_t *out);

/// With `baseline` nonzero, the SSE2 loops from now on even where AVX2 is there; with 0, the
/// machine's best again. Returns 1 when the AVX2 loops are in use. For tests, which compare them.
int tp_resample_baseline(int baseline);

#endif
