// SHA-256 as FIPS 180-4 specifies it (section 6.2), one 64-byte block at a time: with the x86 SHA
// extensions where the processor has them (some ten times the scalar loop's speed, so a photo's
// digest costs a few milliseconds), else the scalar loop. Both run the same rounds on the same
// constants; the tests compare them on inputs of every length up to a few blocks.
#include "tp_sha256.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

static const uint32_t k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotr(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

static void compress(uint32_t state[8], const uint8_t block[64]) {
    uint32_t w[64];
    for (int t = 0; t < 16; t++) {
        w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16 | (uint32_t)block[4 * t + 2] << 8 | block[4 * t + 3];
    }
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ w[t - 15] >> 3;
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ w[t - 2] >> 10;
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5], g = state[6], h = state[7];
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[t] + w[t];
        uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

#if defined(__x86_64__)
/// `blocks` 64-byte blocks at `data` through the SHA extensions. The state is kept as the
/// instructions want it, ABEF and CDGH; each group of four rounds takes its four message words
/// (the first four groups from the block, the rest by the schedule's msg1/msg2 steps) plus their
/// four constants.
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_sha_ni(uint32_t state[8], const uint8_t *data, size_t blocks) {
    const __m128i byte_swap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[0]), 0xB1);  // CDAB
    __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&state[4]), 0x1B);  // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);       // CDGH
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
#pragma GCC unroll 16
        for (int g = 0; g < 16; g++) {
            __m128i words;
            if (g < 4) {
                words = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * g)), byte_swap);
            } else {
                // W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], four at a time.
                __m128i sum = _mm_add_epi32(_mm_sha256msg1_epu32(w[g & 3], w[(g - 3) & 3]),
                                            _mm_alignr_epi8(w[(g - 1) & 3], w[(g - 2) & 3], 4));
                words = _mm_sha256msg2_epu32(sum, w[(g - 1) & 3]);
            }
            w[g & 3] = words;
            __m128i message = _mm_add_epi32(words, _mm_loadu_si128((const __m128i *)&k[4 * g]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, message);
            state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(message, 0x0E));
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);             // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);          // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);       // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);          // HGFE
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}
#endif

/// Whether the SHA extensions are used: the processor's answer, unless the test hook said no.
static int use_sha_ni = -1;

void tp_sha256_use_extensions(int allowed) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    use_sha_ni = allowed && __builtin_cpu_supports("sha") && __builtin_cpu_supports("sse4.1");
#else
    (void)allowed;
    use_sha_ni = 0;
#endif
}

int tp_sha256_uses_extensions(void) {
    if (use_sha_ni < 0) tp_sha256_use_extensions(1);
    return use_sha_ni;
}

/// `blocks` whole blocks at `data`, by whichever way this processor has.
static void compress_blocks(uint32_t state[8], const uint8_t *data, size_t blocks) {
#if defined(__x86_64__)
    if (tp_sha256_uses_extensions()) {
        compress_sha_ni(state, data, blocks);
        return;
    }
#endif
    for (; blocks > 0; blocks--, data += 64) compress(state, data);
}

void tp_sha256_init(tp_sha256 *h) {
    static const uint32_t initial[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(h->state, initial, sizeof initial);
    h->pending_length = 0;
    h->length = 0;
}

void tp_sha256_update(tp_sha256 *h, const void *data, size_t length) {
    const uint8_t *p = data;
    h->length += length;
    if (h->pending_length > 0) {
        size_t take = 64 - h->pending_length < length ? 64 - h->pending_length : length;
        memcpy(h->pending + h->pending_length, p, take);
        h->pending_length += take;
        p += take;
        length -= take;
        if (h->pending_length < 64) return;
        compress_blocks(h->state, h->pending, 1);
        h->pending_length = 0;
    }
    compress_blocks(h->state, p, length / 64);
    p += length / 64 * 64;
    length %= 64;
    memcpy(h->pending, p, length);
    h->pending_length = length;
}

void tp_sha256_finish(tp_sha256 *h, uint8_t digest[32]) {
    uint64_t bits = h->length * 8;
    uint8_t tail[128] = {0};
    size_t n = h->pending_length;
    memcpy(tail, h->pending, n);
    tail[n] = 0x80;
    size_t total = n + 1 + 8 <= 64 ? 64 : 128;
    for (int i = 0; i < 8; i++) tail[total - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress_blocks(h->state, tail, total / 64);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(h->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(h->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(h->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)h->state[i];
    }
}
