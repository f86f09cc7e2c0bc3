// HarfBuzz's subsetter, opened on first use (see tp_font_subset.h).
#include "tp_font_subset.h"
#include "tp_dl.h"
#include "shim_whole.h"

#include <harfbuzz/hb.h>
#include <harfbuzz/hb-subset.h>

#define TP_SUBSET_FUNCTIONS(X) \
    X(hb_subset_input_create_or_fail) \
    X(hb_subset_input_destroy) \
    X(hb_subset_input_set) \
    X(hb_subset_input_set_flags) \
    X(hb_subset_input_unicode_set) \
    X(hb_subset_or_fail)

TP_DL_TABLE(TP_SUBSET_FUNCTIONS, subset_api)

/// Opens libharfbuzz-subset and finds the functions used here; TP_OK, or TP_UNSUPPORTED with why.
static int load_subset(char *msg, size_t cap) {
    return TP_DL_LOAD(subset_api, "libharfbuzz-subset.so.0", "libharfbuzz-subset0", msg, cap) == 0 ? TP_OK : TP_UNSUPPORTED;
}

int tp_font_subset(void *face, const uint32_t *codes, size_t count, void **out, char *msg, size_t cap) {
    *out = NULL;
    if (!face || (count && !codes)) return tp_fail(TP_MISUSE, msg, cap, "no face or no code points");
    int status = load_subset(msg, cap);
    if (status != TP_OK) return status;
    hb_subset_input_t *input = subset_api.hb_subset_input_create_or_fail();
    if (!input) return tp_fail(TP_NOMEM, msg, cap, "HarfBuzz cannot make a subset (out of memory)");
    hb_set_t *unicodes = subset_api.hb_subset_input_unicode_set(input);
    for (size_t i = 0; i < count; i++) hb_set_add(unicodes, codes[i]);
    // Every feature: labels are shaped in their project's language, with locl, and must shape as with the whole face.
    hb_set_t *features = subset_api.hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    hb_set_clear(features);
    hb_set_invert(features);
    // Labels are drawn unhinted; names are recorded beside the subset; nothing is laid out vertically.
    subset_api.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
    hb_set_clear(subset_api.hb_subset_input_set(input, HB_SUBSET_SETS_NAME_ID));
    hb_set_t *dropped = subset_api.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    hb_set_add(dropped, HB_TAG('M', 'A', 'T', 'H'));
    hb_set_add(dropped, HB_TAG('v', 'h', 'e', 'a'));
    hb_set_add(dropped, HB_TAG('v', 'm', 't', 'x'));
    hb_set_add(dropped, HB_TAG('V', 'O', 'R', 'G'));
    hb_face_t *subset = subset_api.hb_subset_or_fail((hb_face_t *)face, input);
    subset_api.hb_subset_input_destroy(input);
    if (!subset) return tp_fail(TP_DAMAGED, msg, cap, "HarfBuzz cannot make a subset of the face");
    *out = subset;
    return TP_OK;
}
