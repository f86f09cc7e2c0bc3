#!/usr/bin/env python3
"""Writes the hostile test images in Fixtures/hostile/ (see Fixtures/hostile/README.md).

Deterministic and offline: PNGs are assembled here with zlib and struct; the JPEGs start from a
small picture encoded by libjpeg-turbo's `cjpeg` (Debian: libjpeg-turbo-progs) with a fixed scan
script, then are edited byte by byte. Running it again gives the same files for the same cjpeg.
"""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "hostile")


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


def cjpeg(rows, width, height, *args):
    """Encodes RGB rows with cjpeg; `args` are its options."""
    with tempfile.TemporaryDirectory() as tmp:
        ppm = os.path.join(tmp, "in.ppm")
        with open(ppm, "wb") as f:
            f.write(b"P6 %d %d 255\n" % (width, height) + b"".join(rows))
        script = os.path.join(tmp, "scans.txt")
        with open(script, "w") as f:
            # DC first with one bit held back, DC refinement, then all AC at once.
            f.write("0: 0-0, 0, 1;\n0: 0-0, 1, 0;\n0: 1-63, 0, 0;\n")
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
    for name, data in sorted(files.items()):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")


if __name__ == "__main__":
    main()
