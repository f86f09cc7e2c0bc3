#!/usr/bin/python3
"""Makes the WebP, HEIC and AVIF test images in Fixtures/images/ with the libraries' own tools.

Run from anywhere: /usr/bin/python3 scripts/make-format-fixtures.py
Needs: cwebp, dwebp, img2webp (Debian: webp), heif-enc, heif-convert (libheif-examples), Python 3
with Pillow (python3-pil) to turn the tools' PNG/PPM output into reference PAMs.

The sources are the PNG fixtures of scripts/make-image-fixtures.py (37x23, odd on purpose). Each
fixture's reference decode comes from the library's own tool (dwebp, heif-convert), never from
tagproj; formats-manifest.tsv lists fixture, reference and the tolerated mean and maximum absolute
difference per sample, as manifest.tsv does.
"""
import os
import struct
import subprocess
import sys
import tempfile

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heif_grid import box_at, coded_tile, grid_heic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "images")
manifest = []


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def src(name):
    return os.path.join(OUT, name)


def pam_from(image_path, name):
    """Writes the picture at `image_path` as an 8-bit PAM (RGB, or RGB_ALPHA if it has alpha)."""
    im = Image.open(image_path)
    if im.mode in ("I;16", "I;16B", "I"):
        raise SystemExit(f"{image_path}: unexpected mode {im.mode}")
    im = im.convert("RGBA" if "A" in im.mode else "RGB")
    depth, tupl = (4, "RGB_ALPHA") if im.mode == "RGBA" else (3, "RGB")
    head = f"P7\nWIDTH {im.width}\nHEIGHT {im.height}\nDEPTH {depth}\nMAXVAL 255\nTUPLTYPE {tupl}\nENDHDR\n"
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(head.encode() + im.tobytes())


def heif_reference(fixture, reference, tmp):
    png = os.path.join(tmp, fixture + ".png")
    run("heif-convert", src(fixture), png)
    pam_from(png, reference)


def with_irot(data, angle):
    """The HEIF file with an `irot` property (`angle` × 90° anticlockwise) added to its primary
    item, as an iPhone writes its rotation."""
    return with_property(data, struct.pack(">I4sB", 9, b"irot", angle))


def with_nclx(data, primaries, transfer, matrix):
    """The HEIF file with a `colr` property of type `nclx` (ITU-T H.273 code points, full range)
    added to its primary item, as an iPhone describes a Display P3 photo (heif-enc 1.15 writes none)."""
    return with_property(data, struct.pack(">I4s4sHHHB", 19, b"colr", b"nclx", primaries, transfer, matrix, 0x80))


def with_property(data, box):
    """The HEIF file with the property `box` added to its primary item: appended to ipco,
    associated in ipma, with the sizes of ipco, ipma, iprp and meta and the file offsets in iloc
    (mdat follows meta) moved on."""
    data = bytearray(data)
    meta, meta_size = box_at(data, 0, len(data), "meta")
    body = meta + 12  # meta is a full box
    pitm, _ = box_at(data, body, meta + meta_size, "pitm")
    primary = struct.unpack(">H", data[pitm + 12:pitm + 14])[0]
    iprp, iprp_size = box_at(data, body, meta + meta_size, "iprp")
    ipco, ipco_size = box_at(data, iprp + 8, iprp + iprp_size, "ipco")
    ipma, ipma_size = box_at(data, iprp + 8, iprp + iprp_size, "ipma")
    iloc, _ = box_at(data, body, meta + meta_size, "iloc")
    count, pos = 0, ipco + 8
    while pos < ipco + ipco_size:
        count, pos = count + 1, pos + struct.unpack(">I", data[pos:pos + 4])[0]
    assert data[ipma + 8] == 0 and data[ipma + 11] & 1 == 0, "ipma version 0 with 8-bit indices expected"
    grown = len(box) + 1
    # iloc: shift every file offset (construction method 0) by the bytes added before mdat.
    version = data[iloc + 8]
    offset_size, length_size = data[iloc + 12] >> 4, data[iloc + 12] & 15
    base_size, index_size = data[iloc + 13] >> 4, (data[iloc + 13] & 15) if version else 0
    pos = iloc + 14
    items = struct.unpack(">H", data[pos:pos + 2])[0]
    pos += 2
    for _ in range(items):
        pos += 2
        method = 0
        if version:
            method = struct.unpack(">H", data[pos:pos + 2])[0] & 15
            pos += 2
        pos += 2
        def shift(at, size):
            if method == 0 and size:
                value = int.from_bytes(data[at:at + size], "big") + grown
                data[at:at + size] = value.to_bytes(size, "big")
        shift(pos, base_size)
        base = base_size
        pos += base_size
        extents = struct.unpack(">H", data[pos:pos + 2])[0]
        pos += 2
        for _ in range(extents):
            pos += index_size
            if not base:
                shift(pos, offset_size)
            pos += offset_size + length_size
    # ipma: one more association (essential, 1-based index) for the primary item.
    pos, entries = ipma + 16, struct.unpack(">I", data[ipma + 12:ipma + 16])[0]
    for _ in range(entries):
        item, n = struct.unpack(">HB", data[pos:pos + 3])
        if item == primary:
            data[pos + 2] = n + 1
            data[pos + 3 + n:pos + 3 + n] = bytes([0x80 | (count + 1)])
            break
        pos += 3 + n
    else:
        raise SystemExit("the primary item has no ipma entry")
    struct.pack_into(">I", data, ipma, ipma_size + 1)
    data[ipco + ipco_size:ipco + ipco_size] = box
    struct.pack_into(">I", data, ipco, ipco_size + len(box))
    struct.pack_into(">I", data, iprp, iprp_size + grown)
    struct.pack_into(">I", data, meta, meta_size + grown)
    return bytes(data)


with tempfile.TemporaryDirectory() as tmp:
    # WebP lossy (VP8): libwebp decodes it the same way for dwebp and for us.
    run("cwebp", "-quiet", "-q", "80", src("png-rgb8.png"), "-o", src("webp-lossy.webp"))
    run("dwebp", "-quiet", src("webp-lossy.webp"), "-ppm", "-o", os.path.join(tmp, "lossy.ppm"))
    pam_from(os.path.join(tmp, "lossy.ppm"), "webp-lossy.pam")
    manifest.append(("webp-lossy.webp", "webp-lossy.pam", 0, 0, "WebP lossy (cwebp -q 80), reference from dwebp"))
    # WebP lossless with alpha: exactly the PNG's samples, colour under transparent pixels kept.
    run("cwebp", "-quiet", "-lossless", "-exact", src("png-rgba8.png"), "-o", src("webp-lossless-alpha.webp"))
    manifest.append(("webp-lossless-alpha.webp", "png-rgba8.pam", 0, 0, "WebP lossless with alpha (cwebp -lossless -exact)"))
    # WebP lossy with alpha (VP8X + ALPH).
    run("cwebp", "-quiet", "-q", "80", "-exact", src("png-rgba8.png"), "-o", src("webp-lossy-alpha.webp"))
    run("dwebp", "-quiet", src("webp-lossy-alpha.webp"), "-pam", "-o", os.path.join(tmp, "lossy-alpha.pam"))
    with open(os.path.join(tmp, "lossy-alpha.pam"), "rb") as f:
        data = f.read()
    with open(os.path.join(OUT, "webp-lossy-alpha.pam"), "wb") as f:  # dwebp's PAM lacks nothing but TUPLTYPE order
        f.write(data)
    manifest.append(("webp-lossy-alpha.webp", "webp-lossy-alpha.pam", 0, 0, "WebP lossy with alpha, reference from dwebp -pam"))
    # An animation of two frames: refused with a clear error.
    run("img2webp", "-lossless", src("png-rgb8.png"), src("png-grey8.png"), "-o", src("webp-animated.webp"))
    # HEIC 8-bit (x265) and 10-bit (from the 16-bit PNG), references from heif-convert.
    run("heif-enc", "-q", "80", src("png-rgb8.png"), "-o", src("heic-8bit.heic"))
    heif_reference("heic-8bit.heic", "heic-8bit.pam", tmp)
    manifest.append(("heic-8bit.heic", "heic-8bit.pam", 0, 0, "HEIC 8-bit (heif-enc -q 80), reference from heif-convert"))
    run("heif-enc", "-q", "80", "-b", "10", src("png-rgb16.png"), "-o", src("heic-10bit.heic"))
    heif_reference("heic-10bit.heic", "heic-10bit.pam", tmp)
    manifest.append(("heic-10bit.heic", "heic-10bit.pam", 0.5, 1, "HEIC 10-bit, rounded to 8 bits (heif-convert writes 16-bit PNG)"))
    # HEIC with an ICC profile (heif-enc copies the PNG's iCCP as a prof colr box).
    run("heif-enc", "-q", "80", src("png-rgb8-icc.png"), "-o", src("heic-icc.heic"))
    # HEIC from a JPEG with EXIF orientation 6: heif-enc copies the EXIF and writes no irot, so
    # the stored picture is what is shown; EXIF must not be applied on top.
    run("heif-enc", "-q", "90", src("jpeg-orient6.jpg"), "-o", src("heic-exif-orient6.heic"))
    heif_reference("heic-exif-orient6.heic", "heic-exif-orient6.pam", tmp)
    manifest.append(("heic-exif-orient6.heic", "heic-exif-orient6.pam", 0, 0, "HEIC carrying EXIF orientation 6 and no irot: not turned"))
    # As an iPhone writes a photo taken upright: the pixels stored on their side, an irot of 270°
    # anticlockwise (90° clockwise) to show them upright, and an EXIF orientation 6 that says the
    # same again. Shown once turned: 64x48, as heif-convert shows it.
    with open(src("heic-exif-orient6.heic"), "rb") as f:
        turned = with_irot(f.read(), 3)
    with open(src("heic-irot-exif6.heic"), "wb") as f:
        f.write(turned)
    heif_reference("heic-irot-exif6.heic", "heic-irot-exif6.pam", tmp)
    manifest.append(("heic-irot-exif6.heic", "heic-irot-exif6.pam", 0, 0, "HEIC with irot 270° and EXIF orientation 6: turned once"))
    # The 8-bit HEIC described by nclx instead of a profile: Display P3 with the sRGB curve (an
    # iPhone's photos), and BT.709 (sRGB's primaries), which needs no profile.
    with open(src("heic-8bit.heic"), "rb") as f:
        plain = f.read()
    for name, primaries in (("heic-nclx-p3.heic", 12), ("heic-nclx-709.heic", 1)):
        with open(src(name), "wb") as f:
            f.write(with_nclx(plain, primaries, 13, 6))
    # A grid of two 24-pixel tiles cropped to 37x23, as an iPhone stores its photos (512-pixel
    # tiles): each tile coded by heif-enc, the grid put together here.
    picture = Image.open(src("png-rgb8.png")).convert("RGB")
    padded = Image.new("RGB", (48, 24))
    padded.paste(picture, (0, 0))
    # The reference is each tile decoded by heif-convert on its own, its cell put in place and the
    # whole cropped: heif-enc codes a 24-pixel tile at 64 pixels, and heif-convert on the grid
    # pastes each coded tile whole from threads, so its picture changes from run to run.
    tiles, reference = [], Image.new("RGB", (48, 24))
    for i in range(2):
        tile_png, tile_heic = os.path.join(tmp, f"tile{i}.png"), os.path.join(tmp, f"tile{i}.heic")
        padded.crop((24 * i, 0, 24 * i + 24, 24)).save(tile_png)
        run("heif-enc", "-q", "90", tile_png, "-o", tile_heic)
        with open(tile_heic, "rb") as f:
            tiles.append(coded_tile(f.read()))
        decoded = os.path.join(tmp, f"tile{i}-decoded.png")
        run("heif-convert", tile_heic, decoded)
        reference.paste(Image.open(decoded).convert("RGB"), (24 * i, 0))
    with open(src("heic-grid.heic"), "wb") as f:
        f.write(grid_heic(tiles, 2, 24, 37, 23))
    stitched = os.path.join(tmp, "grid-reference.png")
    reference.crop((0, 0, 37, 23)).save(stitched)
    pam_from(stitched, "heic-grid.pam")
    manifest.append(("heic-grid.heic", "heic-grid.pam", 0, 0, "HEIC grid of two tiles cropped by its output size (an iPhone's layout), reference: each tile from heif-convert"))
    # The same grid turned by irot (a quarter turn anticlockwise, as an iPhone marks a photo taken
    # upright) and mirrored by imir (axis 1: left to right, as libheif reads it); the references
    # are the stitched tiles turned and mirrored by Pillow.
    with open(src("heic-grid.heic"), "rb") as f:
        grid = f.read()
    stitched_image = Image.open(stitched)
    for name, box, picture in (
            ("heic-grid-irot.heic", struct.pack(">I4sB", 9, b"irot", 1), stitched_image.transpose(Image.ROTATE_90)),
            ("heic-grid-imir.heic", struct.pack(">I4sB", 9, b"imir", 1), stitched_image.transpose(Image.FLIP_LEFT_RIGHT))):
        with open(src(name), "wb") as f:
            f.write(with_property(grid, box))
        made = os.path.join(tmp, name + ".png")
        picture.save(made)
        pam_from(made, name.replace(".heic", ".pam"))
        manifest.append((name, name.replace(".heic", ".pam"), 0, 0, f"the grid with {box[4:8].decode()}, reference: the stitched tiles transformed by Pillow"))
    # AVIF 8-bit (libaom), decoded by libheif through dav1d.
    run("heif-enc", "-A", "-q", "80", src("png-rgba8.png"), "-o", src("avif-alpha.avif"))
    heif_reference("avif-alpha.avif", "avif-alpha.pam", tmp)
    manifest.append(("avif-alpha.avif", "avif-alpha.pam", 0, 0, "AVIF with alpha (heif-enc -A -q 80), reference from heif-convert"))

with open(os.path.join(OUT, "formats-manifest.tsv"), "w") as f:
    f.write("# fixture\treference\tmax mean abs diff\tmax abs diff\twhat it covers\n")
    for row in manifest:
        f.write("\t".join(str(x) for x in row) + "\n")
