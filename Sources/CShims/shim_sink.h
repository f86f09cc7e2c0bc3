#ifndef TP_SHIM_SINK_H
#define TP_SHIM_SINK_H
// Private to the shims: the message helpers and the 64 KiB stage both encoders gather their output
// in before handing it to the caller's tp_write_fn.
#include <stdio.h>
#include <string.h>

#include "tp_status.h"
#include "shim_crash.h"

/// Copies `text` into the caller's message buffer.
static inline void tp_copy_message(char *msg, size_t cap, const char *text) {
    if (msg && cap) snprintf(msg, cap, "%s", text);
}

/// Copies `text` into the message buffer and returns `code`.
static inline int tp_fail(int code, char *msg, size_t cap, const char *text) {
    tp_copy_message(msg, cap, text);
    return code;
}

/// The caller's write callback and a stage in front of it: libjpeg and libpng write in small
/// pieces, the sink gets big ones.
typedef struct {
    tp_write_fn write;
    void *ctx;
    size_t staged;
    uint8_t stage[65536];
} tp_sink;

/// Hands the staged bytes to the callback; returns 0 or the callback's refusal.
static inline int tp_sink_drain(tp_sink *sink) {
    size_t n = sink->staged;
    sink->staged = 0;
    if (n == 0) return 0;
    int refused = sink->write(sink->ctx, sink->stage, n);
    if (!refused) tp_crash_point(TP_CRASH_OUTPUT_STARTED);
    return refused;
}

/// Appends `n` bytes, draining whenever the stage is full; returns 0 or the callback's refusal.
static inline int tp_sink_put(tp_sink *sink, const uint8_t *data, size_t n) {
    while (n > 0) {
        if (sink->staged == sizeof sink->stage && tp_sink_drain(sink) != 0) return 1;
        size_t room = sizeof sink->stage - sink->staged;
        size_t take = n < room ? n : room;
        memcpy(sink->stage + sink->staged, data, take);
        sink->staged += take;
        data += take;
        n -= take;
    }
    return 0;
}

#endif
