/// Reads the orientation tag from an EXIF (TIFF) block, the only EXIF field tagproj uses.
///
/// The block starts with a TIFF header: `II*\0` (little-endian) or `MM\0*` (big-endian), then the
/// offset of IFD0. IFD0 holds 12-byte entries; tag 0x0112 (Orientation), type SHORT, count 1,
/// carries a value 1–8. Every offset is bounds-checked; anything missing, malformed or out of
/// range means "no orientation" (`upright`), because a broken EXIF block should not reject a
/// photo whose pixels are fine.
extension Orientation {
    /// The EXIF payload header inside a JPEG APP1 segment (and sometimes, wrongly, a PNG eXIf chunk).
    static let exifHeader: [UInt8] = Array("Exif\0\0".utf8)

    private static let orientationTag = 0x0112
    private static let typeShort = 3

    /// The orientation in a TIFF block, or `upright` when absent or invalid. A leading
    /// `Exif\0\0` is skipped.
    init(inTIFF block: ByteView) {
        self = Self.value(inTIFF: block).flatMap(Orientation.init(rawValue:)) ?? .upright
    }

    /// The orientation tag's value in a TIFF block, or nil when the block has none that is well formed.
    private static func value(inTIFF block: ByteView) -> Int? {
        var tiff = block
        if tiff.matches(exifHeader, at: 0), let rest = tiff.slice(6, length: tiff.count - 6) {
            tiff = rest
        }
        let littleEndian: Bool
        if tiff.matches([0x49, 0x49, 0x2A, 0x00], at: 0) {
            littleEndian = true
        } else if tiff.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) {
            littleEndian = false
        } else {
            return nil
        }
        guard let ifd = tiff.u32(4, littleEndian: littleEndian),
              let entries = tiff.u16(ifd, littleEndian: littleEndian)
        else { return nil }
        for index in 0..<entries {
            let entry = ifd + 2 + 12 * index
            guard let tag = tiff.u16(entry, littleEndian: littleEndian) else { return nil }
            guard tag == orientationTag else { continue }
            guard tiff.u16(entry + 2, littleEndian: littleEndian) == typeShort,
                  let count = tiff.u32(entry + 4, littleEndian: littleEndian), count >= 1
            else { return nil }
            return tiff.u16(entry + 8, littleEndian: littleEndian)
        }
        return nil
    }
}
