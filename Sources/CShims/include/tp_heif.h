#ifndef TP_HEIF_H
#define TP_HEIF_H
// HEIF-family decode (HEIC through libde265, AVIF through dav1d/aom, as Debian's libheif is built)
// and AVIF encode (libheif's AV1 encoder, libaom). libheif reports errors as values, so no setjmp
// is needed; the shim keeps the tp_* conventions (a TP_* status, the reason in `msg`). A picture is
// decoded and encoded whole.
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// What the primary image's header says, before any decoding.
typedef struct {
    int width, height;  ///< as shown: the file's own rotation (irot) and mirroring (imir) applied
    int has_alpha;
    int bits;           ///< luma bits per sample: 8, 10, 12
    int has_icc;        ///< an ICC profile (prof/rICC) is attached; an nclx description is not one
} tp_heif_info;

/// Reads the boxes of a HEIF file and describes its primary image, decoding nothing.
int tp_heif_probe(const void *bytes, size_t len, tp_heif_info *info, char *msg, size_t msg_cap);

/// A decoder holding the decoded primary image, handed out row by row as 8-bit RGB or RGBA.
typedef struct tp_heif_decoder tp_heif_decoder;

/// Decodes the primary image (auxiliary, depth and thumbnail images are ignored) with the file's
/// irot/imir applied once, refusing more than `max_pixels` (TP_TOO_LARGE) before decoding.
/// 10- and 12-bit samples are reduced to 8 bits with rounding (v·255/max). Keeps the ICC profile.
int tp_heif_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_heif_decoder **out, char *msg, size_t msg_cap);
/// The picture's size and channels (3 or 4).
void tp_heif_decoder_shape(const tp_heif_decoder *dec, int *width, int *height, int *channels);
/// The ICC profile, or len 0. Owned by the decoder.
void tp_heif_decoder_icc(const tp_heif_decoder *dec, const uint8_t **data, size_t *len);
/// The first problem stepped over (libheif's decoding warning), or NULL.
const char *tp_heif_decoder_warning(const tp_heif_decoder *dec);
/// Copies up to `nrows` next rows into `buf`, `stride` bytes apart; `*done` the rows copied.
int tp_heif_decoder_read_rows(tp_heif_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                              int *done, char *msg, size_t msg_cap);
/// Frees the decoder. NULL is allowed.
void tp_heif_decoder_close(tp_heif_decoder *dec);

/// An encoder gathering 8-bit RGB or RGBA rows and writing one AVIF through `write` at finish.
typedef struct tp_heif_encoder tp_heif_encoder;

/// Opens an AV1 (AVIF) encoder: `quality` 1–100 (libheif's lossy quality, as heif-enc -q),
/// `icc` (may be NULL) attached as the image's profile. Fails with TP_UNSUPPORTED when libheif
/// has no AV1 encoder. No other metadata is written.
int tp_heif_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         const uint8_t *icc, size_t icc_len, tp_heif_encoder **out,
                         char *msg, size_t msg_cap);
/// Takes `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_heif_encoder_write_rows(tp_heif_encoder *enc, const uint8_t *rows, size_t stride,
                               int nrows, char *msg, size_t msg_cap);
/// Encodes the gathered picture and hands the file to the write callback. All rows must be in.
int tp_heif_encoder_finish(tp_heif_encoder *enc, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_heif_encoder_close(tp_heif_encoder *enc);

#endif
