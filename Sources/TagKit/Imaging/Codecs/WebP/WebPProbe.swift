/// Reads a WebP's size, animation, ICC and EXIF orientation from its RIFF chunks, decoding nothing.
///
/// A WebP is `RIFF` size `WEBP` then chunks (four-letter type, little-endian size, data padded to
/// an even length): a simple file is one `VP8 ` (lossy) or `VP8L` (lossless) chunk; an extended
/// one starts with `VP8X` (canvas size and flags) and may carry `ICCP`, `EXIF`, `ANIM`, `ALPH`.
enum WebPProbe {
    static func probe(_ data: ByteView) throws(ImageError) -> ImageInfo {
        func damaged(_ reason: String) -> ImageError { .damaged(.webp, reason) }
        guard let riffSize = data.u32(4, littleEndian: true), riffSize >= 4 else { throw damaged(tr("the RIFF header is truncated")) }
        let end = min(data.count, 8 + riffSize)
        var pos = 12
        var size: (width: Int, height: Int)?
        var orientation = Orientation.upright
        var hasICC = false
        while pos + 8 <= end {
            guard let type = data.slice(pos, length: 4), let length = data.u32(pos + 4, littleEndian: true) else { break }
            let name = String(decoding: UnsafeRawBufferPointer(type.bytes), as: UTF8.self)
            guard let body = data.slice(pos + 8, length: min(length, max(0, end - pos - 8))) else { break }
            if body.count < length && (name == "VP8 " || name == "VP8L" || name == "VP8X") && size == nil {
                throw damaged(tr("chunk {name} is truncated", ["name": name]))
            }
            switch name {
            case "VP8X":
                guard let flags = body.u8(0), let w = u24(body, 4), let h = u24(body, 7) else { throw damaged(tr("VP8X chunk is too short")) }
                if flags & 0x02 != 0 { throw .unsupported(.webp, tr("an animated WebP; tagproj reads still pictures only")) }
                hasICC = flags & 0x20 != 0
                size = (w + 1, h + 1)
            case "ANIM", "ANMF":
                throw .unsupported(.webp, tr("an animated WebP; tagproj reads still pictures only"))
            case "VP8 " where size == nil:
                guard body.matches([0x9D, 0x01, 0x2A], at: 3), let w = body.u16(6, littleEndian: true),
                      let h = body.u16(8, littleEndian: true)
                else { throw damaged(tr("the VP8 frame header is missing")) }
                size = (w & 0x3FFF, h & 0x3FFF)
            case "VP8L" where size == nil:
                guard body.u8(0) == 0x2F, let bits = body.u32(1, littleEndian: true) else {
                    throw damaged(tr("the VP8L header is missing"))
                }
                size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "EXIF":
                let tiff = body.matches(Array("Exif".utf8), at: 0) ? body.slice(6, length: max(0, body.count - 6)) : body
                if let tiff { orientation = Orientation(inTIFF: tiff) }
            default:
                break
            }
            pos += 8 + length + (length & 1)
        }
        guard let size else { throw damaged(tr("no VP8, VP8L or VP8X image chunk")) }
        guard size.width > 0, size.height > 0 else { throw damaged(tr("invalid image size {width}×{height}", ["width": size.width, "height": size.height])) }
        return ImageInfo(format: .webp, storedWidth: size.width, storedHeight: size.height, orientation: orientation, hasICC: hasICC)
    }

    private static func u24(_ data: ByteView, _ offset: Int) -> Int? {
        guard let a = data.u8(offset), let b = data.u8(offset + 1), let c = data.u8(offset + 2) else { return nil }
        return Int(a) | Int(b) << 8 | Int(c) << 16
    }
}
