// The resampling's inner loops (see tp_resample.h): vectors of clang's (and GCC's) vector
// extension, so that one source is compiled for SSE2 (every x86-64) and again for AVX2, eight
// floats a step. The sums are formed in the same order, with no fused multiply-add, in both
// builds: the bytes out do not depend on the machine (ResampleKernelTests compares them).
#include "tp_resample.h"

#include <stdatomic.h>
#include <string.h>

#pragma clang fp contract(off)

typedef float v4f __attribute__((vector_size(16)));
typedef float v8f __attribute__((vector_size(32)));
typedef uint32_t v4u __attribute__((vector_size(16)));
typedef uint32_t v8u __attribute__((vector_size(32)));
typedef uint8_t v4b __attribute__((vector_size(4)));
typedef uint8_t v8b __attribute__((vector_size(8)));

// Macros rather than functions: a function taking an 8-float vector would have two calling
// conventions, one per build.
#define LOAD(type, p) ({ type v_; memcpy(&v_, (p), sizeof v_); v_; })

// Stores the nearest bytes to the floats `v` (a `type` vector; `utype` and `btype` are its lanes as
// 32-bit integers and as bytes), clamped to 0–255, the first `keep` of them at `out`: 1.5 × 2²³ added to a float in that range leaves its nearest
// integer (ties to even) in the low bits of the mantissa.
#define STORE_BYTES(type, utype, btype, v, out, keep) do { \
        const type zero_ = {0}; \
        type top_, magic_; \
        for (unsigned l_ = 0; l_ < sizeof(type) / sizeof(float); l_++) { top_[l_] = 255; magic_[l_] = 12582912.0f; } \
        type clamped_ = __builtin_elementwise_min(__builtin_elementwise_max((v), zero_), top_) + magic_; \
        utype bits_; \
        memcpy(&bits_, &clamped_, sizeof bits_); \
        btype bytes_ = __builtin_convertvector(bits_, btype); \
        memcpy((out), &bytes_, (keep)); \
    } while (0)

static inline __attribute__((always_inline))
void widen_body(const uint8_t *bytes, size_t pixels, int channels, float *floats) {
    if (channels != 4) {
        // Two pixels a step: their six bytes, each pixel's widened to four with a zero, read
        // as eight (so the last two or three pixels, whose eight would run past the row, one by one).
        size_t i = 0;
        const v8b zero = {0};
        for (; i + 3 <= pixels; i += 2) {
            v8b b = LOAD(v8b, bytes + 3 * i);
            v8f f = __builtin_convertvector(__builtin_shufflevector(b, zero, 0, 1, 2, 8, 3, 4, 5, 8), v8f);
            memcpy(floats + 4 * i, &f, sizeof f);
        }
        for (; i < pixels; i++) {
            floats[4 * i] = (float)bytes[3 * i];
            floats[4 * i + 1] = (float)bytes[3 * i + 1];
            floats[4 * i + 2] = (float)bytes[3 * i + 2];
            floats[4 * i + 3] = 0;
        }
    } else {
        for (size_t i = 0; i < 4 * pixels; i += 4) {
            float a = (float)bytes[i + 3];
            float scale = a / 255;
            floats[i] = (float)bytes[i] * scale;
            floats[i + 1] = (float)bytes[i + 1] * scale;
            floats[i + 2] = (float)bytes[i + 2] * scale;
            floats[i + 3] = a;
        }
    }
}

static inline __attribute__((always_inline))
void across_body(const float *in, int channels, int out_pixels, const int32_t *firsts,
                 const float *weights, int weight_stride, float *out) {
    const size_t c = (size_t)channels;
    for (int x = 0; x < out_pixels; x++) {
        const float *p = in + 4 * (size_t)firsts[x];
        const float *w = weights + (size_t)x * (size_t)weight_stride;
        // Four taps a step: two in each of two sums, one pixel in each half of a vector, so that
        // each sum waits on its own last step only. Every output pixel takes
        // `weight_stride` taps, the padded ones weighing zero: the same count each time, which
        // the branch predictor learns (a count that changes from pixel to pixel is mispredicted
        // about every other pixel, and costs more than the zeros).
        v8f even = {0}, odd = {0};
        for (int k = 0; k < weight_stride; k += 4) {
            // Eight weights read (the last four belong to the next pixel, or are the table's
            // spare zeros), each of the first four spread over the four floats of its pixel.
            const v8f w8 = LOAD(v8f, w + k);
            even += LOAD(v8f, p + 4 * (size_t)k) * __builtin_shufflevector(w8, w8, 0, 0, 0, 0, 1, 1, 1, 1);
            odd += LOAD(v8f, p + 4 * (size_t)k + 8) * __builtin_shufflevector(w8, w8, 2, 2, 2, 2, 3, 3, 3, 3);
        }
        const v8f both = even + odd;
        const v4f sum = __builtin_shufflevector(both, both, 0, 1, 2, 3) + __builtin_shufflevector(both, both, 4, 5, 6, 7);
        // An RGB pixel's fourth lane lands on the next pixel's first, written next.
        memcpy(out + (size_t)x * c, &sum, sizeof sum);
    }
}

static inline __attribute__((always_inline))
void down_body(const float *const *rows, const float *weights, int taps, size_t length, int channels,
               uint8_t *out) {
    if (channels == 4) {  // one pixel at a time: its colour is divided by its own alpha
        for (size_t i = 0; i < length; i += 4) {
            v4f sum = {0};
            for (int k = 0; k < taps; k++) sum += LOAD(v4f, rows[k] + i) * weights[k];
            float alpha = sum[3];
            float unpremultiply = alpha > 0.5f ? 255 / alpha : 0;
            sum = (v4f){sum[0] * unpremultiply, sum[1] * unpremultiply, sum[2] * unpremultiply, alpha};
            STORE_BYTES(v4f, v4u, v4b, sum, out + i, 4);
        }
        return;
    }
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        v8f sum = {0};
        for (int k = 0; k < taps; k++) sum += LOAD(v8f, rows[k] + i) * weights[k];
        STORE_BYTES(v8f, v8u, v8b, sum, out + i, 8);
    }
    // The last few: four floats at a time (each row has room for them), bytes kept as needed.
    for (; i < length; i += 4) {
        v4f sum = {0};
        for (int k = 0; k < taps; k++) sum += LOAD(v4f, rows[k] + i) * weights[k];
        STORE_BYTES(v4f, v4u, v4b, sum, out + i, length - i < 4 ? length - i : 4);
    }
}

// Each loop twice: for every x86-64 (SSE2, the body as it is) and for AVX2; the latter is used
// where the processor has it, unless `tp_resample_baseline(1)` asked for the former.
#if defined(__x86_64__)
static atomic_int avx2_in_use = -1;

static int avx2(void) {
    int in_use = atomic_load_explicit(&avx2_in_use, memory_order_relaxed);
    if (in_use < 0) {
        in_use = __builtin_cpu_supports("avx2") ? 1 : 0;
        atomic_store_explicit(&avx2_in_use, in_use, memory_order_relaxed);
    }
    return in_use;
}

int tp_resample_baseline(int baseline) {
    atomic_store_explicit(&avx2_in_use, baseline ? 0 : (__builtin_cpu_supports("avx2") ? 1 : 0), memory_order_relaxed);
    return avx2();
}

#define TWICE(name, params, args) \
    __attribute__((target("avx2"))) static void name##_avx2 params { name##_body args; } \
    static void name##_sse2 params { name##_body args; } \
    void tp_resample_##name params { if (avx2()) name##_avx2 args; else name##_sse2 args; }
#else
int tp_resample_baseline(int baseline) { (void)baseline; return 0; }

#define TWICE(name, params, args) void tp_resample_##name params { name##_body args; }
#endif

TWICE(widen, (const uint8_t *bytes, size_t pixels, int channels, float *floats), (bytes, pixels, channels, floats))
TWICE(across, (const float *in, int channels, int out_pixels, const int32_t *firsts, const float *weights,
               int weight_stride, float *out), (in, channels, out_pixels, firsts, weights, weight_stride, out))
TWICE(down, (const float *const *rows, const float *weights, int taps, size_t length, int channels, uint8_t *out),
      (rows, weights, taps, length, channels, out))
