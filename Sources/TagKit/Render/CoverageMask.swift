/// An 8-bit coverage (alpha) image placed on the picture: what a shape covers of each pixel,
/// 0 (none) to 255 (all).
///
/// Layout: `bounds.width × bounds.height` bytes, row-major, top-left first, no padding; the
/// first byte is picture pixel (`bounds.x0`, `bounds.y0`). Each row also records the span of
/// columns holding non-zero values, so painting skips the empty ends of a row, and its longest run
/// of the mask's peak value (a shape's inside), which painting blends with a table.
public struct CoverageMask: Equatable, Sendable {
    /// The pixels this mask covers, in picture coordinates.
    public let bounds: PixelRect
    /// The coverage values, row-major (see the type's description).
    public private(set) var pixels: [UInt8]
    /// The largest value in the mask: the opacity of the shape's inside.
    private(set) var peak: UInt8 = 0
    /// Per row, columns relative to `bounds.x0`.
    private(set) var spans: [RowSpan]

    /// Where a mask row holds anything: non-zero values lie in `start..<end`, and
    /// `solidStart..<solidEnd` (inside it, possibly empty) is the row's longest run of `peak`.
    struct RowSpan: Sendable {
        var start: Int32, end: Int32, solidStart: Int32, solidEnd: Int32
    }

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
        return CoverageMask(bounds: bounds, pixels: pixels.map { UInt8(truncatingIfNeeded: Blend.div255(UInt32($0) * a)) })
    }

    /// The coverage to paint a ring with, this mask being its outer disc's coverage, when the
    /// opaque `inner` disc is painted over it afterwards.
    ///
    /// The ring covers `outer − inner` of a pixel; the inner disc, painted next with coverage
    /// `inner`, keeps only `1 − inner` of what lies beneath. Painting the ring with
    /// `(outer − inner) / (1 − inner)` makes the two together give each part of the pixel its own
    /// share, with no background bleeding through between ring and disc (plain `outer − inner`
    /// leaves a light seam) and no darkening from the ring under the disc's edge.
    public func ring(inside inner: CoverageMask) -> CoverageMask {
        var copy = self
        for y in bounds.y0..<bounds.y1 {
            for x in bounds.x0..<bounds.x1 {
                let i = (y - bounds.y0) * bounds.width + (x - bounds.x0)
                let o = Int(pixels[i]), d = Int(inner[x, y])
                copy.pixels[i] = d >= 255 || o <= d ? 0 : UInt8(((o - d) * 255 + (255 - d) / 2) / (255 - d))
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

    /// Equal when bounds and every opacity are equal.
    public static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        a.bounds == b.bounds && a.pixels == b.pixels
    }

    private mutating func findSpans() {
        let w = bounds.width
        let top = pixels.max() ?? 0
        peak = top
        spans = pixels.withUnsafeBufferPointer { px in
            (0..<bounds.height).map { row in
                guard let base = px.baseAddress else { return RowSpan(start: 0, end: 0, solidStart: 0, solidEnd: 0) }
                let line = base + row * w
                var start = 0, end = w
                while start < w, line[start] == 0 { start += 1 }
                while end > start, line[end - 1] == 0 { end -= 1 }
                var best = (start, start), x = start
                while x < end {
                    if line[x] != top { x += 1; continue }
                    let runStart = x
                    while x < end, line[x] == top { x += 1 }
                    if x - runStart > best.1 - best.0 { best = (runStart, x) }
                }
                return RowSpan(start: Int32(start), end: Int32(end), solidStart: Int32(best.0), solidEnd: Int32(best.1))
            }
        }
    }
}
