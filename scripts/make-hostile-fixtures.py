#!/usr/bin/env python3
"""Writes the hostile test images in Fixtures/hostile/ (see Fixtures/hostile/README.md).

Deterministic and offline: PNGs are assembled here with zlib and struct; the JPEGs start from a
small picture encoded by libjpeg-turbo's `cjpeg` (Debian: libjpeg-turbo-progs) with a fixed scan
script, then are edited byte by byte. Running it again gives the same files for the same cjpeg.
The outputs are committed (CI never runs this); new inputs are also copied into the fuzz corpus.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Fixtures", "hostile")
CORPUS = os.path.join(ROOT, "Fuzz", "corpus", "decode")
# Inputs that must be refused go where the fuzzer seeds from too, but the tests do not expect
# them to decode (see Fixtures/regressions/README.md).
REFUSED = os.path.join(ROOT, "Fixtures", "regressions", "decode")
# The camera/Photoshop "sRGB IEC61966-2.1" profile (see Fixtures/NOTICE.md).
SRGB_ICC = os.path.join(ROOT, "Fixtures", "sRGB-IEC61966-2.1.icc")
# Inputs added for issue 10, seeded into the fuzz corpus as well: those that decode, and those
# that must be refused. The fuzzer gets a 512 × 512 flood instead of the 99 KB one, which would
# raise libFuzzer's input length for every mutation.
CORPUS_FILES = ["srgb-camera.jpg", "stray-ff00.jpg", "missing-iend.png"]
REFUSED_FILES = {"issue10-cut-in-data.jpg": "cut-in-data.jpg", "issue10-scan-flood-512.jpg": "scan-flood-512"}


def chunk(kind, data):
    """One PNG chunk with its length and CRC."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, bit_depth, colour_type, raw_rows):
    """A PNG of the given header whose IDAT holds `raw_rows` (filter bytes included)."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw_rows, 9))
            + chunk(b"IEND", b""))


def small_rgb(width, height):
    """A gradient picture as raw RGB rows."""
    return [bytes(v for x in range(width) for v in ((x * 16) % 256, (y * 20) % 256, ((x + y) * 9) % 256))
            for y in range(height)]


def cjpeg(rows, width, height, *args, scans="0: 0-0, 0, 1;\n0: 0-0, 1, 0;\n0: 1-63, 0, 0;\n", grey=False):
    """Encodes RGB (or, with `grey`, 8-bit grey) rows with cjpeg; `args` are its options; SCRIPT
    in them is replaced by a scan script file holding `scans` (by default: DC first with one bit
    held back, DC refinement, then all AC at once)."""
    with tempfile.TemporaryDirectory() as tmp:
        ppm = os.path.join(tmp, "in.ppm")
        with open(ppm, "wb") as f:
            f.write(b"P%d %d %d 255\n" % (5 if grey else 6, width, height) + b"".join(rows))
        script = os.path.join(tmp, "scans.txt")
        with open(script, "w") as f:
            f.write(scans)
        args = [a.replace("SCRIPT", script) for a in args]
        try:
            return subprocess.run(["cjpeg", *args, ppm], check=True, capture_output=True).stdout
        except FileNotFoundError:
            sys.exit("cjpeg not found: install libjpeg-turbo-progs")


def segments(jpeg):
    """(offset, end) of each marker segment with its entropy-coded data, SOI excluded."""
    result, i = [], 2
    while i < len(jpeg):
        assert jpeg[i] == 0xFF, i
        marker = jpeg[i + 1]
        if marker == 0xD9:
            result.append((i, i + 2))
            break
        length = struct.unpack(">H", jpeg[i + 2:i + 4])[0]
        end = i + 2 + length
        if marker == 0xDA:  # entropy-coded data runs to the next marker that is not a stuffed byte or RST
            while not (jpeg[end] == 0xFF and jpeg[end + 1] not in (0x00, *range(0xD0, 0xD8))):
                end += 1
        result.append((i, end))
        i = end
    return result


def main():
    os.makedirs(OUT, exist_ok=True)
    files = {}
    rows = small_rgb(16, 12)
    files["small.png"] = png(8, 6, 8, 2, b"".join(b"\x00" + r for r in small_rgb(8, 6)))
    files["small.jpg"] = cjpeg(rows, 16, 12, "-quality", "80", "-optimize")
    # Declares 100000 × 100000 (10 gigapixels) in a few dozen bytes: refused from the header.
    files["bomb-100000x100000.png"] = png(100000, 100000, 8, 0, b"\x00" * 64)
    # 1,000,001 × 1, one bit a pixel: under 100 megapixels but wider than any side tagproj takes.
    files["wide-1000001.png"] = png(1000001, 1, 1, 0, b"\x00" + b"\x00" * ((1000001 + 7) // 8))
    # 10,000,000 × 1 in 1-bit grey (a few KB): decoded as RGB a row is 30 MB, a band of 16 of
    # them 480 MB, so the side must be checked on the header, before any band is allocated.
    files["wide-10000000.png"] = png(10000000, 1, 1, 0, b"\x00" + b"\x00" * ((10000000 + 7) // 8))
    # 65000 × 65000 declared in a small JPEG's SOF: 4.2 gigapixels.
    bomb = bytearray(files["small.jpg"])
    sof = bomb.index(b"\xff\xc0")
    bomb[sof + 5:sof + 9] = struct.pack(">HH", 65000, 65000)
    files["bomb-65000x65000.jpg"] = bytes(bomb)
    # A progressive grey 8 × 8 JPEG whose DC refinement scan is repeated 3000 times (~40 KB):
    # libjpeg would warn and carry on; tagproj's scan cap (1000) refuses it at once.
    grey = cjpeg([bytes([100] * 24)] * 8, 8, 8, "-grayscale", "-scans", "SCRIPT")
    segs = segments(grey)
    scans = [s for s in segs if grey[s[0] + 1] == 0xDA]
    refine = grey[scans[1][0]:scans[1][1]]
    files["scans-3000.jpg"] = grey[:scans[2][0]] + refine * 2997 + grey[scans[2][0]:]
    # Recoverable damage: decodes whole, export prints a warning line.
    files["missing-eoi.jpg"] = files["small.jpg"][:-2]
    app0 = files["small.jpg"].index(b"\xff\xe0")
    app0_end = app0 + 2 + struct.unpack(">H", files["small.jpg"][app0 + 2:app0 + 4])[0]
    files["extraneous-bytes.jpg"] = files["small.jpg"][:app0_end] + b"\x00\x11\x22" + files["small.jpg"][app0_end:]
    # Cut inside the image data: an error, never a grey band.
    files["truncated.jpg"] = files["small.jpg"][:len(files["small.jpg"]) * 2 // 3]
    files["truncated.png"] = files["small.png"][:len(files["small.png"]) - 20]
    files["empty.jpg"] = b""
    files["pretends.png"] = b"\x89PNG\r\n\x1a\n" + b"this is not a picture"
    small = files["small.jpg"]
    # The camera sRGB profile in an APP2 ICC_PROFILE segment after APP0: libpng calls this profile
    # "known incorrect" and would refuse to write it into a PNG.
    with open(SRGB_ICC, "rb") as f:
        icc = f.read()
    app2 = b"\xff\xe2" + struct.pack(">H", 2 + 14 + len(icc)) + b"ICC_PROFILE\x00\x01\x01" + icc
    files["srgb-camera.jpg"] = small[:app0_end] + app2 + small[app0_end:]
    # FF 00 between APP0 and the next segment: libjpeg skips it ("extraneous bytes before marker").
    files["stray-ff00.jpg"] = small[:app0_end] + b"\xff\x00" + small[app0_end:]
    # A 64 × 48 picture cut in the middle of its entropy-coded data: its headers are whole, so only
    # decoding the picture through finds the damage.
    photo = cjpeg(small_rgb(64, 48), 64, 48, "-quality", "95")
    sos = photo.index(b"\xff\xda")
    files["cut-in-data.jpg"] = photo[:sos + (len(photo) - sos) // 2]
    # A PNG whose IEND chunk is missing: every row decodes; a warning says the end is missing.
    files["missing-iend.png"] = files["small.png"][:-12]
    # 4096 × 4096 grey (16.8 megapixels), progressive: DC, then one AC scan repeated 2000 times.
    # Each AC scan is a few bytes (one EOB run) but makes libjpeg walk all 262144 blocks again, so
    # decoding it takes about ten seconds; the probe counts the scans and refuses it at once.
    flat = cjpeg([bytes([128] * 4096)] * 4096, 4096, 4096, "-grayscale", "-scans", "SCRIPT",
                 scans="0: 0-0, 0, 0;\n0: 1-63, 0, 0;\n", grey=True)
    segs = segments(flat)
    scans = [s for s in segs if flat[s[0] + 1] == 0xDA]
    ac = flat[scans[1][0]:scans[1][1]]
    files["scan-flood.jpg"] = flat[:scans[1][0]] + ac * 2000 + flat[scans[1][1]:]
    flat = cjpeg([bytes([128] * 512)] * 512, 512, 512, "-grayscale", "-scans", "SCRIPT",
                 scans="0: 0-0, 0, 0;\n0: 1-63, 0, 0;\n", grey=True)
    scans = [s for s in segments(flat) if flat[s[0] + 1] == 0xDA]
    refused = {"scan-flood-512": flat[:scans[1][0]] + flat[scans[1][0]:scans[1][1]] * 300 + flat[scans[1][1]:]}
    # Images of formats tagproj recognises but does not read: just enough of each header.
    files["cups.heic"] = struct.pack(">I", 24) + b"ftypheic" + b"\x00\x00\x00\x00" + b"mif1heic" + b"\x00" * 40
    files["cups.avif"] = struct.pack(">I", 28) + b"ftypavif" + b"\x00\x00\x00\x00" + b"avifmif1miaf" + b"\x00" * 40
    files["cups.webp"] = b"RIFF" + struct.pack("<I", 52) + b"WEBPVP8L" + b"\x00" * 44
    files["cups.tiff"] = b"II*\x00" + struct.pack("<I", 8) + b"\x00" * 40
    files["cups.gif"] = (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00"
                         b",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;")
    for name, data in sorted(files.items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")
    for name in CORPUS_FILES:
        with open(os.path.join(CORPUS, name), "wb") as f:
            f.write(files[name])
    for name, source in REFUSED_FILES.items():
        with open(os.path.join(REFUSED, name), "wb") as f:
            f.write(files.get(source) or refused[source])


if __name__ == "__main__":
    main()
