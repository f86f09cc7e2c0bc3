// A JPEG's coefficients for the tests (see jpeg_coefficients.h).
#include "jpeg_coefficients.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr pub;  // first, so cinfo->err casts back
    jmp_buf jump;
} errors;

/// An error, or a warning (level -1): libjpeg's message, then back to the setjmp.
static void on_error(j_common_ptr cinfo) { longjmp(((errors *)cinfo->err)->jump, 1); }
static void on_message(j_common_ptr cinfo, int level) {
    if (level < 0) on_error(cinfo);
}

int jpeg_coefficients_of_component(const void *bytes, size_t len, int component, int16_t **blocks,
                                   int *width_blocks, int *height_blocks, int *x_scale, int *y_scale,
                                   char *msg, size_t msg_cap) {
    *blocks = NULL;
    struct jpeg_decompress_struct d;
    errors err;
    d.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = on_error;
    err.pub.emit_message = on_message;
    volatile int created = 0;  // changed after setjmp and read in its handler: volatile (C17 7.13.2.1)
    if (setjmp(err.jump)) {
        char text[JMSG_LENGTH_MAX];
        (*d.err->format_message)((j_common_ptr)&d, text);
        snprintf(msg, msg_cap, "%s", text);
        if (created) jpeg_destroy_decompress(&d);
        free(*blocks);
        *blocks = NULL;
        return 1;
    }
    jpeg_create_decompress(&d);
    created = 1;
    jpeg_mem_src(&d, bytes, (unsigned long)len);
    jpeg_read_header(&d, TRUE);
    jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&d);
    if (component < 0 || component >= d.num_components) {
        jpeg_destroy_decompress(&d);
        snprintf(msg, msg_cap, "no such component");
        return 1;
    }
    jpeg_component_info *comp = &d.comp_info[component];
    int bw = (int)comp->width_in_blocks, bh = (int)comp->height_in_blocks;
    int16_t *out = malloc((size_t)bw * (size_t)bh * DCTSIZE2 * sizeof(int16_t) + 1);
    if (!out) {
        jpeg_destroy_decompress(&d);
        snprintf(msg, msg_cap, "out of memory");
        return 1;
    }
    *blocks = out;
    for (int y = 0; y < bh; y++) {
        JBLOCKARRAY row = (*d.mem->access_virt_barray)((j_common_ptr)&d, coefficients[component], (JDIMENSION)y, 1, FALSE);
        for (int x = 0; x < bw; x++)
            for (int k = 0; k < DCTSIZE2; k++) out[((size_t)y * bw + x) * DCTSIZE2 + k] = row[0][x][k];
    }
    *width_blocks = bw;
    *height_blocks = bh;
    *x_scale = d.max_h_samp_factor / comp->h_samp_factor;
    *y_scale = d.max_v_samp_factor / comp->v_samp_factor;
    jpeg_destroy_decompress(&d);
    return 0;
}
