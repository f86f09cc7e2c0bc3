/// An 8-bit coverage (alpha) image placed on the picture: what a shape covers of each pixel,
/// 0 (none) to 255 (all).
///
/// Layout: `bounds.width × bounds.height` bytes, row-major, top-left first, no padding; the
/// first byte is picture pixel (`bounds.x0`, `bounds.y0`). Each row also records the span of
/// columns holding non-zero values, so painting skips the empty ends of a row.
public struct CoverageMask: Equatable, Sendable {
    /// The pixels this mask covers, in picture coordinates.
    public let bounds: PixelRect
    /// The coverage values, row-major (see the type's description).
    public private(set) var pixels: [UInt8]
    /// Per row, the first and one-past-last column (relative to `bounds.x0`) with non-zero coverage;
    /// equal when the row is empty.
    private(set) var spans: [(start: Int32, end: Int32)]

    /// A mask over `bounds` holding `pixels` (`bounds.width × bounds.height` values).
    public init(bounds: PixelRect, pixels: [UInt8]) {
        precondition(pixels.count == bounds.width * bounds.height, "mask pixel count does not match its bounds")
        self.bounds = bounds
        self.pixels = pixels
        self.spans = []
        findSpans()
    }

    /// An empty mask (covers nothing).
    public static let empty = CoverageMask(bounds: PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), pixels: [])

    /// The coverage of picture pixel (x, y): 0 outside the mask.
    public subscript(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x0, x < bounds.x1, y >= bounds.y0, y < bounds.y1 else { return 0 }
        return pixels[(y - bounds.y0) * bounds.width + (x - bounds.x0)]
    }

    /// The sum of all coverage, in pixels (255 counts as one whole pixel).
    public var area: Double {
        Double(pixels.reduce(0) { $0 + Int($1) }) / 255
    }

    /// This mask with every value scaled by `alpha` (0…255), rounded: a shape's coverage turned
    /// into the opacity a translucent paint gives it.
    public func scaled(by alpha: UInt8) -> CoverageMask {
        if alpha == 255 { return self }
        let a = UInt32(alpha)
        var copy = self
        copy.pixels = pixels.map { UInt8(truncatingIfNeeded: Blend.div255(UInt32($0) * a)) }
        copy.findSpans()
        return copy
    }

    /// This mask minus `inner`, clamped at 0: the coverage of a ring from those of its outer and
    /// inner discs, so the ring and the disc add up exactly at their shared edge.
    public func subtracting(_ inner: CoverageMask) -> CoverageMask {
        var copy = self
        for y in bounds.y0..<bounds.y1 {
            for x in bounds.x0..<bounds.x1 {
                let i = (y - bounds.y0) * bounds.width + (x - bounds.x0)
                let v = Int(pixels[i]) - Int(inner[x, y])
                copy.pixels[i] = UInt8(max(0, v))
            }
        }
        copy.findSpans()
        return copy
    }

    /// This mask cut down to the pixels inside `rect`.
    public func clipped(to rect: PixelRect) -> CoverageMask {
        let r = bounds.intersection(rect)
        if r == bounds { return self }
        var out = [UInt8](repeating: 0, count: r.width * r.height)
        for y in r.y0..<r.y1 {
            let src = (y - bounds.y0) * bounds.width + (r.x0 - bounds.x0)
            let dst = (y - r.y0) * r.width
            for i in 0..<r.width { out[dst + i] = pixels[src + i] }
        }
        return CoverageMask(bounds: r, pixels: out)
    }

    public static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        a.bounds == b.bounds && a.pixels == b.pixels
    }

    private mutating func findSpans() {
        let w = bounds.width
        spans = (0..<bounds.height).map { row in
            let base = row * w
            var start = 0, end = w
            while start < w, pixels[base + start] == 0 { start += 1 }
            while end > start, pixels[base + end - 1] == 0 { end -= 1 }
            return (Int32(start), Int32(end))
        }
    }
}
