"""Reading a one-image HEIC from heif-enc and putting coded tiles together as a HEIF 'grid'.

heif-enc 1.15 writes no multi-tile grids; an iPhone stores every photo as one (512-pixel tiles).
Used by scripts/make-format-fixtures.py (heic-grid.heic) and Benchmarks/export.py --heic.
"""
import struct


def box_at(data, start, end, kind):
    """The offset and size of the first box of `kind` between `start` and `end`."""
    pos = start
    while pos < end:
        size, name = struct.unpack(">I4s", data[pos:pos + 8])
        if name == kind.encode():
            return pos, size
        pos += size
    raise SystemExit(f"no {kind} box")


def boxes(data, start, end):
    """The (kind, start, size) of each box between `start` and `end`."""
    found, pos = [], start
    while pos < end:
        size, name = struct.unpack(">I4s", data[pos:pos + 8])
        found.append((name.decode("latin-1"), pos, size))
        pos += size
    return found


def coded_tile(data):
    """The one coded ('hvc1') item of a one-image HEIC from heif-enc (whose primary item is a
    1x1 grid of it): its hvcC box and its coded bytes."""
    meta, meta_size = box_at(data, 0, len(data), "meta")
    iinf, iinf_size = box_at(data, meta + 12, meta + meta_size, "iinf")
    coded = [struct.unpack(">H", data[at + 12:at + 14])[0] for kind, at, size in boxes(data, iinf + 14, iinf + iinf_size)
             if kind == "infe" and data[at + 16:at + 20] == b"hvc1"]
    assert len(coded) == 1, "one hvc1 item expected"
    primary = coded[0]
    iprp, iprp_size = box_at(data, meta + 12, meta + meta_size, "iprp")
    ipco, ipco_size = box_at(data, iprp + 8, iprp + iprp_size, "ipco")
    hvcc = [data[at:at + size] for kind, at, size in boxes(data, ipco + 8, ipco + ipco_size) if kind == "hvcC"]
    assert len(hvcc) == 1, "one hvcC expected"
    iloc, _ = box_at(data, meta + 12, meta + meta_size, "iloc")
    version = data[iloc + 8]
    offset_size, length_size, base_size = data[iloc + 12] >> 4, data[iloc + 12] & 15, data[iloc + 13] >> 4
    assert version in (0, 1) and (data[iloc + 13] & 15) == 0, "iloc version 0 or 1 without extent indices expected"
    def number(at, size):
        return int.from_bytes(data[at:at + size], "big"), at + size
    items, pos = number(iloc + 14, 2)
    for _ in range(items):
        item, pos = number(pos, 2)
        method = 0
        if version == 1:
            method, pos = number(pos, 2)
        _, pos = number(pos, 2)
        base, pos = number(pos, base_size)
        extents, pos = number(pos, 2)
        chunks = []
        for _ in range(extents):
            offset, pos = number(pos, offset_size)
            length, pos = number(pos, length_size)
            chunks.append(data[base + offset:base + offset + length])
        if item == primary:
            assert method & 15 == 0, "the tile's data in the file expected"
            return hvcc[0], b"".join(chunks)
    raise SystemExit("no primary item in iloc")


def grid_heic(tiles, columns, tile_size, width, height, dummies=0):
    """A HEIC whose primary item is a 'grid' of `tiles` (each (hvcC box, coded bytes) of a
    `tile_size` square), `columns` across, cropped to `width`×`height` by its output size: how an
    iPhone stores a photo (512-pixel tiles). The grid's 8 bytes live in idat; the tiles in mdat.
    `dummies` more items (hidden, of a type no reader knows, without data) pad its item list, as a
    crafted file's would."""
    rows = (len(tiles) + columns - 1) // columns
    def box(kind, payload):
        return struct.pack(">I4s", 8 + len(payload), kind.encode()) + payload
    def full(kind, version, flags, payload):
        return box(kind, struct.pack(">I", version << 24 | flags) + payload)
    grid_id = len(tiles) + 1
    def meta(offsets):
        # The tiles are hidden (flag 1): only the grid is a picture of its own.
        infe = [full("infe", 2, 1, struct.pack(">HH4s", i + 1, 0, b"hvc1") + b"\0") for i in range(len(tiles))]
        infe.append(full("infe", 2, 0, struct.pack(">HH4s", grid_id, 0, b"grid") + b"\0"))
        infe += [full("infe", 2, 1, struct.pack(">HH4s", grid_id + 1 + i, 0, b"zzzz") + b"\0") for i in range(dummies)]
        iinf = full("iinf", 0, 0, struct.pack(">H", len(infe)) + b"".join(infe))
        dimg = box("dimg", struct.pack(">HH", grid_id, len(tiles)) + b"".join(struct.pack(">H", i + 1) for i in range(len(tiles))))
        iref = full("iref", 0, 0, dimg)
        # Properties: each tile's hvcC, the tiles' ispe, the grid's ispe (1-based indices in ipma).
        ipco = box("ipco", b"".join(t[0] for t in tiles) + full("ispe", 0, 0, struct.pack(">II", tile_size, tile_size))
                   + full("ispe", 0, 0, struct.pack(">II", width, height)))
        tile_ispe, grid_ispe = len(tiles) + 1, len(tiles) + 2
        assoc = [struct.pack(">HBBB", i + 1, 2, 0x80 | (i + 1), tile_ispe) for i in range(len(tiles))]
        assoc.append(struct.pack(">HBB", grid_id, 1, grid_ispe))
        ipma = full("ipma", 0, 0, struct.pack(">I", len(assoc)) + b"".join(assoc))
        descriptor = struct.pack(">BBBBHH", 0, 0, rows - 1, columns - 1, width, height)
        # iloc version 1 (construction methods): 4-byte offsets and lengths, no base offset.
        entries = [struct.pack(">HHHHII", i + 1, 0, 0, 1, offsets[i], len(t[1])) for i, t in enumerate(tiles)]
        entries.append(struct.pack(">HHHHII", grid_id, 1, 0, 1, 0, len(descriptor)))
        entries += [struct.pack(">HHHHII", grid_id + 1 + i, 1, 0, 1, 0, 1) for i in range(dummies)]  # a byte of idat each
        iloc = full("iloc", 1, 0, struct.pack(">BBH", 0x44, 0x00, len(entries)) + b"".join(entries))
        hdlr = full("hdlr", 0, 0, struct.pack(">I4s12s", 0, b"pict", b"") + b"\0")
        pitm = full("pitm", 0, 0, struct.pack(">H", grid_id))
        return full("meta", 0, 0, hdlr + pitm + iinf + iref + box("iprp", ipco + ipma) + box("idat", descriptor) + iloc)
    ftyp = box("ftyp", b"heic" + struct.pack(">I", 0) + b"mif1heic")
    start = len(ftyp) + len(meta([0] * len(tiles))) + 8
    offsets, at = [], start
    for _, coded in tiles:
        offsets.append(at)
        at += len(coded)
    return ftyp + meta(offsets) + box("mdat", b"".join(coded for _, coded in tiles))
