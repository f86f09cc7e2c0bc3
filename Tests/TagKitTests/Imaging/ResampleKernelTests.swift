import CShims
import Foundation
import Testing
@testable import TagKit

extension ImagingTests {
/// The resampling's C loops (`Sources/CShims/resample.c`): the SSE2 build and the AVX2 build give
/// the same bytes, and both give what Lanczos-3 computed in doubles gives, to the rounding.
@Suite struct ResampleKernelTests {
    /// A picture of noise (a fixed linear congruential sequence), so every tap's weight shows.
    private func noise(width: Int, height: Int, channels: Int, seed: UInt32) -> PixelBuffer {
        var state = seed
        let bytes = (0..<(width * height * channels)).map { i -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            // RGBA: alpha from a few levels, 0 among them, so premultiplying is exercised.
            if channels == 4 && i % 4 == 3 { return [0, 64, 200, 255][Int(state >> 30)] }
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return PixelBuffer(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// Each size: larger, a pixel smaller, a little smaller, a third, a big reduction, one column.
    static let sizes = [(211, 140), (156, 92), (149, 90), (52, 31), (13, 9), (1, 40)]

    @Test(arguments: [3, 4])
    func theSSE2AndAVX2LoopsGiveTheSameBytes(channels: Int) {
        let picture = noise(width: 157, height: 93, channels: channels, seed: 7)
        defer { _ = tp_resample_baseline(0) }
        for (w, h) in Self.sizes {
            _ = tp_resample_baseline(1)
            let baseline = picture.resized(width: w, height: h)
            let best = tp_resample_baseline(0)
            let machines = picture.resized(width: w, height: h)
            #expect(baseline.bytes == machines.bytes, "\(w)×\(h), \(channels) channels (AVX2 in use: \(best))")
        }
    }

    @Test(arguments: sizes)
    func theLoopsGiveLanczos3ComputedInDoubles(size: (Int, Int)) {
        let picture = noise(width: 157, height: 93, channels: 3, seed: 11)
        let resized = picture.resized(width: size.0, height: size.1)
        let reference = Self.lanczos3(picture, width: size.0, height: size.1)
        let worst = zip(resized.bytes, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "\(size.0)×\(size.1): a byte differs by \(worst)")
    }

    /// Separable Lanczos-3 as `ResampledRows` documents it, in doubles: across, then down, each
    /// output the normalised sum of the inputs within three (widened) filter widths of its centre.
    static func lanczos3(_ p: PixelBuffer, width: Int, height: Int) -> [UInt8] {
        func taps(from n: Int, to m: Int) -> [(first: Int, weights: [Double])] {
            let scale = Double(n) / Double(m), widen = max(scale, 1), support = 3 * widen
            return (0..<m).map { i in
                let centre = (Double(i) + 0.5) * scale
                let low = max(Int((centre - support).rounded(.down)), 0), high = min(Int((centre + support).rounded(.up)), n)
                let raw = (low..<high).map { j -> Double in
                    let x = (Double(j) + 0.5 - centre) / widen
                    if x == 0 { return 1 }
                    guard abs(x) < 3 else { return 0 }
                    return 3 * sin(Double.pi * x) * sin(Double.pi * x / 3) / (Double.pi * x * Double.pi * x)
                }
                let total = raw.reduce(0, +)
                return (low, raw.map { $0 / total })
            }
        }
        let across = taps(from: p.width, to: width), down = taps(from: p.height, to: height)
        let c = p.channels
        var rows = [[Double]](repeating: [Double](repeating: 0, count: width * c), count: p.height)
        for y in 0..<p.height {
            for (x, tap) in across.enumerated() {
                for (k, w) in tap.weights.enumerated() {
                    for ch in 0..<c { rows[y][x * c + ch] += w * Double(p.bytes[(y * p.width + tap.first + k) * c + ch]) }
                }
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * c)
        for (y, tap) in down.enumerated() {
            for i in 0..<(width * c) {
                let v = tap.weights.enumerated().reduce(0.0) { $0 + $1.element * rows[tap.first + $1.offset][i] }
                out[y * width * c + i] = UInt8(min(max(v.rounded(), 0), 255))
            }
        }
        return out
    }
}
}
