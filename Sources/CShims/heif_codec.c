// HEIF/AVIF decoding through libheif (see tp_heif.h for the contract; the AVIF encoder is
// avif_encoder.c).
#include "tp_heif.h"
#include "heif_boxes.h"
#include "tp_dl.h"
#include "shim_whole.h"
#include "shim_heif.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libheif/heif.h>

// libheif is opened with dlopen on first use, not linked: loading it runs libde265's initializer
// (about 25M instructions of table building) and maps x265, dav1d and libaom, which every other
// command would pay for at start-up (measured with callgrind on `tagproj --version`: 31.9M with
// libheif linked, 5.3M without).
#define TP_HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_get_image_handle) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_max_decoding_threads) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_nclx_color_profile_free) \

TP_DL_TABLE(TP_HEIF_FUNCTIONS, heif_api)

/// Opens libheif and finds the functions used here; TP_OK, or TP_UNSUPPORTED with why.
static int load_heif(char *msg, size_t cap) {
    return TP_DL_LOAD(heif_api, "libheif.so.1", "libheif1", msg, cap) == 0 ? TP_OK : TP_UNSUPPORTED;
}

// From here on every libheif call goes through the table.
#define heif_context_alloc heif_api.heif_context_alloc
#define heif_context_free heif_api.heif_context_free
#define heif_context_get_image_handle heif_api.heif_context_get_image_handle
#define heif_context_get_primary_image_handle heif_api.heif_context_get_primary_image_handle
#define heif_context_read_from_memory_without_copy heif_api.heif_context_read_from_memory_without_copy
#define heif_context_set_max_decoding_threads heif_api.heif_context_set_max_decoding_threads
#define heif_context_set_maximum_image_size_limit heif_api.heif_context_set_maximum_image_size_limit
#define heif_decode_image heif_api.heif_decode_image
#define heif_decoding_options_alloc heif_api.heif_decoding_options_alloc
#define heif_decoding_options_free heif_api.heif_decoding_options_free
#define heif_image_get_bits_per_pixel_range heif_api.heif_image_get_bits_per_pixel_range
#define heif_image_get_height heif_api.heif_image_get_height
#define heif_image_get_plane_readonly heif_api.heif_image_get_plane_readonly
#define heif_image_get_width heif_api.heif_image_get_width
#define heif_image_handle_get_color_profile_type heif_api.heif_image_handle_get_color_profile_type
#define heif_image_handle_get_height heif_api.heif_image_handle_get_height
#define heif_image_handle_get_ispe_height heif_api.heif_image_handle_get_ispe_height
#define heif_image_handle_get_ispe_width heif_api.heif_image_handle_get_ispe_width
#define heif_image_handle_get_luma_bits_per_pixel heif_api.heif_image_handle_get_luma_bits_per_pixel
#define heif_image_handle_get_raw_color_profile heif_api.heif_image_handle_get_raw_color_profile
#define heif_image_handle_get_raw_color_profile_size heif_api.heif_image_handle_get_raw_color_profile_size
#define heif_image_handle_get_width heif_api.heif_image_handle_get_width
#define heif_image_handle_has_alpha_channel heif_api.heif_image_handle_has_alpha_channel
#define heif_image_handle_release heif_api.heif_image_handle_release
#define heif_image_release heif_api.heif_image_release
#define heif_image_handle_get_nclx_color_profile heif_api.heif_image_handle_get_nclx_color_profile
#define heif_nclx_color_profile_free heif_api.heif_nclx_color_profile_free

/// The primary image's handle in a context reading `bytes` (not copied: used only during the call).
static int open_primary(const void *bytes, size_t len, struct heif_context **ctx, struct heif_image_handle **handle,
                        char *msg, size_t cap) {
    *ctx = NULL;
    *handle = NULL;
    if (!bytes || len == 0) return tp_fail(TP_MISUSE, msg, cap, "invalid decoder arguments");
    char why[160];
    if (tp_heif_too_many(bytes, len, why, sizeof why)) return tp_fail(TP_DAMAGED, msg, cap, why);
    int loaded = load_heif(msg, cap);
    if (loaded != TP_OK) return loaded;
    if (!(*ctx = heif_context_alloc())) return tp_fail(TP_NOMEM, msg, cap, "out of memory");
    int code = heif_failure(heif_context_read_from_memory_without_copy(*ctx, bytes, len, NULL), msg, cap);
    if (code == TP_OK) code = heif_failure(heif_context_get_primary_image_handle(*ctx, handle), msg, cap);
    return code;
}

static void close_primary(struct heif_context *ctx, struct heif_image_handle *handle) {
    if (handle) heif_image_handle_release(handle);
    if (ctx) heif_context_free(ctx);
}

static void describe(const struct heif_image_handle *handle, tp_heif_info *info) {
    enum heif_color_profile_type profile = heif_image_handle_get_color_profile_type(handle);
    *info = (tp_heif_info){
        .width = heif_image_handle_get_width(handle),
        .height = heif_image_handle_get_height(handle),
        .has_alpha = heif_image_handle_has_alpha_channel(handle),
        .bits = heif_image_handle_get_luma_bits_per_pixel(handle),
        .has_icc = profile == heif_color_profile_type_prof || profile == heif_color_profile_type_rICC,
    };
    struct heif_color_profile_nclx *nclx = NULL;
    if (profile == heif_color_profile_type_nclx &&
        heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        info->nclx_primaries = (int)nclx->color_primaries;
        info->nclx_transfer = (int)nclx->transfer_characteristics;
    }
    if (nclx) heif_nclx_color_profile_free(nclx);
}

int tp_heif_probe(const void *bytes, size_t len, tp_heif_info *info, char *msg, size_t msg_cap) {
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    int code = open_primary(bytes, len, &ctx, &handle, msg, msg_cap);
    if (code == TP_OK) describe(handle, info);
    close_primary(ctx, handle);
    if (code == TP_OK && (info->width < 1 || info->height < 1)) code = tp_fail(TP_DAMAGED, msg, msg_cap, "no image size");
    return code;
}

// MARK: - Decoder

/// Copies the decoded interleaved plane into 8-bit rows; samples deeper than 8 bits (16-bit
/// little-endian words holding `bits` bits) are rounded to the nearest 8-bit value. `bits` is
/// 8, or 9 to 16 as the caller checked it (so `1u << bits` is defined).
static void copy_plane(tp_whole_decoder *image, const uint8_t *plane, int stride, int bits) {
    size_t samples = (size_t)image->width * (size_t)image->channels;
    uint32_t max = (1u << bits) - 1;
    for (int y = 0; y < image->height; y++) {
        const uint8_t *from = plane + (size_t)y * (size_t)stride;
        uint8_t *to = image->pixels + (size_t)y * samples;
        if (bits <= 8) {
            memcpy(to, from, samples);
            continue;
        }
        for (size_t i = 0; i < samples; i++) {
            uint32_t v = (uint32_t)from[2 * i] | (uint32_t)from[2 * i + 1] << 8;
            if (v > max) v = max;
            to[i] = (uint8_t)((v * 255 + max / 2) / max);
        }
    }
}

/// Refuses a derived primary image ('grid', 'iovl') whose canvas is larger than the image its
/// 'ispe' declares (what the pixel limit was checked on) or than the limit, before libheif
/// allocates that canvas; then has libheif refuse any derived canvas (a tile that is itself a
/// grid, say) wider or taller than the image, give or take the padding of a coded picture.
static int check_canvas(const void *bytes, size_t len, struct heif_context *ctx, const struct heif_image_handle *handle,
                        uint64_t max_pixels, char *msg, size_t cap) {
    int iw = heif_image_handle_get_ispe_width(handle), ih = heif_image_handle_get_ispe_height(handle);
    uint32_t cw, ch;
    int derived = tp_heif_derived_canvas(bytes, len, &cw, &ch);
    char text[200];
    if (derived == TP_HEIF_UNREADABLE) return tp_fail(TP_DAMAGED, msg, cap, "the primary image's grid data does not fit in the file");
    if (tp_heif_derivation_loops(bytes, len)) return tp_fail(TP_DAMAGED, msg, cap, "a derived image refers back to itself");
    if (derived == TP_HEIF_DERIVED) {
        if (iw < 1 || ih < 1 || cw > (uint32_t)iw || ch > (uint32_t)ih) {
            snprintf(text, sizeof text, "the primary image's grid is %u×%u, larger than the %d×%d image it makes", cw, ch, iw, ih);
            return tp_fail(TP_DAMAGED, msg, cap, text);
        }
        // Within the image, but the image is cropped ('clap') to what the limit was checked on.
        if ((uint64_t)cw * ch > max_pixels) return tp_fail(TP_TOO_LARGE, msg, cap, "image canvas over the pixel limit");
    }
    // A coded picture is padded to whole coding blocks (HEVC's are at most 64 pixels, AV1's
    // superblocks 128), and libheif as Debian patches it (1.15.1-1+deb12u2) checks that coded
    // size too: a 37×37 image coded at 64×64 must pass.
    int side = iw > ih ? iw : ih;
    if (side > 0 && side < 32767) heif_context_set_maximum_image_size_limit(ctx, (side + 127) / 128 * 128 + 1);
    // Tiles one after another when libheif decodes a grid (see decode_grid): its tile threads
    // paste a tile coded larger than its cell over its neighbours in an order that changes from
    // run to run (seen with heif-convert too, on heic-grid.heic).
    heif_context_set_max_decoding_threads(ctx, 0);
    return TP_OK;
}

// MARK: - Grid tiles on every core

// libheif 1.15 pastes each decoded tile whole at its cell's corner, clipped only to the canvas:
// a tile coded larger than its cell (heif-enc pads a 24-pixel tile to 64) spills into the next
// cells, and with its tile threads the order of pasting, and so the picture, changes from run to
// run. So check_canvas has libheif decode tiles in turn (raster order: each tile's spill is
// covered by the tiles after it). To use every core, a plain grid (no alpha, no clean aperture)
// is decoded here instead: a copy of the file with the tiles' hidden flags cleared makes each
// tile an image of its own, each thread opens its own context on that copy, only each tile's
// cell is pasted (the picture libheif's raster order leaves), and the grid's irot and imir are
// applied as libheif applies them.

typedef struct {
    const uint8_t *bytes;
    size_t len;
    const tp_heif_grid *grid;
    uint8_t *canvas;
    size_t stride;
    int pixel, tile_width, tile_height;
    atomic_int next, failed;
} tile_job;

static void *decode_tiles(void *arg) {
    tile_job *job = arg;
    struct heif_context *ctx = heif_context_alloc();
    if (!ctx || heif_context_read_from_memory_without_copy(ctx, job->bytes, job->len, NULL).code != heif_error_Ok) {
        atomic_store(&job->failed, 1);
        if (ctx) heif_context_free(ctx);
        return NULL;
    }
    heif_context_set_max_decoding_threads(ctx, 0);
    const tp_heif_grid *grid = job->grid;
    size_t count = (size_t)grid->rows * grid->columns;
    for (size_t i; !atomic_load(&job->failed) && (i = (size_t)atomic_fetch_add(&job->next, 1)) < count;) {
        struct heif_image_handle *tile = NULL;
        struct heif_image *decoded = NULL;
        int ok = heif_context_get_image_handle(ctx, grid->tiles[i], &tile).code == heif_error_Ok &&
                 heif_image_handle_get_width(tile) == job->tile_width && heif_image_handle_get_height(tile) == job->tile_height &&
                 heif_decode_image(tile, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL).code == heif_error_Ok;
        int stride = 0;
        const uint8_t *plane = ok ? heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride) : NULL;
        // A coded tile may be larger than its cell (an encoder pads to its block size); only the
        // cell is pasted, which is what libheif's tiles pasted in raster order leave.
        ok = plane && heif_image_get_width(decoded, heif_channel_interleaved) >= job->tile_width &&
             heif_image_get_height(decoded, heif_channel_interleaved) >= job->tile_height &&
             heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved) == 8 &&
             stride >= job->tile_width * job->pixel;
        if (ok) {
            size_t x0 = (i % grid->columns) * (size_t)job->tile_width, y0 = (i / grid->columns) * (size_t)job->tile_height;
            size_t w = grid->width - x0 < (size_t)job->tile_width ? grid->width - x0 : (size_t)job->tile_width;
            size_t h = grid->height - y0 < (size_t)job->tile_height ? grid->height - y0 : (size_t)job->tile_height;
            for (size_t y = 0; y < h; y++)
                memcpy(job->canvas + (y0 + y) * job->stride + x0 * job->pixel, plane + y * (size_t)stride, w * job->pixel);
        }
        if (decoded) heif_image_release(decoded);
        if (tile) heif_image_handle_release(tile);
        if (!ok) atomic_store(&job->failed, 1);
    }
    heif_context_free(ctx);
    return NULL;
}

/// `src` (w × h, `pixel` bytes a pixel) turned anticlockwise by `quarters` quarter turns, or
/// mirrored (4: left-right, 5: top-bottom), as libheif's rotate_ccw and mirror_inplace do; into
/// `dst`, which has room for w × h pixels. Returns the new width.
static size_t transform(const uint8_t *src, uint8_t *dst, size_t w, size_t h, int pixel, int op) {
    size_t ow = (op == 1 || op == 3) ? h : w, oh = (op == 1 || op == 3) ? w : h;
    for (size_t oy = 0; oy < oh; oy++)
        for (size_t ox = 0; ox < ow; ox++) {
            size_t sx, sy;
            switch (op) {
            case 1: sx = w - 1 - oy; sy = ox; break;          // 90°: out[y][x] = in[x][w-1-y]
            case 2: sx = w - 1 - ox; sy = h - 1 - oy; break;  // 180°
            case 3: sx = oy; sy = h - 1 - ox; break;          // 270°: out[y][x] = in[h-1-x][y]
            case 4: sx = w - 1 - ox; sy = oy; break;          // imir, left-right
            default: sx = ox; sy = h - 1 - oy; break;         // imir, top-bottom
            }
            memcpy(dst + (oy * ow + ox) * pixel, src + (sy * w + sx) * pixel, (size_t)pixel);
        }
    return ow;
}

/// Decodes a plain 8-bit grid's tiles on every core into `dec` (see above). TP_OK; anything else
/// means "let libheif decode it", never a verdict on the file.
static int decode_grid(const void *bytes, size_t len, const tp_heif_info *info, tp_whole_decoder *dec) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    tp_heif_grid grid;
    if (info->has_alpha || info->bits > 8 || cores < 2 || !tp_heif_grid_plan(bytes, len, &grid)) return TP_UNSUPPORTED;
    int code = TP_UNSUPPORTED;
    size_t count = (size_t)grid.rows * grid.columns;
    struct heif_image_handle *first = NULL;
    uint8_t *copy = NULL, *canvas = NULL, *turned = NULL;
    tile_job job = {.grid = &grid, .pixel = 3};
    if (count < 2 || (copy = malloc(len)) == NULL) goto done;
    memcpy(copy, bytes, len);
    for (size_t i = 0; i < count; i++)
        if (grid.hidden_at[i] < len) copy[grid.hidden_at[i]] &= (uint8_t)~1u;
    job.bytes = copy;
    job.len = len;
    // The cells' size, from the first tile (every tile must have it, as decode_tiles checks), and
    // a canvas they cover exactly.
    struct heif_context *probe = heif_context_alloc();
    if (probe && heif_context_read_from_memory_without_copy(probe, copy, len, NULL).code == heif_error_Ok &&
        heif_context_get_image_handle(probe, grid.tiles[0], &first).code == heif_error_Ok) {
        job.tile_width = heif_image_handle_get_width(first);
        job.tile_height = heif_image_handle_get_height(first);
    }
    if (first) heif_image_handle_release(first);
    if (probe) heif_context_free(probe);
    if (job.tile_width < 1 || job.tile_height < 1 || (uint64_t)job.tile_width * grid.columns < grid.width ||
        (uint64_t)job.tile_height * grid.rows < grid.height || (uint64_t)job.tile_width * (grid.columns - 1) >= grid.width ||
        (uint64_t)job.tile_height * (grid.rows - 1) >= grid.height) goto done;
    job.stride = (size_t)grid.width * job.pixel;
    // Without a turn the tiles go straight into the decoder's rows (the same layout).
    int in_place = grid.transform_count == 0;
    if (in_place && (grid.width != (uint32_t)info->width || grid.height != (uint32_t)info->height)) goto done;
    if (!in_place && (canvas = malloc(job.stride * grid.height)) == NULL) goto done;
    job.canvas = in_place ? dec->pixels : canvas;
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    int threads = cores < (long)count ? (int)cores : (int)count;
    if (threads > 8) threads = 8;
    pthread_t workers[8];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&workers[started], NULL, decode_tiles, &job) != 0) break;
    decode_tiles(&job);
    for (int t = 0; t < started; t++) pthread_join(workers[t], NULL);
    if (atomic_load(&job.failed)) goto done;
    if (in_place) {
        code = TP_OK;
        goto done;
    }
    // irot and imir, in the order the grid lists them.
    size_t w = grid.width, h = grid.height;
    if (grid.transform_count > 0 && (turned = malloc(job.stride * grid.height)) == NULL) goto done;
    for (int t = 0; t < grid.transform_count; t++) {
        size_t ow = transform(canvas, turned, w, h, job.pixel, grid.transforms[t]);
        h = w * h / ow;
        w = ow;
        uint8_t *swap = canvas;
        canvas = turned;
        turned = swap;
    }
    if ((int)w != info->width || (int)h != info->height) goto done;
    copy_plane(dec, canvas, (int)(w * job.pixel), 8);
    code = TP_OK;
done:
    free(turned);
    free(canvas);
    free(copy);
    tp_heif_grid_free(&grid);
    return code;
}

int tp_heif_decoder_open(const void *bytes, size_t len, uint64_t max_pixels,
                         tp_whole_decoder **out, char *msg, size_t msg_cap) {
    *out = NULL;
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    int code = open_primary(bytes, len, &ctx, &handle, msg, msg_cap);
    tp_heif_info info = {0};
    if (code == TP_OK) describe(handle, &info);
    if (code == TP_OK && (uint64_t)info.width * (uint64_t)info.height > max_pixels) {
        char text[160];
        snprintf(text, sizeof text, "image is %d×%d pixels, over the limit of %llu pixels", info.width, info.height,
                 (unsigned long long)max_pixels);
        code = tp_fail(TP_TOO_LARGE, msg, msg_cap, text);
    }
    if (code == TP_OK) code = check_canvas(bytes, len, ctx, handle, max_pixels, msg, msg_cap);
    tp_whole_decoder *dec = NULL;
    int deep = info.bits > 8;
    int channels = info.has_alpha ? 4 : 3;
    if (code == TP_OK) code = tp_whole_decoder_make(info.width, info.height, channels, &dec, msg, msg_cap);
    struct heif_image *decoded = NULL;
    int tiled = code == TP_OK && decode_grid(bytes, len, &info, dec) == TP_OK;
    if (code == TP_OK && !tiled) {
        enum heif_chroma chroma = deep ? (info.has_alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                       : (info.has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
        struct heif_decoding_options *options = heif_decoding_options_alloc();
        if (options) options->ignore_transformations = 0;  // irot/imir applied here, once
        code = heif_failure(heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, options), msg, msg_cap);
        heif_decoding_options_free(options);
    }
    if (code == TP_OK && !tiled) {
        int stride = 0;
        const uint8_t *plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride);
        int bits = heif_image_get_bits_per_pixel_range(decoded, heif_channel_interleaved);
        if (!plane || heif_image_get_width(decoded, heif_channel_interleaved) != info.width ||
            heif_image_get_height(decoded, heif_channel_interleaved) != info.height || (deep && (bits <= 8 || bits > 16)) ||
            stride < info.width * channels * (deep ? 2 : 1))
            code = tp_fail(TP_DAMAGED, msg, msg_cap, "the decoded picture does not match its header");
        else
            copy_plane(dec, plane, stride, deep ? bits : 8);
    }
    if (code == TP_OK && info.has_icc) {
        size_t size = heif_image_handle_get_raw_color_profile_size(handle);
        uint8_t *profile = size ? malloc(size) : NULL;
        if (profile && heif_image_handle_get_raw_color_profile(handle, profile).code == heif_error_Ok)
            code = tp_whole_decoder_keep_icc(dec, profile, size, msg, msg_cap);
        free(profile);
    }
    if (decoded) heif_image_release(decoded);
    close_primary(ctx, handle);
    if (code != TP_OK) {
        tp_whole_decoder_close(dec);
        return code;
    }
    *out = dec;
    return TP_OK;
}
