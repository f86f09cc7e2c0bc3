// Lossless JPEG export: a greyscale photo gains colour planes (see tp_lossless_add_colour).
//
// The grey component stays the luma, block for block; Cb and Cr are added at the same 1×1
// sampling (an MCU is still one 8×8 block of each), quantized with the grey's own table, and all
// their coefficients are zero, which decodes to Cb = Cr = 128: exactly the grey the source shows.
// Painting then re-encodes the tags' MCUs in colour like any YCbCr picture's. If nothing painted
// had colour, the picture is written grey, as the source was.
#include "jpeg_lossless_private.h"

void tp_ll_colour_components(tp_lossless *t) {
    j_decompress_ptr s = &t->src;
    jpeg_component_info *grey = s->comp_info;
    jpeg_component_info *three = (*s->mem->alloc_small)((j_common_ptr)s, JPOOL_IMAGE, 3 * sizeof *three);
    for (int ci = 0; ci < 3; ci++) {
        three[ci] = grey[0];
        three[ci].component_id = ci + 1;  // 1, 2, 3: YCbCr to every decoder, with or without JFIF
        three[ci].component_index = ci;
        three[ci].h_samp_factor = three[ci].v_samp_factor = 1;
    }
    t->grey_comp = grey;
    s->comp_info = three;
    s->num_components = 3;
    s->jpeg_color_space = JCS_YCbCr;
    s->max_h_samp_factor = s->max_v_samp_factor = 1;
}

int tp_lossless_add_colour(tp_lossless *t, char *msg, size_t msg_cap) {
    if (!t) {
        tp_copy_message(msg, msg_cap, "invalid transcoder");
        return TP_MISUSE;
    }
    LL_GUARD(t, msg, msg_cap);
    j_decompress_ptr s = &t->src;
    if (s->num_components != 1 || t->grey_comp) return TP_OK;
    jvirt_barray_ptr luma = t->coefs[0];
    tp_ll_colour_components(t);
    JDIMENSION w = s->comp_info[0].width_in_blocks, h = s->comp_info[0].height_in_blocks;
    t->turned[0] = luma;
    for (int ci = 1; ci < 3; ci++)
        t->turned[ci] = (*s->mem->request_virt_barray)((j_common_ptr)s, JPOOL_IMAGE, TRUE, w, h, 1);
    (*s->mem->realize_virt_arrays)((j_common_ptr)s);
    // Every row written once, in order: libjpeg zeroes it then, and refuses a write that skips rows.
    for (int ci = 1; ci < 3; ci++)
        for (JDIMENSION r = 0; r < h; r++) (*s->mem->access_virt_barray)((j_common_ptr)s, t->turned[ci], r, 1, TRUE);
    t->coefs = t->turned;
    return TP_OK;
}

void tp_ll_note_colour(tp_lossless *t, j_common_ptr owner, jvirt_barray_ptr from, int ci, int x, int y, int w, int h) {
    if (!t->grey_comp || ci == 0 || t->coloured) return;
    for (int r = 0; r < h && !t->coloured; r++) {
        JBLOCKROW row = (*owner->mem->access_virt_barray)(owner, from, (JDIMENSION)(y + r), 1, FALSE)[0];
        for (int b = 0; b < w && !t->coloured; b++)
            for (int k = 0; k < DCTSIZE2; k++)
                if (row[x + b][k]) {
                    t->coloured = 1;
                    break;
                }
    }
}

int tp_ll_colour_for_write(tp_lossless *t) {
    if (!t->grey_comp) return 0;
    if (t->coloured) return 1;
    j_decompress_ptr s = &t->src;
    t->grey_comp[0].width_in_blocks = s->comp_info[0].width_in_blocks;
    t->grey_comp[0].height_in_blocks = s->comp_info[0].height_in_blocks;
    s->comp_info = t->grey_comp;
    s->max_h_samp_factor = t->grey_comp[0].h_samp_factor;
    s->max_v_samp_factor = t->grey_comp[0].v_samp_factor;
    s->num_components = 1;
    s->jpeg_color_space = JCS_GRAYSCALE;
    t->grey_comp = NULL;
    return 0;
}

int tp_lossless_band_coloured(const tp_lossless *t) { return t->coloured; }
