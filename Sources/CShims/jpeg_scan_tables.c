// Lossless JPEG export by MCUs: the optimal Huffman table for a count of symbols (see
// tp_scan_optimal_table in jpeg_scan_private.h), for photos whose own tables cannot code the tags.
#include "jpeg_scan_private.h"

void tp_scan_optimal_table(const uint64_t *counts, JHUFF_TBL *h) {
    uint64_t freq[257];
    int codesize[257], others[257], any = 0;
    for (int i = 0; i < 256; i++) any |= (freq[i] = counts[i]) != 0;
    freq[0] += !any;  // a table no block uses still needs a code
    freq[256] = 1;
    for (int i = 0; i <= 256; i++) {
        codesize[i] = 0;
        others[i] = -1;
    }
    for (;;) {
        // The two least frequent, the larger symbol first among equals.
        int c1 = -1, c2 = -1;
        uint64_t v = UINT64_MAX;
        for (int i = 0; i <= 256; i++)
            if (freq[i] && freq[i] <= v) {
                v = freq[i];
                c1 = i;
            }
        v = UINT64_MAX;
        for (int i = 0; i <= 256; i++)
            if (freq[i] && freq[i] <= v && i != c1) {
                v = freq[i];
                c2 = i;
            }
        if (c2 < 0) break;
        freq[c1] += freq[c2];
        freq[c2] = 0;
        codesize[c1]++;
        while (others[c1] >= 0) {
            c1 = others[c1];
            codesize[c1]++;
        }
        others[c1] = c2;
        codesize[c2]++;
        while (others[c2] >= 0) {
            c2 = others[c2];
            codesize[c2]++;
        }
    }
    int bits[258] = {0};  // 257 symbols: no code is longer than 256
    for (int i = 0; i <= 256; i++)
        if (codesize[i]) bits[codesize[i]]++;
    for (int i = 257; i > 16; i--)
        while (bits[i] > 0) {
            int j = i - 2;  // a shorter length with codes, one of which makes room for two
            while (bits[j] == 0) j--;
            bits[i] -= 2;
            bits[i - 1]++;
            bits[j + 1] += 2;
            bits[j]--;
        }
    int longest = 16;
    while (bits[longest] == 0) longest--;
    bits[longest]--;  // the reserved symbol's
    memset(h, 0, sizeof *h);
    for (int l = 1; l <= 16; l++) h->bits[l] = (UINT8)bits[l];
    int p = 0;
    for (int l = 1; l <= 256; l++)
        for (int sym = 0; sym < 256; sym++)
            if (codesize[sym] == l) h->huffval[p++] = (UINT8)sym;
}
