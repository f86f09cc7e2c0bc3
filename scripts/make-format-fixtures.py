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
import subprocess
import tempfile

from PIL import Image

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
    # AVIF 8-bit (libaom), decoded by libheif through dav1d.
    run("heif-enc", "-A", "-q", "80", src("png-rgba8.png"), "-o", src("avif-alpha.avif"))
    heif_reference("avif-alpha.avif", "avif-alpha.pam", tmp)
    manifest.append(("avif-alpha.avif", "avif-alpha.pam", 0, 0, "AVIF with alpha (heif-enc -A -q 80), reference from heif-convert"))

with open(os.path.join(OUT, "formats-manifest.tsv"), "w") as f:
    f.write("# fixture\treference\tmax mean abs diff\tmax abs diff\twhat it covers\n")
    for row in manifest:
        f.write("\t".join(str(x) for x in row) + "\n")
