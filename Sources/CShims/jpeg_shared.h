#ifndef TP_JPEG_SHARED_H
#define TP_JPEG_SHARED_H
// Private to the JPEG shims (jpeg_codec.c, jpeg_lossless*.c, jpeg_scan*.c): libjpeg's error
// manager with our sorting of warnings, the guarded prologue of every call, the progressive-
// completeness check, CMYK to RGB, and the destination that drains into the caller's sink.
// Everything is static: each shim has its own copy, and a longjmp never leaves the shim whose
// function set it up.
#include <setjmp.h>
#include <stdio.h>

#include "shim_sink.h"

#include <jpeglib.h>  // before jerror.h: jconfig.h enables the arithmetic-coding messages
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr pub;     // first, so cinfo->err casts back to this struct
    jmp_buf jump;
    int code;                      // TP_* to return after the jump; OK until a failure
    int default_code;              // what a plain libjpeg error means for this object
    int hit_eof;                   // the data ran out and libjpeg inserted a fake EOI
    char message[JMSG_LENGTH_MAX];
    char warning[JMSG_LENGTH_MAX]; // the first tolerated warning
} tp_error_mgr;

/// Records a failure and jumps back to the running tp_jpeg_* function.
static inline _Noreturn void fail_now(j_common_ptr cinfo, int code, const char *text) {
    tp_error_mgr *err = (tp_error_mgr *)cinfo->err;
    err->code = code;
    snprintf(err->message, sizeof err->message, "%s", text);
    longjmp(err->jump, 1);
}

static inline void on_error_exit(j_common_ptr cinfo) {
    tp_error_mgr *err = (tp_error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    fail_now(cinfo, cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? TP_NOMEM : err->default_code, text);
}

// Decision on warnings (emit_message with level -1). libjpeg keeps going after every warning,
// filling what it could not decode with grey; we sort them:
// - Warnings that mean pixel data was lost are errors: "premature end of data segment" (the file
//   ends inside a scan), a bad Huffman or arithmetic code, a restart marker out of sequence.
//   An export with a silent grey band is worse than a clear "damaged JPEG" error.
// - "Premature end of JPEG file" alone is tolerated: a file missing only its trailing EOI decodes
//   completely, as libjpeg and every viewer show it. A progressive file that ends between scans
//   raises the same warning only, so the decoder then checks that every coefficient was refined
//   to the last bit (progression_complete) and fails if not.
// - Everything else (extraneous bytes between markers, odd JFIF versions, a bad ICC marker,
//   inconsistent progression) describes a sloppy but decodable file: the first such warning is
//   kept for the caller to show.
static inline void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;  // trace output
    tp_error_mgr *err = (tp_error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    switch (cinfo->err->msg_code) {
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
        fail_now(cinfo, TP_DAMAGED, text);
    case JWRN_JPEG_EOF:
        err->hit_eof = 1;
        break;
    default:
        break;
    }
    if (!err->warning[0]) snprintf(err->warning, sizeof err->warning, "%s", text);
    cinfo->err->num_warnings++;
}

static inline void on_output_message(j_common_ptr cinfo) { (void)cinfo; }  // never print to stderr

static inline struct jpeg_error_mgr *init_errors(tp_error_mgr *err, int default_code) {
    jpeg_std_error(&err->pub);
    err->pub.error_exit = on_error_exit;
    err->pub.emit_message = on_emit_message;
    err->pub.output_message = on_output_message;
    err->default_code = default_code;
    return &err->pub;
}

// The prologue of every public function that calls libjpeg: a failed object stays failed (after a
// jump its libjpeg object is unusable, so the first failure comes back again), then the setjmp
// that fail_now's longjmp lands on, where the failure is returned. setjmp must run in the frame it
// returns to and stand alone in a condition (C17 7.13.1.1): hence macros, and two ifs.

/// Returns the failure recorded in `obj->err` (its tp_error_mgr), the message copied into `msg`.
#define TP_JPEG_RETURN_FAILURE(obj, msg, cap)                   \
    do {                                                        \
        tp_copy_message(msg, cap, (obj)->err.message);          \
        return (obj)->err.code;                                 \
    } while (0)

/// The prologue of a call on `obj`, which exists: returns its earlier failure, or sets the jump
/// back to here, which runs `cleanup` (to undo what the call had made) and returns the new failure.
#define TP_JPEG_GUARD_CLEANUP(obj, cleanup, msg, cap)           \
    do {                                                        \
        if ((obj)->err.code != TP_OK) TP_JPEG_RETURN_FAILURE(obj, msg, cap); \
        if (setjmp((obj)->err.jump)) {                          \
            cleanup;                                            \
            TP_JPEG_RETURN_FAILURE(obj, msg, cap);              \
        }                                                       \
    } while (0)

/// TP_JPEG_GUARD_CLEANUP with nothing to undo.
#define TP_JPEG_GUARD(obj, msg, cap) TP_JPEG_GUARD_CLEANUP(obj, (void)0, msg, cap)

/// The prologue of the function that makes `obj`: the jump back to here closes `obj` with `close`
/// and returns the failure.
#define TP_JPEG_GUARD_OPEN(obj, close, msg, cap)                \
    do {                                                        \
        if (setjmp((obj)->err.jump)) {                          \
            tp_copy_message(msg, cap, (obj)->err.message);      \
            int code_ = (obj)->err.code;                        \
            close(obj);                                         \
            return code_;                                       \
        }                                                       \
    } while (0)

/// Whether every coefficient of every component has been refined to its last bit.
static inline int progression_complete(j_decompress_ptr cinfo) {
    if (!cinfo->progressive_mode || !cinfo->coef_bits) return 1;
    for (int ci = 0; ci < cinfo->num_components; ci++)
        for (int k = 0; k < DCTSIZE2; k++)
            if (cinfo->coef_bits[ci][k] != 0) return 0;
    return 1;
}

/// a·b/255 rounded to nearest, exactly, for 8-bit a and b.
static inline JSAMPLE mul255(unsigned a, unsigned b) {
    unsigned t = a * b + 128;
    return (JSAMPLE)((t + (t >> 8)) >> 8);
}

/// CMYK to RGB without a colour profile: R = (1-C)(1-K). Adobe files store 255-C etc., so for
/// them R = C'·K'/255 on the stored values.
static inline void cmyk_to_rgb(const JSAMPLE *in, uint8_t *out, unsigned width, int inverted) {
    for (unsigned x = 0; x < width; x++, in += 4, out += 3) {
        unsigned c = in[0], m = in[1], y = in[2], k = in[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        out[0] = mul255(c, k);
        out[1] = mul255(m, k);
        out[2] = mul255(y, k);
    }
}

/// A libjpeg destination whose buffer is the sink's 64 KiB stage, drained into the caller's
/// write callback whenever libjpeg fills it.
typedef struct {
    struct jpeg_destination_mgr pub;  // first, so cinfo->dest casts back
    tp_sink sink;
} tp_dest;

/// Hands the first `n` bytes of the stage to the sink and starts the stage again.
static inline void flush_stage(j_compress_ptr cinfo, size_t n) {
    tp_dest *d = (tp_dest *)cinfo->dest;
    d->sink.staged = n;
    if (tp_sink_drain(&d->sink) != 0) fail_now((j_common_ptr)cinfo, TP_IO, "the output refused the data");
    d->pub.next_output_byte = d->sink.stage;
    d->pub.free_in_buffer = sizeof d->sink.stage;
}

static inline void dest_init(j_compress_ptr cinfo) {
    tp_dest *d = (tp_dest *)cinfo->dest;
    d->pub.next_output_byte = d->sink.stage;
    d->pub.free_in_buffer = sizeof d->sink.stage;
}

static inline boolean dest_empty(j_compress_ptr cinfo) {
    flush_stage(cinfo, sizeof ((tp_dest *)cinfo->dest)->sink.stage);
    return TRUE;
}

static inline void dest_term(j_compress_ptr cinfo) {
    tp_dest *d = (tp_dest *)cinfo->dest;
    flush_stage(cinfo, sizeof d->sink.stage - d->pub.free_in_buffer);
}

#endif
