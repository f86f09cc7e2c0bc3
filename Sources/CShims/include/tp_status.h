#ifndef TP_STATUS_H
#define TP_STATUS_H
// What every codec shim (tp_jpeg_*, tp_png_*, tp_webp_*, tp_heif_*) shares: its result codes and the sink that encoders
// write through. The shims do no I/O of their own: the caller owns where the bytes go.
#include <stddef.h>
#include <stdint.h>

/// Result codes of every tp_* codec function; the reason is written into the `msg` buffer
/// (capacity `msg_cap`, always NUL-terminated).
enum {
    TP_OK = 0,
    /// The library reported an error, or a warning that means image data was lost.
    TP_DAMAGED = 1,
    /// The declared size is over the caller's pixel limit (checked before pixel memory).
    TP_TOO_LARGE = 2,
    /// A progressive JPEG has more scans than the caller allows.
    TP_TOO_MANY_SCANS = 3,
    /// The caller's sink refused the encoded bytes (the caller knows why).
    TP_IO = 4,
    /// Memory could not be allocated.
    TP_NOMEM = 5,
    /// An argument is out of range (a bug in the caller).
    TP_MISUSE = 6,
    /// The file is well-formed but uses a feature we do not read (an animated WebP…).
    TP_UNSUPPORTED = 7,
    /// A fast path gave up on input it had already used up (tp_lossless_open_consuming): the caller
    /// starts again the usual way, with the input read anew.
    TP_RETRY = 8,
};

/// Where an encoder's bytes go: called with every staged piece (up to 64 KiB), in order. Returns 0
/// when all `len` bytes were taken, anything else to stop the encoder (it then fails with TP_IO;
/// the sink remembers its own reason). The callback must not longjmp.
typedef int (*tp_write_fn)(void *ctx, const uint8_t *data, size_t len);

#endif
