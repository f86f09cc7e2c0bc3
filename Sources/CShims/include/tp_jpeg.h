#ifndef TP_JPEG_H
#define TP_JPEG_H
// JPEG decode and encode through libjpeg-turbo, with libjpeg's longjmp error handling kept inside
// this shim: every function sets up its own setjmp, so a longjmp never crosses a Swift frame.
// Every function that can fail returns a TP_* status (tp_status.h) and writes the reason
// (libjpeg's own text from format_message, or ours) into `msg` (capacity `msg_cap`).
#include <stddef.h>
#include <stdint.h>

#include "tp_status.h"

/// A decoder reading one JPEG from memory, row by row, as 8-bit RGB.
typedef struct tp_jpeg_decoder tp_jpeg_decoder;

/// What the decoder found in the file's headers.
typedef struct {
    int width, height;          ///< size of the rows read_rows produces (after DCT scaling)
    int stored_width, stored_height; ///< size declared in the file
    int components;             ///< components in the file: 1 (grey), 3 (YCbCr/RGB), 4 (CMYK/YCCK)
    int cmyk;                   ///< 1 if the file is CMYK or YCCK (converted to RGB by the shim)
    int adobe_inverted;         ///< 1 if the CMYK values are stored inverted (Adobe APP14 present)
    int progressive;            ///< 1 for a progressive (multi-scan) file
    int multiple_scans;         ///< 1 when the file has several scans (progressive, or sequential
                                ///< but not interleaved): libjpeg then buffers its coefficients
} tp_jpeg_info;

/// Opens a decoder: reads the headers, checks the pixel limit, starts decompression.
/// The bytes are borrowed, not copied: they must stay unchanged until tp_jpeg_decoder_close (the
/// caller keeps them; a 4 MB photo is then in memory once while decoded). `scale_eighths` (1 to 8)
/// asks libjpeg for a decode at that many eighths of the size (8 = full size; its DCT scaling:
/// each side is the stored one times M/8, rounded up). A progressive file is consumed here
/// completely (libjpeg buffers its coefficients), so scan-count and truncation errors come now.
int tp_jpeg_decoder_open(const void *bytes, size_t len, uint64_t max_pixels, int max_scans,
                         int scale_eighths, tp_jpeg_decoder **out, char *msg, size_t msg_cap);
/// Where a streaming decoder's bytes come from: called whenever libjpeg needs more, it writes up to
/// `cap` bytes at `data` and their number in `*got` (0: the file has ended), and returns 0; anything
/// else stops the decoder (it then fails with TP_IO; the caller remembers its own reason). The
/// callback must not longjmp.
typedef int (*tp_read_fn)(void *ctx, uint8_t *data, size_t cap, size_t *got);

/// Opens a decoder that reads the JPEG through `read(ctx, …)`, `chunk` bytes at a time (one buffer
/// of that size, owned by the decoder), and reads its headers only: tp_jpeg_decoder_info then gives
/// the stored size, the colour model and `multiple_scans`, but `width`/`height` stay 0 until
/// tp_jpeg_decoder_start. `read` is called only during this call, tp_jpeg_decoder_start and, for a
/// single-scan file, tp_jpeg_decoder_read_rows; a multi-scan file is absorbed whole by
/// tp_jpeg_decoder_start, after which `read` is never called again (the caller may release its
/// source then). Ends of data are handled as for tp_jpeg_decoder_open.
int tp_jpeg_decoder_open_stream(tp_read_fn read, void *ctx, size_t chunk, int max_scans,
                                tp_jpeg_decoder **out, char *msg, size_t msg_cap);
/// Starts a decoder from tp_jpeg_decoder_open_stream, as tp_jpeg_decoder_open does after the
/// headers: checks the pixel limit, sets the scale (1 to 8 eighths) and starts decompression.
int tp_jpeg_decoder_start(tp_jpeg_decoder *dec, uint64_t max_pixels, int scale_eighths, char *msg, size_t msg_cap);
/// Limits a started decoder, before its first row, to the rectangle `x, y, width × height` of its
/// (scaled) output: libjpeg widens the columns to whole iMCUs (jpeg_crop_scanline), and
/// `*got_x`, `*got_width` receive the columns read_rows then gives (the caller cuts the rest);
/// the rows above are skipped (jpeg_skip_scanlines: entropy-decoded, never transformed) and
/// read_rows stops after `height` rows. tp_jpeg_decoder_info then gives `got_width × height`.
/// A rectangle outside the output is TP_MISUSE.
int tp_jpeg_decoder_crop(tp_jpeg_decoder *dec, int x, int y, int width, int height, int *got_x, int *got_width,
                         char *msg, size_t msg_cap);
/// Fills `info` with the decoder's sizes and colour model.
void tp_jpeg_decoder_info(const tp_jpeg_decoder *dec, tp_jpeg_info *info);
/// The ICC profile assembled from the APP2 markers, or len 0. Owned by the decoder.
void tp_jpeg_decoder_icc(const tp_jpeg_decoder *dec, const uint8_t **data, size_t *len);
/// The first warning libjpeg gave that was not treated as an error, or NULL.
const char *tp_jpeg_decoder_warning(const tp_jpeg_decoder *dec);
/// Decodes up to `nrows` RGB rows (3 bytes a pixel) into `buf`, rows `stride` bytes apart.
/// `*done` receives the rows written; fewer than asked only at the end of the image.
int tp_jpeg_decoder_read_rows(tp_jpeg_decoder *dec, uint8_t *buf, size_t stride, int nrows,
                              int *done, char *msg, size_t msg_cap);
/// Frees the decoder and everything it owns. NULL is allowed.
void tp_jpeg_decoder_close(tp_jpeg_decoder *dec);

/// An encoder writing one JPEG through the caller's write callback.
typedef struct tp_jpeg_encoder tp_jpeg_encoder;

/// Opens an encoder that hands its bytes to `write(ctx, …)` (see tp_write_fn); a refusal fails
/// the running call with TP_IO. `channels` is 3 (RGB)
/// or 4 (RGBX: the 4th byte is ignored). `quality` 1-100 with libjpeg's standard tables;
/// `subsample420` 1 for 4:2:0 chroma (cjpeg's default), 0 for 4:4:4. Huffman optimisation is
/// off, as in cjpeg. `dpi` 1-65535 is written as the JFIF density (0: none, aspect 1:1).
/// `icc` (may be NULL) is written as APP2 ICC_PROFILE markers.
int tp_jpeg_encoder_open(tp_write_fn write, void *ctx, int width, int height, int channels, int quality,
                         int subsample420, int dpi, const uint8_t *icc, size_t icc_len,
                         tp_jpeg_encoder **out, char *msg, size_t msg_cap);
/// Compresses `nrows` rows from `rows`, `stride` bytes apart, top to bottom.
int tp_jpeg_encoder_write_rows(tp_jpeg_encoder *enc, const uint8_t *rows, size_t stride,
                               int nrows, char *msg, size_t msg_cap);
/// Finishes the file (EOI) and flushes it. All rows must have been written.
int tp_jpeg_encoder_finish(tp_jpeg_encoder *enc, char *msg, size_t msg_cap);
/// Frees the encoder. NULL is allowed.
void tp_jpeg_encoder_close(tp_jpeg_encoder *enc);

#endif
