// QR codes through libqrencode, opened on first use (see tp_qr.h).
#include "tp_qr.h"
#include "tp_dl.h"
#include "shim_whole.h"

#include <errno.h>
#include <stdlib.h>
#include <qrencode.h>

#define TP_QR_FUNCTIONS(X) \
    X(QRcode_encodeString8bit) \
    X(QRcode_free)

TP_DL_TABLE(TP_QR_FUNCTIONS, qr_api)

/// Opens libqrencode and finds the functions used here; TP_OK, or TP_UNSUPPORTED with why.
static int load_qrencode(char *msg, size_t cap) {
    return TP_DL_LOAD(qr_api, "libqrencode.so.4", "libqrencode4", msg, cap) == 0 ? TP_OK : TP_UNSUPPORTED;
}

int tp_qr_encode(const char *text, int *size, uint8_t **modules, char *msg, size_t cap) {
    *size = 0;
    *modules = NULL;
    if (!text) return tp_fail(TP_MISUSE, msg, cap, "no text to encode");
    int status = load_qrencode(msg, cap);
    if (status != TP_OK) return status;
    // Version 0: the smallest that holds the text. Level L: a screen is not a worn label, and a
    // smaller code reads from further away.
    errno = 0;
    QRcode *code = qr_api.QRcode_encodeString8bit(text, 0, QR_ECLEVEL_L);
    if (!code) {
        if (errno == ENOMEM) return tp_fail(TP_NOMEM, msg, cap, "libqrencode ran out of memory");
        return tp_fail(TP_UNSUPPORTED, msg, cap, "the text is too long for a QR code");
    }
    size_t count = (size_t)code->width * (size_t)code->width;
    uint8_t *out = malloc(count ? count : 1);
    if (!out) {
        qr_api.QRcode_free(code);
        return tp_fail(TP_NOMEM, msg, cap, "out of memory");
    }
    // Each of libqrencode's bytes describes one module; its lowest bit is 1 for dark.
    for (size_t i = 0; i < count; i++) out[i] = code->data[i] & 1;
    *size = code->width;
    *modules = out;
    qr_api.QRcode_free(code);
    return TP_OK;
}
