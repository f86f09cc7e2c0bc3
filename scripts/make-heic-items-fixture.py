#!/usr/bin/env python3
"""Writes Fixtures/hostile/heic-many-items.heic (issue 20): a 2x2 grid of a 32-pixel tile coded
by heif-enc (Debian: libheif-examples), with 2,000 dummy items beside its five, each with a byte
of data. libheif parses every item, and tagproj used to parse the file several times and walk
its boxes quadratically; the item count is now capped before libheif sees the file. The output
is committed."""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heif_grid import coded_tile, grid_heic  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def png(width, height):
    """An RGB gradient, assembled with zlib."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\0" + bytes(v for x in range(width) for v in (8 * x, 8 * y, 128)) for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


with tempfile.TemporaryDirectory() as tmp:
    source, coded = os.path.join(tmp, "tile.png"), os.path.join(tmp, "tile.heic")
    with open(source, "wb") as f:
        f.write(png(32, 32))
    subprocess.run(["heif-enc", "-q", "50", source, "-o", coded], check=True, stdout=subprocess.DEVNULL)
    with open(coded, "rb") as f:
        tile = coded_tile(f.read())
with open(os.path.join(ROOT, "Fixtures", "hostile", "heic-many-items.heic"), "wb") as f:
    f.write(grid_heic([tile] * 4, 2, 32, 64, 64, dummies=2000))
