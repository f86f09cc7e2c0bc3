#ifndef TP_QR_H
#define TP_QR_H
// QR codes through libqrencode, opened with dlopen on first use: only `tagproj open --lan` draws
// one, so no other command needs the library installed or pays for loading it.
#include "tp_status.h"

/// Encodes `text` (as 8-bit bytes, error correction level L) in the smallest QR code that holds it.
/// On TP_OK, `*size` is its modules a side and `*modules` its `size × size` modules, row-major,
/// top-left first, 1 dark and 0 light (the caller frees it with free(3)); otherwise TP_UNSUPPORTED
/// (the library cannot be loaded, or the text is too long for any QR code) or TP_NOMEM, with why
/// in `msg`.
int tp_qr_encode(const char *text, int *size, uint8_t **modules, char *msg, size_t cap);

#endif
