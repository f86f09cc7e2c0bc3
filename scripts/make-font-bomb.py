#!/usr/bin/env python3
"""Writes Fixtures/regressions/font/composite-bomb.bin: a TrueType font whose glyphs are cheap to
store and ruinous to draw (issue 20), in FuzzFont's input form (the glyph count big-endian in two
bytes, 0 for a face without colour, then the font).

Glyph 1 is a triangle (what 'A' maps to); glyph 2 is ten copies of the empty glyph 0, glyphs 3 to
7 each ten copies of the one before (glyph 7 stands for 1,111,111 glyph loads, 6 levels deep); glyphs 8 to 999 are each one copy of glyph 7. 16 KB, and every
table a FreeType and HarfBuzz face needs is well formed, so the only thing wrong is the work:
loading every glyph once, as tagproj checks an embedded subset, would load about 10^9 outlines.
Deterministic; the output is committed.
"""
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Fixtures", "regressions", "font", "composite-bomb.bin")
GLYPHS = 1000
MORE_COMPONENTS, ARGS_ARE_XY_VALUES = 0x0020, 0x0002


def composite(child, copies):
    data = struct.pack(">hhhhh", -1, 0, 0, 500, 500)
    for i in range(copies):
        flags = ARGS_ARE_XY_VALUES | (MORE_COMPONENTS if i < copies - 1 else 0)
        data += struct.pack(">HHbb", flags, child, 0, 0)
    return data


def glyphs():
    triangle = struct.pack(">hhhhh", 1, 0, 0, 500, 500) + struct.pack(">HH", 2, 0) + bytes([1, 1, 1])
    triangle += struct.pack(">hhh", 0, 500, -250) + struct.pack(">hhh", 0, 0, 500)
    out = [b"", triangle]
    # Glyph 2 is ten copies of the empty glyph 0, each later one ten of the one before: no point
    # is ever loaded, so FreeType's limit on an outline's points never stops the walk.
    out += [composite(0 if k == 2 else k - 1, 10) for k in range(2, 8)]
    out += [composite(7, 1) for _ in range(8, GLYPHS)]
    return [g + b"\0" * (-len(g) % 4) for g in out]


def cmap():
    # Format 4, U+0041 'A' to glyph 1, then the closing 0xFFFF segment.
    segments = [(0x41, 0x41, (1 - 0x41) % 65536), (0xFFFF, 0xFFFF, 1)]
    n = len(segments)
    body = struct.pack(">HHHH", n * 2, 4, 1, 0)  # segCountX2, searchRange, entrySelector, rangeShift
    body += b"".join(struct.pack(">H", e) for _, e, _ in segments) + b"\0\0"
    body += b"".join(struct.pack(">H", s) for s, _, _ in segments)
    body += b"".join(struct.pack(">H", d) for _, _, d in segments)
    body += b"\0\0" * n
    sub = struct.pack(">HHH", 4, 6 + len(body), 0) + body
    return struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub


def name():
    text = "Bomb".encode("utf-16-be")
    return struct.pack(">HHH", 0, 1, 18) + struct.pack(">HHHHHH", 3, 1, 0x409, 1, len(text), 0) + text


def font():
    gl = glyphs()
    glyf = b"".join(gl)
    offsets, at = [], 0
    for g in gl:
        offsets.append(at)
        at += len(g)
    offsets.append(at)
    tables = {
        b"cmap": cmap(),
        b"glyf": glyf,
        b"head": struct.pack(">IIIIHHQQhhhhHHhhh", 0x00010000, 0x00010000, 0, 0x5F0F3CF5, 0, 1000, 0, 0,
                             0, 0, 500, 500, 0, 8, 2, 1, 0),
        b"hhea": struct.pack(">Ihhh" + "H" + "h" * 11 + "H", 0x00010000, 800, -200, 0, 500, 0, 0, 500, 1, 0, 0,
                             0, 0, 0, 0, 0, GLYPHS),
        b"hmtx": struct.pack(">" + "Hh" * GLYPHS, *([500, 0] * GLYPHS)),
        b"loca": struct.pack(">%dI" % len(offsets), *offsets),
        b"maxp": struct.pack(">IHHHHHHHHHHHHHH", 0x00010000, GLYPHS, 3, 1, 3, 1, 2, 0, 0, 0, 0, 0, 0, 10, 1),
        b"name": name(),
    }
    count = len(tables)
    out = struct.pack(">IHHHH", 0x00010000, count, 128, 3, count * 16 - 128)
    at = 12 + 16 * count
    body = b""
    for tag in sorted(tables):
        data = tables[tag] + b"\0" * (-len(tables[tag]) % 4)
        out += tag + struct.pack(">III", 0, at + len(body), len(tables[tag]))
        body += data
    return out + body


if __name__ == "__main__":
    with open(OUT, "wb") as f:
        f.write(struct.pack(">HB", GLYPHS, 0) + font())
