/// Just enough PNG for render tests, without libpng: writes 8-bit RGB/RGBA PNGs (stored, uncompressed
/// deflate) for looking at, and reads 8-bit RGB/RGBA non-interlaced PNGs (any deflate) for goldens.
enum MiniPNG {
    struct Image: Equatable {
        var width: Int, height: Int, channels: Int
        var pixels: [UInt8]
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    // MARK: writing

    static func encode(_ image: Image) -> [UInt8] {
        var raw: [UInt8] = []
        let rowBytes = image.width * image.channels
        for y in 0..<image.height {
            raw.append(0)
            raw += image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = i + n == raw.count ? 1 : 0
            z += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        z += be32(adler32(raw))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(image.width)) + be32(UInt32(image.height))
                     + [8, image.channels == 4 ? 6 : 2, 0, 0, 0])
        png += chunk("IDAT", z)
        png += chunk("IEND", [])
        return png
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    // MARK: reading

    static func decode(_ png: [UInt8]) throws -> Image {
        guard png.count > 8, Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure("not a PNG")
        }
        var pos = 8, width = 0, height = 0, channels = 0
        var idat: [UInt8] = []
        func u32(_ p: Int) -> Int { Int(png[p]) << 24 | Int(png[p + 1]) << 16 | Int(png[p + 2]) << 8 | Int(png[p + 3]) }
        while pos + 8 <= png.count {
            let length = u32(pos)
            let type = String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self)
            let data = Array(png[(pos + 8)..<(pos + 8 + length)])
            switch type {
            case "IHDR":
                width = u32(pos + 8); height = u32(pos + 12)
                guard data[8] == 8, data[12] == 0, data[9] == 2 || data[9] == 6 else {
                    throw Failure("only 8-bit non-interlaced RGB/RGBA PNGs are supported")
                }
                channels = data[9] == 6 ? 4 : 3
            case "IDAT": idat += data
            default: break
            }
            pos += 12 + length
        }
        var inflater = Inflater(Array(idat.dropFirst(2)))
        let raw = try inflater.inflate()
        let rowBytes = width * channels
        guard raw.count >= height * (rowBytes + 1) else { throw Failure("image data too short") }
        var out = [UInt8](repeating: 0, count: height * rowBytes)
        for y in 0..<height {
            let filter = raw[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let v = Int(raw[y * (rowBytes + 1) + 1 + x])
                let a = x >= channels ? Int(out[y * rowBytes + x - channels]) : 0
                let b = y > 0 ? Int(out[(y - 1) * rowBytes + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[(y - 1) * rowBytes + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure("bad filter \(filter)")
                }
                out[y * rowBytes + x] = UInt8((v + predicted) & 0xFF)
            }
        }
        return Image(width: width, height: height, channels: channels, pixels: out)
    }
}
