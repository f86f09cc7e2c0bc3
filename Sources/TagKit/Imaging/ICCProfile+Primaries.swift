/// ICC profiles built from a colour description (primaries, white point, transfer curve), as
/// LittleCMS's `cmsCreateRGBProfile` builds them: for an HEIF picture described by `nclx` rather
/// than by a profile of its own, so that a Display P3 photo stays Display P3 in the output.
extension ICCProfile {
    /// Chromaticities (CIE xy) of three primaries and a white point.
    struct Primaries {
        var red: (x: Double, y: Double)
        var green: (x: Double, y: Double)
        var blue: (x: Double, y: Double)
        var white: (x: Double, y: Double)

        static let d65 = (x: 0.3127, y: 0.3290)
        /// ITU-R BT.709, the primaries of sRGB (H.273 colour primaries 1).
        static let bt709 = Primaries(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: d65)
        /// SMPTE EG 432-1, Display P3: DCI-P3's primaries with a D65 white (H.273 colour primaries 12).
        static let displayP3 = Primaries(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
        /// ITU-R BT.2020 (H.273 colour primaries 9).
        static let bt2020 = Primaries(red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: d65)
    }

    /// The profile to give pixels that an `nclx` box describes with H.273 colour `primaries` and
    /// `transfer` characteristics, or `nil` when none is needed or none is made.
    ///
    /// BT.709/sRGB primaries (1) or unspecified ones (2) need none: untagged pixels are taken as
    /// sRGB. Display P3 (12) and BT.2020 (9) with the sRGB curve (13) or a linear one (8) get a
    /// profile of those primaries and that curve. Other curves (BT.709's camera curve, PQ, HLG)
    /// get none: they are not display curves an ICC matrix profile describes faithfully.
    static func describing(nclxPrimaries primaries: Int, transfer: Int) -> [UInt8]? {
        let gamut: Primaries
        switch primaries {
        case 12: gamut = .displayP3
        case 9: gamut = .bt2020
        default: return nil
        }
        switch transfer {
        case 13: return matrixProfile(gamut, curve: .sRGB, description: primaries == 12 ? "Display P3" : "BT.2020 (sRGB curve)")
        case 8: return matrixProfile(gamut, curve: .linear, description: primaries == 12 ? "Display P3 (linear)" : "BT.2020 (linear)")
        default: return nil
        }
    }

    /// A transfer curve as ICC's parametric curve of type 3: `Y = (aX + b)^g` for `X ≥ d`, else `cX`.
    struct Curve {
        var g, a, b, c, d: Double
        /// IEC 61966-2-1 (sRGB).
        static let sRGB = Curve(g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045)
        /// Linear light.
        static let linear = Curve(g: 1, a: 1, b: 0, c: 1, d: 0)
    }

    /// The RGB-to-XYZ matrix of `primaries`, adapted to the ICC's D50 white with the Bradford
    /// transform: its columns are the red, green and blue colorants of a matrix profile.
    static func colorants(_ primaries: Primaries) -> [[Double]] {
        func xyz(_ p: (x: Double, y: Double)) -> [Double] { [p.x / p.y, 1, (1 - p.x - p.y) / p.y] }
        let columns = [xyz(primaries.red), xyz(primaries.green), xyz(primaries.blue)]
        let m = (0..<3).map { row in columns.map { $0[row] } }
        let scale = multiply(invert(m), [xyz(primaries.white)].transposed)  // each primary's share of white
        let toXYZ = (0..<3).map { row in (0..<3).map { m[row][$0] * scale[$0][0] } }
        return multiply(adaptation(from: xyz(primaries.white), to: d50), toXYZ)
    }

    /// D50, the ICC's profile connection white (ICC.1 7.2.16).
    static let d50 = [0.9642, 1.0, 0.8249]

    /// The Bradford chromatic adaptation from white `source` to white `target` (both XYZ).
    static func adaptation(from source: [Double], to target: [Double]) -> [[Double]] {
        let bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let s = multiply(bradford, [source].transposed), t = multiply(bradford, [target].transposed)
        let gain = (0..<3).map { row in (0..<3).map { $0 == row ? t[row][0] / s[row][0] : 0 } }
        return multiply(invert(bradford), multiply(gain, bradford))
    }

    /// A version 4 display profile (ICC.1:2010) of `primaries` and `curve`: description,
    /// copyright, media white (D50), chromatic adaptation, colorants and one curve for all three.
    static func matrixProfile(_ primaries: Primaries, curve: Curve, description: String) -> [UInt8] {
        let matrix = colorants(primaries)
        let adapt = adaptation(from: [primaries.white.x / primaries.white.y, 1,
                                      (1 - primaries.white.x - primaries.white.y) / primaries.white.y], to: d50)
        let trc = ICCWriter.bytes("para") + [0, 0, 0, 0] + [0, 3, 0, 0] + [curve.g, curve.a, curve.b, curve.c, curve.d].flatMap(ICCWriter.s15Fixed16)
        let tags: [(String, [UInt8])] = [
            ("desc", ICCWriter.multiLocalized(description)),
            ("cprt", ICCWriter.multiLocalized("No copyright, use freely")),
            ("wtpt", ICCWriter.xyz(d50)),
            ("chad", ICCWriter.bytes("sf32") + [0, 0, 0, 0] + adapt.joined().flatMap(ICCWriter.s15Fixed16)),
            ("rXYZ", ICCWriter.xyz(matrix.map { $0[0] })),
            ("gXYZ", ICCWriter.xyz(matrix.map { $0[1] })),
            ("bXYZ", ICCWriter.xyz(matrix.map { $0[2] })),
            ("rTRC", trc), ("gTRC", trc), ("bTRC", trc),
        ]
        return ICCWriter.profile(tags)
    }

    private static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        a.map { row in (0..<b[0].count).map { j in (0..<b.count).reduce(0) { $0 + row[$1] * b[$1][j] } } }
    }

    private static func invert(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2]), (d, e, f) = (m[1][0], m[1][1], m[1][2]), (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [[e * i - f * h, c * h - b * i, b * f - c * e],
                [f * g - d * i, a * i - c * g, c * d - a * f],
                [d * h - e * g, b * g - a * h, a * e - b * d]].map { $0.map { $0 / det } }
    }
}

private extension Array where Element == [Double] {
    var transposed: [[Double]] { (0..<self[0].count).map { j in self.map { $0[j] } } }
}

/// The byte layout of ICC profiles (ICC.1:2010): big-endian numbers, tag data 4-byte aligned,
/// identical tag data written once and shared.
enum ICCWriter {
    static func bytes(_ signature: String) -> [UInt8] { Array(signature.utf8) }

    static func u32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }

    static func u16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }

    /// A signed 15.16 fixed-point number, rounded.
    static func s15Fixed16(_ v: Double) -> [UInt8] { u32(Int((v * 65536).rounded())) }

    /// `XYZType` of one XYZ value.
    static func xyz(_ v: [Double]) -> [UInt8] { bytes("XYZ ") + [0, 0, 0, 0] + v.flatMap(s15Fixed16) }

    /// `multiLocalizedUnicodeType` with one en-US record.
    static func multiLocalized(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { u16(Int($0)) }
        return bytes("mluc") + [0, 0, 0, 0] + u32(1) + u32(12) + bytes("enUS") + u32(utf16.count) + u32(28) + utf16
    }

    /// The whole profile: header, tag table, tag data.
    static func profile(_ tags: [(String, [UInt8])]) -> [UInt8] {
        var data: [UInt8] = [], table: [UInt8] = [], placed: [[UInt8]: Int] = [:]
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, content) in tags {
            let offset: Int
            if let shared = placed[content] {
                offset = shared
            } else {
                offset = dataStart + data.count
                placed[content] = offset
                data += content + [UInt8](repeating: 0, count: (4 - content.count % 4) % 4)
            }
            table += bytes(signature) + u32(offset) + u32(content.count)
        }
        let size = dataStart + data.count
        var header = u32(size) + [0, 0, 0, 0] + [4, 0x30, 0, 0] + bytes("mntr") + bytes("RGB ") + bytes("XYZ ")
        header += [2026, 1, 1, 0, 0, 0].flatMap(u16) + bytes("acsp") + [UInt8](repeating: 0, count: 4 + 4 + 4 + 4 + 8)
        header += u32(0) + ICCProfile.d50.flatMap(s15Fixed16) + [UInt8](repeating: 0, count: 4 + 16 + 28)
        precondition(header.count == 128, "ICC header is 128 bytes")
        return header + u32(tags.count) + table + data
    }
}
