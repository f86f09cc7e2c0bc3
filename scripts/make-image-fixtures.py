#!/usr/bin/python3
"""Makes the small test images in Fixtures/images/ from Fixtures/coffee.png.

Run from anywhere: /usr/bin/python3 scripts/make-image-fixtures.py
Needs: Python 3 with Pillow (Debian: python3-pil), cjpeg and jpegtran (libjpeg-turbo-progs), a C
compiler and libjpeg-dev (libjpeg62-turbo-dev) for the CMYK/YCCK writer, which Pillow lacks.
ImageMagick is not needed.

Every fixture gets a reference decode: a PAM file (P7, 8-bit RGB or RGB_ALPHA) computed without
tagproj's code: PNG references straight from the sample values written (libpng's own 16-to-8
rounding reproduced), JPEG references from Pillow's decode. manifest.tsv lists
fixture, reference and the tolerated mean and maximum absolute difference per sample.

PNGs are written by the small encoder below so that every colour type, bit depth, filter type,
tRNS and Adam7 interlacing can be chosen exactly. Their size, 37x23, is odd on purpose: partial
Adam7 passes and sub-byte rows that end mid-byte. JPEGs are 64x48 (whole 16x16 MCUs), so the
orientation fixtures can be made with jpegtran -perfect: the same coefficients, turned losslessly.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

from PIL import Image, ImageCms

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "images")
JPEG_SIZE = (64, 48)
PNG_SIZE = (37, 23)
manifest = []
references = {}  # PAM bytes -> file name, so identical references are stored once


def add(fixture, reference, mean, maximum, note):
    manifest.append((fixture, reference, mean, maximum, note))


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def pam(name, width, height, depth, samples):
    """Writes a reference unless an identical one exists; returns the name to use."""
    tupl = "RGB" if depth == 3 else "RGB_ALPHA"
    head = f"P7\nWIDTH {width}\nHEIGHT {height}\nDEPTH {depth}\nMAXVAL 255\nTUPLTYPE {tupl}\nENDHDR\n"
    assert len(samples) == width * height * depth
    data = head.encode() + bytes(samples)
    if data not in references:
        references[data] = name
        write(name, data)
    return references[data]


# MARK: - Source pictures

def source_pictures():
    coffee = Image.open(os.path.join(ROOT, "Fixtures", "coffee.png")).convert("RGB")
    # The cup and saucer, cropped to 4:3 and shrunk.
    cup = coffee.crop((60, 20, 540, 380))
    jpeg_base = cup.resize(JPEG_SIZE, Image.LANCZOS)
    png_base = cup.resize(PNG_SIZE, Image.LANCZOS)
    return jpeg_base, png_base


# MARK: - PNG writer

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    """Filters each packed row with type y % 5 (None, Sub, Up, Average, Paeth)."""
    out = bytearray()
    prior = bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        kind = y % 5
        line = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prior[i]
            c = prior[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            line.append((x - predictor) & 0xFF)
        out += bytes([kind]) + line
        prior = row
    return bytes(out)


def pack_row(samples, depth):
    """Packs one row of samples (already flattened per pixel) at the given bit depth."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, bits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def encode_png(width, height, depth, colour, pixels, interlace=False, extra=()):
    """pixels: list of rows, each a list of per-pixel tuples of samples."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    bpp = max(1, channels * depth // 8)

    def image_rows(xs, ys):
        return [pack_row([s for x in xs for s in pixels[y][x]], depth) for y in ys]

    if interlace:
        data = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                data += filter_rows(image_rows(xs, ys), bpp)
    else:
        data = filter_rows(image_rows(range(width), range(height)), bpp)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 1 if interlace else 0)
    body = chunk(b"IHDR", ihdr)
    for kind, content in extra:
        body += chunk(kind, content)
    body += chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def scale16(v):
    """libpng's png_do_scale_16_to_8 (png_set_scale_16), exactly."""
    hi, lo = v >> 8, v & 0xFF
    return (hi + (((lo - hi + 128) * 65535) >> 24)) & 0xFF


def widen16(v, x, y):
    """A 16-bit sample near v*257 whose low byte varies, so the 16-to-8 rounding is exercised."""
    return min(65535, v * 257 + ((x * 37 + y * 11) % 200) - 100) if 0 < v < 255 else v * 257


# MARK: - PNG fixtures

def png_fixtures(base, icc):
    w, h = PNG_SIZE
    rgb = [[base.getpixel((x, y)) for x in range(w)] for y in range(h)]
    grey = [[(r * 299 + g * 587 + b * 114 + 500) // 1000 for (r, g, b) in row] for row in rgb]
    alpha = [[0 if x + y < 6 else min(255, 40 + x * 6 + y * 3) for x in range(w)] for y in range(h)]

    def flat(rows):
        return [s for row in rows for px in row for s in px]

    def save(name, depth, colour, stored, expected, channels, interlace=False, extra=(), maxdiff=0):
        write(name, encode_png(w, h, depth, colour, stored, interlace, extra))
        ref = pam(name.replace(".png", ".pam"), w, h, channels, flat(expected))
        add(name, ref, 0.5 if maxdiff else 0, maxdiff, f"PNG colour type {colour}, {depth}-bit")

    for depth in (1, 2, 4, 8):
        top = (1 << depth) - 1
        q = [[(v * top + 127) // 255 for v in row] for row in grey]
        expected = [[(s * 255 // top,) * 3 for s in row] for row in q]
        save(f"png-grey{depth}.png", depth, 0, [[(s,) for s in row] for row in q], expected, 3)
    g16 = [[(widen16(v, x, y),) for x, v in enumerate(row)] for y, row in enumerate(grey)]
    save("png-grey16.png", 16, 0, g16, [[(scale16(s[0]),) * 3 for s in row] for row in g16], 3, maxdiff=1)

    ga8 = [[(grey[y][x], alpha[y][x]) for x in range(w)] for y in range(h)]
    save("png-greyalpha8.png", 8, 4, ga8, [[(g, g, g, a) for g, a in row] for row in ga8], 4)
    ga16 = [[(widen16(g, x, y), a * 257) for x, (g, a) in enumerate(row)] for y, row in enumerate(ga8)]
    ga16_expected = [[(scale16(g),) * 3 + (scale16(a),) for g, a in row] for row in ga16]
    save("png-greyalpha16.png", 16, 4, ga16, ga16_expected, 4, maxdiff=1)
    save("png-greyalpha16-interlaced.png", 16, 4, ga16, ga16_expected, 4, interlace=True, maxdiff=1)

    save("png-rgb8.png", 8, 2, rgb, rgb, 3)
    save("png-rgb8-interlaced.png", 8, 2, rgb, rgb, 3, interlace=True)
    rgb16 = [[tuple(widen16(s, x, y) for s in px) for x, px in enumerate(row)] for y, row in enumerate(rgb)]
    save("png-rgb16.png", 16, 2, rgb16, [[tuple(scale16(s) for s in px) for px in row] for row in rgb16], 3, maxdiff=1)

    rgba = [[rgb[y][x] + (alpha[y][x],) for x in range(w)] for y in range(h)]
    save("png-rgba8.png", 8, 6, rgba, rgba, 4)
    rgba16 = [[tuple(widen16(s, x, y) for s in px[:3]) + (px[3] * 257,) for x, px in enumerate(row)]
              for y, row in enumerate(rgba)]
    save("png-rgba16.png", 16, 6, rgba16, [[tuple(scale16(s) for s in px) for px in row] for row in rgba16], 4,
         maxdiff=1)

    # Palettes: Pillow's quantizer picks the colours; the indices are written by the encoder above.
    for depth in (1, 2, 4, 8):
        q = base.quantize(colors=1 << depth, method=Image.MEDIANCUT, dither=Image.NONE)
        pal = q.getpalette()[: 3 * (1 << depth)]
        pal += [0] * (3 * (1 << depth) - len(pal))
        idx = [[q.getpixel((x, y)) for x in range(w)] for y in range(h)]
        colours = [tuple(pal[3 * i: 3 * i + 3]) for i in range(1 << depth)]
        expected = [[colours[i] for i in row] for row in idx]
        stored = [[(i,) for i in row] for row in idx]
        plte = [(b"PLTE", bytes(pal))]
        save(f"png-palette{depth}.png", depth, 3, stored, expected, 3, extra=plte)
        if depth == 4:
            save("png-palette4-interlaced.png", 4, 3, stored, expected, 3, interlace=True, extra=plte)
        if depth == 8:
            # tRNS shorter than the palette: entries past its end are opaque.
            trns = [(i * 53) % 256 for i in range(len(colours) // 2)]
            a = lambda i: trns[i] if i < len(trns) else 255
            expected_a = [[colours[i] + (a(i),) for i in row] for row in idx]
            save("png-palette8-trns.png", 8, 3, stored, expected_a, 4, extra=plte + [(b"tRNS", bytes(trns))])

    key = grey[h // 2][w // 2]
    save("png-grey8-trns.png", 8, 0, [[(v,) for v in row] for row in grey],
         [[(v, v, v, 0 if v == key else 255) for v in row] for row in grey], 4,
         extra=[(b"tRNS", struct.pack(">H", key))])
    keyc = rgb[h // 3][w // 3]
    save("png-rgb8-trns.png", 8, 2, rgb, [[px + (0 if px == keyc else 255,) for px in row] for row in rgb], 4,
         extra=[(b"tRNS", struct.pack(">HHH", *keyc))])

    iccp = [(b"iCCP", b"sRGB built-in\0\0" + zlib.compress(icc))]
    save("png-rgb8-icc.png", 8, 2, rgb, rgb, 3, extra=iccp)
    write("icc-srgb.icc", icc)

    # Stored turned so that orientation 6 shows the same picture as png-rgb8.png.
    # Orientation 6 shows the stored grid turned 90° clockwise, so store it turned counter-clockwise.
    stored = [[rgb[x][w - 1 - y] for x in range(h)] for y in range(w)]  # 23 wide, 37 high
    data = encode_png(h, w, 8, 2, stored, extra=[(b"eXIf", tiff_orientation(6, little_endian=True))])
    write("png-rgb8-orient6.png", data)
    add("png-rgb8-orient6.png", "png-rgb8.pam", 0, 0, "eXIf orientation 6 (stored turned)")


# MARK: - JPEG fixtures

CMYK_WRITER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
// Usage: cmykjpeg W H ycck-adobe|cmyk-plain < cmyk-samples > out.jpg
int main(int argc, char **argv) {
    int w = atoi(argv[1]), h = atoi(argv[2]), adobe = strcmp(argv[3], "ycck-adobe") == 0;
    unsigned char *px = malloc((size_t)w * h * 4);
    if (fread(px, 4, (size_t)w * h, stdin) != (size_t)w * h) return 1;
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, stdout);
    c.image_width = w; c.image_height = h; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c); jpeg_set_quality(&c, 95, TRUE);
    jpeg_set_colorspace(&c, adobe ? JCS_YCCK : JCS_CMYK);
    c.write_Adobe_marker = adobe;   // no APP14: a reader must take the values as plain CMYK
    jpeg_start_compress(&c, TRUE);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = px + (size_t)c.next_scanline * w * 4;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    return 0;
}
"""


def run(args, data=None):
    return subprocess.run(args, input=data, stdout=subprocess.PIPE, check=True).stdout


def ppm(image):
    w, h = image.size
    return f"P6\n{w} {h}\n255\n".encode() + image.tobytes()


def mul255(a, b):
    t = a * b + 128
    return (t + (t >> 8)) >> 8


def true_cmyk(rgb_image):
    out = bytearray()
    for r, g, b in rgb_image.getdata():
        k = 255 - max(r, g, b)
        d = 255 - k
        out += bytes([0, 0, 0, 255] if d == 0 else
                     [round((d - r) * 255 / d), round((d - g) * 255 / d), round((d - b) * 255 / d), k])
    return bytes(out)


def jpeg_reference(name, fixture_bytes, cmyk=None):
    """Pillow's decode as RGB. Pillow takes every CMYK JPEG as Adobe-inverted; `cmyk` says
    whether this one really is ("adobe") or holds plain values ("plain")."""
    path = os.path.join(OUT, name)
    im = Image.open(path)
    im.load()
    w, h = im.size
    if im.mode == "CMYK":
        samples = []
        for c, m, y, k in im.getdata():
            if cmyk == "plain":
                c, m, y, k = 255 - c, 255 - m, 255 - y, 255 - k
            samples += [mul255(255 - c, 255 - k), mul255(255 - m, 255 - k), mul255(255 - y, 255 - k)]
    else:
        samples = list(im.convert("RGB").tobytes())
    return pam(name.replace(".jpg", ".pam"), w, h, 3, samples)


def tiff_orientation(value, little_endian):
    e = "<" if little_endian else ">"
    head = b"II*\0" if little_endian else b"MM\0*"
    return head + struct.pack(e + "IH", 8, 1) + struct.pack(e + "HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(e + "I", 0)


def with_exif(jpeg, orientation):
    payload = b"Exif\0\0" + tiff_orientation(orientation, little_endian=orientation % 2 == 1)
    app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + app1 + jpeg[2:]


def jpeg_fixtures(base, icc, tmp):
    source = os.path.join(tmp, "base.ppm")
    with open(source, "wb") as f:
        f.write(ppm(base))
    icc_path = os.path.join(tmp, "srgb.icc")
    with open(icc_path, "wb") as f:
        f.write(icc)

    def cjpeg(name, *options, note):
        data = run(["cjpeg", "-quality", "90", *options, source])
        write(name, data)
        add(name, jpeg_reference(name, data), 0.5, 2, note)
        return data

    baseline = cjpeg("jpeg-baseline.jpg", note="baseline 4:2:0 (cjpeg defaults)")
    cjpeg("jpeg-progressive.jpg", "-progressive", note="progressive")
    cjpeg("jpeg-grey.jpg", "-grayscale", note="greyscale")
    cjpeg("jpeg-444.jpg", "-sample", "1x1", note="4:4:4")
    cjpeg("jpeg-422.jpg", "-sample", "2x1", note="4:2:2")
    cjpeg("jpeg-restart.jpg", "-restart", "1B", note="restart marker after every MCU")
    cjpeg("jpeg-arithmetic.jpg", "-arithmetic", note="arithmetic coding")
    cjpeg("jpeg-icc.jpg", "-icc", icc_path, note="APP2 ICC profile")

    cmyk = true_cmyk(base)
    w, h = JPEG_SIZE
    adobe = os.path.join(OUT, "jpeg-cmyk-adobe.jpg")
    Image.frombytes("CMYK", JPEG_SIZE, cmyk).save(adobe, quality=95)  # Pillow writes inverted + APP14
    add("jpeg-cmyk-adobe.jpg", jpeg_reference("jpeg-cmyk-adobe.jpg", None, "adobe"), 0.5, 2,
        "Adobe-inverted CMYK (Pillow)")
    exe = os.path.join(tmp, "cmykjpeg")
    with open(exe + ".c", "w") as f:
        f.write(CMYK_WRITER)
    run(["cc", "-O1", "-o", exe, exe + ".c", "-ljpeg"])
    inverted = bytes(255 - v for v in cmyk)
    write("jpeg-ycck-adobe.jpg", run([exe, str(w), str(h), "ycck-adobe"], inverted))
    add("jpeg-ycck-adobe.jpg", jpeg_reference("jpeg-ycck-adobe.jpg", None, "adobe"), 0.5, 2,
        "Adobe-inverted YCCK (APP14 transform 2)")
    write("jpeg-cmyk-plain.jpg", run([exe, str(w), str(h), "cmyk-plain"], cmyk))
    add("jpeg-cmyk-plain.jpg", jpeg_reference("jpeg-cmyk-plain.jpg", None, "plain"), 0.5, 2,
        "plain CMYK, no APP14")

    # Orientation n: the upright picture turned by the inverse of n (losslessly), tagged n.
    inverse = {1: [], 2: ["-flip", "horizontal"], 3: ["-rotate", "180"], 4: ["-flip", "vertical"],
               5: ["-transpose"], 6: ["-rotate", "270"], 7: ["-transverse"], 8: ["-rotate", "90"]}
    for n, ops in inverse.items():
        stored = run(["jpegtran", "-perfect", "-copy", "none", *ops], baseline)
        write(f"jpeg-orient{n}.jpg", with_exif(stored, n))
        add(f"jpeg-orient{n}.jpg", "jpeg-baseline.pam", 0.6, 6, f"EXIF orientation {n}, same upright picture")


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in os.listdir(OUT):
        os.remove(os.path.join(OUT, name))
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    # lcms stamps the creation time (header bytes 24-35); fix it so reruns give identical files.
    icc = icc[:24] + struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + icc[36:]
    jpeg_base, png_base = source_pictures()
    with tempfile.TemporaryDirectory() as tmp:
        jpeg_fixtures(jpeg_base, icc, tmp)
    png_fixtures(png_base, icc)
    with open(os.path.join(OUT, "manifest.tsv"), "w") as f:
        f.write("# fixture\treference\tmax mean abs diff\tmax abs diff\twhat it covers\n")
        for row in manifest:
            f.write("\t".join(str(v) for v in row) + "\n")
    with open(os.path.join(OUT, "NOTICE.md"), "w") as f:
        f.write("# Test images\n\nEvery picture here is derived from `Fixtures/coffee.png` (\"Coffee cup\", photograph by\n"
                "Rachel Michetti, courtesy of Pikolo Espresso Bar, CC0; see `Fixtures/NOTICE.md`).\n"
                "`icc-srgb.icc` is an sRGB profile made by Little CMS. Made by `scripts/make-image-fixtures.py`;\n"
                "do not edit by hand, rerun the script. `manifest.tsv` lists each fixture with its reference decode.\n")
    total = sum(os.path.getsize(os.path.join(OUT, n)) for n in os.listdir(OUT))
    print(f"{len(manifest)} fixtures, {total} bytes in {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
