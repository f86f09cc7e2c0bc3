#!/usr/bin/env python3
"""Writes the two Huffman-table regressions of issue 20 into Fixtures/regressions/decode/.

Both start from Fixtures/images/jpeg-baseline.jpg and add one DHT segment just before the SOS,
with lengths that agree with its contents (so libjpeg's jpeg_read_header accepts it):
- lossless-dht-overflow.jpg: AC table 0 redefined with 200 one-bit codes. Only two one-bit codes
  exist; a table builder that fills its lookahead before checking the code space writes past it.
- lossless-dc-symbol-255.jpg: DC table 0 redefined as the photo's own, one unused symbol
  replaced by 255. A DC symbol is a magnitude category, at most 15 (libjpeg refuses the table).
The outputs are committed; running this again gives the same files.
"""
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCE = os.path.join(ROOT, "Fixtures", "images", "jpeg-baseline.jpg")
OUT = os.path.join(ROOT, "Fixtures", "regressions", "decode")


def segments(data):
    """(marker, start, end) of each segment before the SOS, and the SOS's offset."""
    pos, found = 2, []
    while True:
        assert data[pos] == 0xFF
        marker = data[pos + 1]
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if marker == 0xDA:
            return found, pos
        found.append((marker, pos, pos + 2 + length))
        pos += 2 + length


def tables(data, segs):
    """{(class, id): (bits, values)} from every DHT."""
    out = {}
    for marker, start, end in segs:
        if marker != 0xC4:
            continue
        p = start + 4
        while p < end:
            tc_th = data[p]
            bits = list(data[p + 1:p + 17])
            n = sum(bits)
            out[(tc_th >> 4, tc_th & 15)] = (bits, list(data[p + 17:p + 17 + n]))
            p += 17 + n
    return out


def dht(table_class, table_id, bits, values):
    body = bytes([table_class << 4 | table_id]) + bytes(bits) + bytes(values)
    return b"\xff\xc4" + struct.pack(">H", 2 + len(body)) + body


def main():
    data = open(SOURCE, "rb").read()
    segs, sos = segments(data)
    own = tables(data, segs)
    overflow = dht(1, 0, [200] + [0] * 15, list(range(200)))
    bits, values = own[(0, 0)]
    values = list(values)
    values[-1] = 255  # the longest code's symbol: the category the photo is least likely to use
    dc255 = dht(0, 0, bits, values)
    for name, segment in [("lossless-dht-overflow.jpg", overflow), ("lossless-dc-symbol-255.jpg", dc255)]:
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data[:sos] + segment + data[sos:])


if __name__ == "__main__":
    main()
