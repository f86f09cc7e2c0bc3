/// Source-over compositing of 8-bit pixels in integer arithmetic.
///
/// Every division by 255 rounds to nearest, exactly (`div255`), so 60% black over (192, 128, 64)
/// gives (77, 51, 26) and fully opaque paint gives exactly the paint colour. RGBA destinations
/// hold straight (not premultiplied) alpha and are composited onto their existing alpha
/// (Porter–Duff over); an opaque destination pixel takes the same path as RGB.
public enum Blend {
    /// `x / 255` rounded to nearest, exact for every `x` in 0…255·255.
    @inlinable @inline(__always)
    public static func div255(_ x: UInt32) -> UInt32 {
        let t = x &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// An opacity in 0…1 as an 8-bit alpha, rounded.
    public static func alpha8(_ opacity: Double) -> UInt8 {
        UInt8((min(max(opacity, 0), 1) * 255).rounded())
    }

    /// Paints colour (r, g, b) over `count` pixels starting at `dst`, pixel `i` with opacity
    /// `alpha[i]` (0…255); pixels with opacity 0 are not written.
    @inlinable
    public static func solid(_ dst: UnsafeMutablePointer<UInt8>, channels: Int, alpha: UnsafePointer<UInt8>,
                             count: Int, r: UInt8, g: UInt8, b: UInt8) {
        let sr = UInt32(r), sg = UInt32(g), sb = UInt32(b)
        if channels == 3 {
            var p = dst
            for i in 0..<count {
                let a = UInt32(alpha[i])
                if a != 0 {
                    let ia = 255 - a
                    p[0] = UInt8(truncatingIfNeeded: div255(sr &* a &+ UInt32(p[0]) &* ia))
                    p[1] = UInt8(truncatingIfNeeded: div255(sg &* a &+ UInt32(p[1]) &* ia))
                    p[2] = UInt8(truncatingIfNeeded: div255(sb &* a &+ UInt32(p[2]) &* ia))
                }
                p += 3
            }
        } else {
            var p = dst
            for i in 0..<count {
                let a = UInt32(alpha[i])
                if a != 0 { overRGBA(p, sr, sg, sb, a) }
                p += 4
            }
        }
    }

    /// What painting (r, g, b) at opacity `alpha` makes of each destination sample value:
    /// 256 results for red, then green, then blue. Painting a shape's inside through it costs a
    /// lookup per sample.
    public static func table(r: UInt8, g: UInt8, b: UInt8, alpha: UInt8) -> [UInt8] {
        let a = UInt32(alpha), ia = 255 - a
        return [r, g, b].flatMap { c in
            (0..<256).map { d in UInt8(truncatingIfNeeded: div255(UInt32(c) * a + UInt32(d) * ia)) }
        }
    }

    /// Paints (r, g, b) at one opacity `alpha` over `count` pixels, through `table` (made by
    /// `table(r:g:b:alpha:)` for the same colour and opacity) wherever the pixel is opaque.
    @inlinable
    public static func uniform(_ dst: UnsafeMutablePointer<UInt8>, channels: Int, count: Int,
                               table: UnsafePointer<UInt8>, r: UInt8, g: UInt8, b: UInt8, alpha: UInt8) {
        var p = dst
        if channels == 3 {
            for _ in 0..<count {
                p[0] = table[Int(p[0])]
                p[1] = table[256 + Int(p[1])]
                p[2] = table[512 + Int(p[2])]
                p += 3
            }
        } else {
            for _ in 0..<count {
                if p[3] == 255 {
                    p[0] = table[Int(p[0])]
                    p[1] = table[256 + Int(p[1])]
                    p[2] = table[512 + Int(p[2])]
                } else {
                    overRGBA(p, UInt32(r), UInt32(g), UInt32(b), UInt32(alpha))
                }
                p += 4
            }
        }
    }

    /// Covers `count` pixels with opaque (r, g, b).
    @inlinable
    public static func fill(_ dst: UnsafeMutablePointer<UInt8>, channels: Int, count: Int, r: UInt8, g: UInt8, b: UInt8) {
        var p = dst
        for _ in 0..<count {
            p[0] = r; p[1] = g; p[2] = b
            if channels == 4 { p[3] = 255 }
            p += channels
        }
    }

    /// Paints `count` premultiplied BGRA pixels (a colour glyph's row) over the pixels at `dst`.
    @inlinable
    public static func premultipliedBGRA(_ dst: UnsafeMutablePointer<UInt8>, channels: Int,
                                         source: UnsafePointer<UInt8>, count: Int) {
        var p = dst, s = source
        for _ in 0..<count {
            let a = UInt32(s[3])
            if a != 0 || s[0] | s[1] | s[2] != 0 {
                // Premultiplied colour c·a/255 back to straight, for the straight-alpha path.
                let b = UInt32(s[0]), g = UInt32(s[1]), r = UInt32(s[2])
                if channels == 3 || p[3] == 255 {
                    let ia = 255 - a
                    p[0] = UInt8(truncatingIfNeeded: min(255, div255(r &* 255 &+ UInt32(p[0]) &* ia)))
                    p[1] = UInt8(truncatingIfNeeded: min(255, div255(g &* 255 &+ UInt32(p[1]) &* ia)))
                    p[2] = UInt8(truncatingIfNeeded: min(255, div255(b &* 255 &+ UInt32(p[2]) &* ia)))
                    if channels == 4 { p[3] = 255 }
                } else if a != 0 {
                    // Straight c·a·255 equals premultiplied·255².
                    overRGBA(p, r, g, b, a, weight: 65025)
                }
            }
            p += channels
            s += 4
        }
    }

    /// One RGBA pixel: colour (sr, sg, sb) at opacity `a` over the straight-alpha pixel at `p`.
    /// The colour is straight, or, with `weight` 255², premultiplied by `a` (as colour glyphs come).
    @inlinable @inline(__always)
    public static func overRGBA(_ p: UnsafeMutablePointer<UInt8>, _ sr: UInt32, _ sg: UInt32, _ sb: UInt32,
                                _ a: UInt32, weight: UInt32? = nil) {
        let da = UInt32(p[3]), ia = 255 - a
        if da == 255 && weight == nil {
            p[0] = UInt8(truncatingIfNeeded: div255(sr &* a &+ UInt32(p[0]) &* ia))
            p[1] = UInt8(truncatingIfNeeded: div255(sg &* a &+ UInt32(p[1]) &* ia))
            p[2] = UInt8(truncatingIfNeeded: div255(sb &* a &+ UInt32(p[2]) &* ia))
            return
        }
        // Porter–Duff over with straight alpha, in units of 1/255²:
        // Aout = a·255 + da·(255 − a);  Cout = (c·a·255 + dc·da·(255 − a)) / Aout.
        let outA = a &* 255 &+ da &* ia
        let wd = da &* ia, half = outA / 2
        let ka = weight ?? a &* 255
        func mix(_ s: UInt32, _ d: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: min(255, (s &* ka &+ UInt32(d) &* wd &+ half) / outA))
        }
        p[0] = mix(sr, p[0])
        p[1] = mix(sg, p[1])
        p[2] = mix(sb, p[2])
        p[3] = UInt8(truncatingIfNeeded: div255(outA))
    }
}
