/// Reads an image's format, size, orientation and colour-profile presence from its headers,
/// without decoding pixels.
///
/// Cheap enough for every command: it reads only the markers before the first JPEG scan, or the
/// PNG chunks before the first `IDAT`. The format is recognised by magic bytes, never by file
/// name. Every read is bounds-checked; garbage input throws `ImageError`, it never traps.
public enum ImageProbe {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let iccHeader: [UInt8] = Array("ICC_PROFILE\0".utf8)

    /// The format of `bytes` by their first bytes, or `nil` if they are neither JPEG nor PNG.
    public static func format(of bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        let view = ByteView(bytes)
        if view.matches([0xFF, 0xD8, 0xFF], at: 0) { return .jpeg }
        if view.matches(pngSignature, at: 0) { return .png }
        return nil
    }

    /// Probes an image held in memory.
    ///
    /// - Throws: `ImageError.notAnImage` when the bytes are neither JPEG nor PNG;
    ///   `.damaged` when the headers are truncated or inconsistent; `.unsupported` for JPEG
    ///   processes libjpeg-turbo cannot decode (lossless, hierarchical, 12-bit) and Apple's
    ///   CgBI PNG variant, so that such files are refused when they come in, not at export.
    public static func probe(_ bytes: UnsafeRawBufferPointer) throws -> ImageInfo {
        try probeTyped(bytes)
    }

    /// `probe(_:)` with its error type spelled out, for callers inside TagKit.
    static func probeTyped(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        switch format(of: bytes) {
        case .jpeg: return try probeJPEG(ByteView(bytes))
        case .png: return try probePNG(ByteView(bytes))
        case nil: throw .notAnImage
        }
    }

    /// Probes an image held in an array; see `probe(_:)` for the errors.
    public static func probe(_ bytes: [UInt8]) throws -> ImageInfo {
        try bytes.withUnsafeBytes { try probe($0) }
    }

    // MARK: - JPEG

    /// Walks the JPEG markers up to the first scan (SOS): SOFn for the size, APP1 EXIF for the
    /// orientation (the first EXIF segment wins), APP2 for the ICC profile.
    static func probeJPEG(_ data: ByteView) throws(ImageError) -> ImageInfo {
        func damaged(_ reason: String) -> ImageError { .damaged(.jpeg, reason) }
        var frame: (width: Int, height: Int)?
        var orientation: Int?
        var hasICC = false
        var pos = 2  // after SOI
        while true {
            // Bytes other than 0xFF between segments are skipped, as libjpeg does (with a warning).
            while let byte = data.u8(pos), byte != 0xFF { pos += 1 }
            while data.u8(pos) == 0xFF { pos += 1 }  // fill bytes
            guard let marker = data.u8(pos) else {
                throw damaged("file ends before the image data")
            }
            pos += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // TEM and RSTn stand alone
            case 0xD8:
                throw damaged("two start-of-image markers")
            case 0xD9:
                throw damaged("end-of-image marker before any image data")
            case 0x00:
                throw damaged("invalid marker 0xFF00 outside the image data")
            default:
                break
            }
            guard let length = data.u16(pos), length >= 2,
                  let segment = data.slice(pos + 2, length: length - 2)
            else { throw damaged("marker 0x\(hex(marker)) segment is truncated") }
            pos += length
            switch marker {
            case 0xDA:  // SOS: image data follows; everything we need comes before it
                guard let frame else { throw damaged("image data before the frame header") }
                return ImageInfo(format: .jpeg, storedWidth: frame.width, storedHeight: frame.height,
                                 orientation: orientation ?? 1, hasICC: hasICC)
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard frame == nil else { throw damaged("two frame headers") }
                frame = try readFrame(marker: marker, segment)
            case 0xE1 where orientation == nil && segment.matches(ExifOrientation.exifHeader, at: 0):
                orientation = ExifOrientation.orientation(inTIFF: segment)
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
        else { throw .damaged(.jpeg, "frame header is too short") }
        // libjpeg-turbo decodes Huffman and arithmetic sequential/progressive JPEGs (SOF0-2, 9-10).
        let process: String? = switch marker {
        case 0xC3, 0xCB: "lossless JPEG"
        case 0xC5, 0xC6, 0xC7, 0xCD, 0xCE, 0xCF: "hierarchical JPEG"
        default: nil
        }
        if let process { throw .unsupported(.jpeg, "\(process) (SOF\(marker - 0xC0)) cannot be decoded") }
        guard precision == 8 else { throw .unsupported(.jpeg, "\(precision)-bit samples (only 8-bit JPEG is supported)") }
        guard width > 0 else { throw .damaged(.jpeg, "image width is 0") }
        guard height > 0 else { throw .unsupported(.jpeg, "image height defined by a DNL marker") }
        guard [1, 3, 4].contains(components) else {
            throw .unsupported(.jpeg, "\(components) colour components (expected 1, 3 or 4)")
        }
        return (width, height)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
