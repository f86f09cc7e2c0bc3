// Builders for hand-made image headers: just enough structure for the probe, no pixel data.
import FuzzBodies

enum SyntheticJPEG {
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// An EXIF APP1 payload whose IFD0 holds one orientation entry (plus a decoy entry before it).
    static func exif(orientation: Int, littleEndian: Bool, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] {
            let be: [UInt8] = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return littleEndian ? be.reversed() : be
        }
        var tiff: [UInt8] = littleEndian ? [0x49, 0x49, 0x2A, 0x00] : [0x4D, 0x4D, 0x00, 0x2A]
        tiff += u32(8) + u16(2)
        tiff += u16(0x010F) + u16(2) + u32(4) + u32(0)  // Make, ASCII: ignored
        tiff += u16(0x0112) + u16(type) + u32(1) + u16(orientation) + u16(0)
        tiff += u32(0)
        return Array("Exif\0\0".utf8) + tiff
    }

    /// SOI, optional APP segments, a frame header of the given SOF marker, SOS, a little data, EOI.
    static func header(width: Int, height: Int, sof: UInt8 = 0xC0, components: UInt8 = 3,
                       precision: UInt8 = 8, app: [[UInt8]] = []) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for segment in app { bytes += segment }
        var frame: [UInt8] = [precision, UInt8(height >> 8), UInt8(height & 0xFF),
                              UInt8(width >> 8), UInt8(width & 0xFF), components]
        for c in 0..<components { frame += [c + 1, 0x11, 0] }
        bytes += segment(sof, frame)
        bytes += segment(0xDA, [1, 1, 0, 0, 63, 0])
        bytes += [0x12, 0x34, 0xFF, 0xD9]
        return bytes
    }
}

enum SyntheticPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let n = body.count
        return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            + Array(type.utf8) + body + [0, 0, 0, 0]  // CRC not checked by the probe
    }

    static func ihdr(width: Int, height: Int, depth: UInt8 = 8, colourType: UInt8 = 2) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return chunk("IHDR", be32(width) + be32(height) + [depth, colourType, 0, 0, 0])
    }

    static func file(width: Int, height: Int, depth: UInt8 = 8, colourType: UInt8 = 2,
                     before: [[UInt8]] = []) -> [UInt8] {
        var bytes = signature + ihdr(width: width, height: height, depth: depth, colourType: colourType)
        for c in before { bytes += c }
        return bytes + chunk("IDAT", [0x78, 0x9C]) + chunk("IEND", [])
    }
}

/// The seeded generator of fuzz-style tests, so that they repeat exactly: the fuzz targets' own
/// (`Fuzz/FuzzBodies/SplitMix64.swift`), named here once for every file of this module.
typealias SplitMix = SplitMix64
