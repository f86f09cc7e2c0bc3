#ifndef TP_SHIM_HEIF_H
#define TP_SHIM_HEIF_H
// Private to the shims: what heif_codec.c (decoding) and avif_encoder.c share. Each opens
// libheif with a function table of its own (tp_dl.h); this needs none of libheif's functions.
#include <libheif/heif.h>

#include "shim_sink.h"

/// A libheif error as a TP_* status, its message copied.
static inline int heif_failure(struct heif_error error, char *msg, size_t cap) {
    int code;
    switch (error.code) {
    case heif_error_Ok: return TP_OK;
    case heif_error_Memory_allocation_error: code = TP_NOMEM; break;
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature: code = TP_UNSUPPORTED; break;
    case heif_error_Usage_error: code = TP_MISUSE; break;
    case heif_error_Encoder_plugin_error:
    case heif_error_Encoding_error: code = TP_UNSUPPORTED; break;
    default: code = TP_DAMAGED; break;  // invalid input, a decoder plugin's complaint
    }
    return tp_fail(code, msg, cap, error.message && error.message[0] ? error.message : "libheif failed");
}

#endif
