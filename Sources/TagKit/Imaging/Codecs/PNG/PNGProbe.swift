/// Reads a PNG's size, orientation and ICC presence from the chunks before its first `IDAT`.
enum PNGProbe {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Walks the PNG chunks up to the first `IDAT`: `IHDR` for size and sample format, `iCCP` for
    /// the colour profile, `eXIf` for the orientation. CRCs are not checked here; the decoder does.
    static func probe(_ data: ByteView) throws(ImageError) -> ImageInfo {
        func damaged(_ reason: String) -> ImageError { .damaged(.png, reason) }
        var pos = signature.count
        var header: (width: Int, height: Int)?
        var orientation: Orientation?
        var hasICC = false
        while true {
            guard let length = data.u32(pos), let type = data.slice(pos + 4, length: 4) else {
                throw damaged(header == nil ? tr("file ends before the image header") : tr("file ends before the image data"))
            }
            guard length <= 0x7FFF_FFFF, let body = data.slice(pos + 8, length: length),
                  data.contains(pos + 8 + length, length: 4)
            else { throw damaged(tr("chunk {name} is truncated", ["name": chunkName(type)])) }
            pos += 12 + length
            let name = chunkName(type)
            if header == nil {
                if name == "CgBI" {
                    throw .unsupported(.png, tr("Apple-optimised PNG (CgBI), not a standard PNG"))
                }
                guard name == "IHDR" else { throw damaged(tr("first chunk is {name}, not IHDR", ["name": name])) }
                header = try readHeader(body)
                continue
            }
            switch name {
            case "IDAT":
                guard let header else { throw damaged(tr("no image header")) }
                return ImageInfo(format: .png, storedWidth: header.width, storedHeight: header.height,
                                 orientation: orientation ?? .upright, hasICC: hasICC)
            case "IEND":
                throw damaged(tr("no image data (IEND before IDAT)"))
            case "iCCP":
                hasICC = true
            case "eXIf" where orientation == nil:
                orientation = Orientation(inTIFF: body)
            default:
                continue
            }
        }
    }

    /// Reads and validates IHDR: size, and a bit depth allowed for the colour type.
    private static func readHeader(_ body: ByteView) throws(ImageError) -> (width: Int, height: Int) {
        guard body.count == 13, let width = body.u32(0), let height = body.u32(4),
              let depth = body.u8(8), let colourType = body.u8(9), let interlace = body.u8(12)
        else { throw .damaged(.png, tr("image header (IHDR) has the wrong length")) }
        guard (1...0x7FFF_FFFF).contains(width), (1...0x7FFF_FFFF).contains(height) else {
            throw .damaged(.png, tr("invalid image size {width}×{height}", ["width": width, "height": height]))
        }
        let depths: [UInt8] = switch colourType {
        case 0: [1, 2, 4, 8, 16]
        case 3: [1, 2, 4, 8]
        case 2, 4, 6: [8, 16]
        default: []
        }
        guard !depths.isEmpty else { throw .damaged(.png, tr("invalid colour type {colourType}", ["colourType": colourType])) }
        guard depths.contains(depth) else {
            throw .damaged(.png, tr("bit depth {depth} is not allowed for colour type {colourType}", ["depth": depth, "colourType": colourType]))
        }
        guard body.u8(10) == 0, body.u8(11) == 0, interlace <= 1 else {
            throw .damaged(.png, tr("unknown compression, filter or interlace method"))
        }
        return (width, height)
    }

    /// A chunk type as text; bytes outside ASCII letters are shown as `?`.
    private static func chunkName(_ type: ByteView) -> String {
        String(decoding: (0..<4).map { i -> UInt8 in
            let byte = type.u8(i) ?? 0x3F
            return (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) ? byte : 0x3F
        }, as: UTF8.self)
    }
}
