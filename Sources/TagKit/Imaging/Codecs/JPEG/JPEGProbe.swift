import Glibc

/// Reads a JPEG's size, orientation and ICC presence from the markers before its first scan, and
/// counts its scans.
enum JPEGProbe {
    static let iccHeader: [UInt8] = Array("ICC_PROFILE\0".utf8)

    /// The most scans a JPEG may have. libjpeg's default progressive script writes 10 (6 for grey),
    /// mozjpeg's searched scripts a few dozen at most; every scan walks every block of the picture,
    /// so a file repeating one tiny scan thousands of times costs seconds to decode. 100 leaves
    /// room over any real encoder and bounds a 100-megapixel decode to about 100 passes.
    static let maxScans = 100

    /// Walks the JPEG markers up to the first scan (SOS): SOFn for the size, APP1 EXIF for the
    /// orientation (the first EXIF segment wins), APP2 for the ICC profile.
    static func probe(_ data: ByteView) throws(ImageError) -> ImageInfo {
        func damaged(_ reason: String) -> ImageError { .damaged(.jpeg, reason) }
        var frame: (width: Int, height: Int)?
        var orientation: Orientation?
        var hasICC = false
        var pos = 2  // after SOI
        while true {
            // Bytes other than 0xFF between segments are skipped, as libjpeg does (with a warning).
            while let byte = data.u8(pos), byte != 0xFF { pos += 1 }
            while data.u8(pos) == 0xFF { pos += 1 }  // fill bytes
            guard let marker = data.u8(pos) else {
                throw damaged(tr("file ends before the image data"))
            }
            pos += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // TEM and RSTn stand alone
            case 0xD8:
                throw damaged(tr("two start-of-image markers"))
            case 0xD9:
                throw damaged(tr("end-of-image marker before any image data"))
            case 0x00:
                continue  // a stray FF 00 between segments: skipped, as libjpeg does (with a warning)
            default:
                break
            }
            guard let length = data.u16(pos), length >= 2,
                  let segment = data.slice(pos + 2, length: length - 2)
            else { throw damaged(tr("marker 0x{marker} segment is truncated", ["marker": ImageProbe.hex(marker)])) }
            pos += length
            switch marker {
            case 0xDA:  // SOS: image data follows; everything we need comes before it
                guard let frame else { throw damaged(tr("image data before the frame header")) }
                guard scans(in: data, from: pos) <= maxScans else {
                    throw damaged(tr("progressive JPEG has more than {limit} scans", ["limit": maxScans]))
                }
                return ImageInfo(format: .jpeg, storedWidth: frame.width, storedHeight: frame.height,
                                 orientation: orientation ?? .upright, hasICC: hasICC)
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard frame == nil else { throw damaged(tr("two frame headers")) }
                frame = try readFrame(marker: marker, segment)
            case 0xE1 where orientation == nil && segment.matches(Orientation.exifHeader, at: 0):
                orientation = Orientation(inTIFF: segment)
            case 0xE2 where segment.matches(iccHeader, at: 0):
                hasICC = true
            default:
                continue
            }
        }
    }

    /// Reads a SOFn segment: precision, height, width, component count.
    private static func readFrame(marker: UInt8, _ segment: ByteView) throws(ImageError) -> (width: Int, height: Int) {
        guard let precision = segment.u8(0), let height = segment.u16(1), let width = segment.u16(3),
              let components = segment.u8(5)
        else { throw .damaged(.jpeg, tr("frame header is too short")) }
        // libjpeg-turbo decodes Huffman and arithmetic sequential/progressive JPEGs (SOF0-2, 9-10).
        switch marker {
        case 0xC3, 0xCB: throw .unsupported(.jpeg, tr("lossless JPEG (SOF{number}) cannot be decoded", ["number": marker - 0xC0]))
        case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF: throw .unsupported(.jpeg, tr("hierarchical JPEG (SOF{number}) cannot be decoded", ["number": marker - 0xC0]))
        default: break
        }
        guard precision == 8 else { throw .unsupported(.jpeg, tr("{precision}-bit samples (only 8-bit JPEG is supported)", ["precision": precision])) }
        guard width > 0 else { throw .damaged(.jpeg, tr("image width is 0")) }
        guard height > 0 else { throw .unsupported(.jpeg, tr("image height defined by a DNL marker")) }
        guard [1, 3, 4].contains(components) else {
            throw .unsupported(.jpeg, tr("{components} colour components (expected 1, 3 or 4)", ["components": components]))
        }
        return (width, height)
    }


    /// How many scans (SOS markers) the file has, counting the one whose data starts at `start`
    /// and stopping after `maxScans + 1`: the walk of `JPEGScanCounter` (entropy-coded data skipped
    /// to the next `FF xx` that is not a stuffed `FF 00`, a restart marker or fill; the segments
    /// between scans skipped by their lengths) over the rest of the file as one piece. A file that
    /// ends early simply has fewer scans: truncation is the decoder's to report.
    static func scans(in data: ByteView, from start: Int) -> Int {
        var counter = JPEGScanCounter(scans: 1)
        if start < data.count { counter.feed(UnsafeRawBufferPointer(rebasing: data.bytes[start...])) }
        return counter.scans
    }
}
