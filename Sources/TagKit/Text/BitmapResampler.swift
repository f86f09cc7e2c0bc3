import Glibc  // libm: rounding in the filters (TagKit does not link Foundation, which would bring it)

/// Resamples a small bitmap by a scale factor with a subpixel offset, for colour emoji strikes.
///
/// Separable: rows, then columns. Shrinking averages the source area each target pixel covers
/// (a box filter, exact for any factor); enlarging interpolates linearly between source pixel
/// centres. Outside the source counts as transparent, so edges come out antialiased. Works on
/// premultiplied pixels, where averaging is correct, and keeps them premultiplied.
struct BitmapResampler {
    /// Target pixels per source pixel.
    let scale: Double
    /// Where the source's left edge falls inside the target's first column, in [0, 1).
    let offsetX: Double
    /// Where the source's top edge falls inside the target's first row, in [0, 1).
    let offsetY: Double

    /// The resampled bitmap; `channels` bytes per pixel, row-major, top row first.
    func resample(_ pixels: [UInt8], width: Int, height: Int, channels: Int) -> (pixels: [UInt8], width: Int, height: Int) {
        let columns = taps(count: width, offset: offsetX)
        let rows = taps(count: height, offset: offsetY)
        let outWidth = columns.count, outHeight = rows.count
        guard width > 0, height > 0, outWidth > 0, outHeight > 0 else { return ([], 0, 0) }
        // Horizontal pass: height × outWidth.
        var wide = [Float](repeating: 0, count: height * outWidth * channels)
        for y in 0..<height {
            for (x, filter) in columns.enumerated() {
                for (source, weight) in filter {
                    let s = (y * width + source) * channels, d = (y * outWidth + x) * channels
                    for c in 0..<channels { wide[d + c] += Float(pixels[s + c]) * weight }
                }
            }
        }
        // Vertical pass: outHeight × outWidth.
        var out = [UInt8](repeating: 0, count: outHeight * outWidth * channels)
        var sums = [Float](repeating: 0, count: channels)
        for (y, filter) in rows.enumerated() {
            for x in 0..<outWidth {
                for c in 0..<channels { sums[c] = 0 }
                for (source, weight) in filter {
                    let s = (source * outWidth + x) * channels
                    for c in 0..<channels { sums[c] += wide[s + c] * weight }
                }
                let d = (y * outWidth + x) * channels
                for c in 0..<channels { out[d + c] = UInt8(max(0, min(255, sums[c].rounded()))) }
                if channels == 4 {
                    // Rounding must not leave a colour brighter than its alpha allows.
                    for c in 0..<3 { out[d + c] = min(out[d + c], out[d + 3]) }
                }
            }
        }
        return (out, outWidth, outHeight)
    }

    /// For each target pixel along one axis, the source pixels it draws on and their weights.
    func taps(count: Int, offset: Double) -> [[(Int, Float)]] {
        let outCount = Int((offset + Double(count) * scale).rounded(.up))
        return (0..<max(0, outCount)).map { d in
            scale < 1 ? areaTaps(d, count: count, offset: offset) : linearTaps(d, count: count, offset: offset)
        }
    }

    /// Shrinking: the overlap of each source pixel with the target pixel's footprint, times `scale`.
    private func areaTaps(_ d: Int, count: Int, offset: Double) -> [(Int, Float)] {
        let from = (Double(d) - offset) / scale, to = (Double(d) + 1 - offset) / scale
        let first = max(0, Int(from.rounded(.down))), last = min(count - 1, Int(to.rounded(.up)) - 1)
        guard first <= last else { return [] }
        return (first...last).compactMap { s in
            let overlap = min(to, Double(s + 1)) - max(from, Double(s))
            return overlap > 0 ? (s, Float(overlap * scale)) : nil
        }
    }

    /// Enlarging: linear interpolation between the two source pixel centres around the target's centre.
    private func linearTaps(_ d: Int, count: Int, offset: Double) -> [(Int, Float)] {
        let u = (Double(d) + 0.5 - offset) / scale - 0.5
        let s0 = Int(u.rounded(.down)), fraction = u - Double(s0)
        return [(s0, 1 - fraction), (s0 + 1, fraction)].compactMap { s, w in
            (0..<count).contains(s) && w > 0 ? (s, Float(w)) : nil
        }
    }
}
