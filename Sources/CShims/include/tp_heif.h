#ifndef TP_HEIF_H
#define TP_HEIF_H
// HEIF-family decode (HEIC through libde265, AVIF through dav1d/aom, as Debian's libheif is built)
// and AVIF encode (libheif's AV1 encoder, libaom). libheif reports errors as values, so no setjmp
// is needed; the shim keeps the tp_* conventions (a TP_* status, the reason in `msg`). A picture is
// decoded whole: reading rows, the ICC profile and closing are tp_whole_* (tp_whole.h). The
// encoder holds the picture whole too, but as the YCbCr planes libaom is given.
#include <stddef.h>
#include <stdint.h>

#include "tp_whole.h"

/// What the primary image's header says, before any decoding.
typedef struct {
    int width, height;  ///< as shown: the file's own rotation (irot) and mirroring (imir) applied
    int has_alpha;
    int bits;           ///< luma bits per sample: 8, 10, 12
    int has_icc;        ///< an ICC profile (prof/rICC) is attached; an nclx description is not one
    int nclx_primaries; ///< with an nclx description instead: its colour primaries (ITU-T H.273), else 0
    int nclx_transfer;  ///< and its transfer characteristics (H.273), else 0
} tp_heif_info;

/// Reads the boxes of a HEIF file and describes its primary image, decoding nothing.
int tp_heif_probe(const void *bytes, size_t len, tp_heif_info *info, char *msg, size_t msg_cap);

/// Decodes the primary image (auxiliary, depth and thumbnail images are ignored) with the file's
/// irot/imir applied once, refusing more than `max_pixels` (TP_TOO_LARGE) before decoding.
/// 10- and 12-bit samples are reduced to 8 bits with rounding (v·255/max). Keeps the ICC profile.
int tp_heif_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_whole_decoder **out, char *msg, size_t msg_cap);

/// An AVIF encoder: the rows it is given, turned into YCbCr 4:2:0 as they come (BT.601, full
/// range, as libheif turns RGB), until the picture is whole.
typedef struct tp_heif_encoder tp_heif_encoder;

/// Opens an AV1 (AVIF) encoder writing through `write` at finish: `quality` 1–100 (libheif's
/// lossy quality, as heif-enc -q), `icc` (may be NULL) attached as the image's profile; RGB
/// (`channels` 3) or RGBA (4, the alpha kept as an auxiliary image). Fails with TP_UNSUPPORTED
/// when libheif has no AV1 encoder. No other metadata is written.
int tp_heif_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         const uint8_t *icc, size_t icc_len, tp_heif_encoder **out,
                         char *msg, size_t msg_cap);
/// Takes `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_heif_encoder_write_rows(tp_heif_encoder *enc, const uint8_t *rows, size_t stride, int nrows,
                               char *msg, size_t msg_cap);
/// Encodes the picture with libheif's defaults for libaom (those heif-enc keeps) and hands the
/// file to the write callback. All rows must be in.
int tp_heif_encoder_finish(tp_heif_encoder *enc, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_heif_encoder_close(tp_heif_encoder *enc);

#endif
