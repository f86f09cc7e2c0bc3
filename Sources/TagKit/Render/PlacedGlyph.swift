/// One glyph image placed on the picture: 8-bit coverage (alpha mask) or premultiplied BGRA colour,
/// with its top-left pixel position.
///
/// What `Render` needs from text, and nothing more: the caller shapes and rasterizes the label and
/// rounds each glyph's position to whole pixels. Layout of `pixels`: row-major, top-left first, no
/// padding; `width × height` coverage bytes (0…255) when `isColor` is false, otherwise
/// `width × height × 4` bytes of B, G, R, A with colour premultiplied by alpha (as FreeType renders
/// colour emoji). A coverage glyph is painted in `TagStyle.textColor`; a colour glyph in its own colours.
public struct PlacedGlyph: Equatable, Sendable {
    /// Picture column of the glyph image's left pixel.
    public var x: Int
    /// Picture row of the glyph image's top pixel.
    public var y: Int
    /// Width of the bitmap in pixels.
    public var width: Int
    /// Height of the bitmap in pixels.
    public var height: Int
    /// The image (see the type's description for the layout).
    public var pixels: [UInt8]
    /// True for a premultiplied BGRA colour image, false for an 8-bit coverage mask.
    public var isColor: Bool

    /// A glyph image whose top-left pixel is picture pixel (x, y).
    /// - Precondition: `pixels` holds `width × height` bytes, or 4 times that when `isColor`.
    public init(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8], isColor: Bool) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * (isColor ? 4 : 1),
                     "glyph pixel count does not match its size")
        self.x = x; self.y = y; self.width = width; self.height = height
        self.pixels = pixels; self.isColor = isColor
    }

    /// The picture pixels the image covers.
    public var bounds: PixelRect { PixelRect(x0: x, y0: y, x1: x + width, y1: y + height) }

    /// The coverage image as a mask on the picture, scaled by `alpha` and cut to `clip`.
    func coverageMask(alpha: UInt8, clip: PixelRect) -> CoverageMask {
        CoverageMask(bounds: bounds, pixels: pixels).scaled(by: alpha).clipped(to: clip)
    }

    /// The colour image cut to `clip`.
    func clipped(to clip: PixelRect) -> PlacedGlyph {
        let r = bounds.intersection(clip)
        if r == bounds { return self }
        var out = [UInt8]()
        out.reserveCapacity(r.width * r.height * 4)
        for row in r.y0..<r.y1 {
            let start = ((row - y) * width + (r.x0 - x)) * 4
            out.append(contentsOf: pixels[start..<(start + r.width * 4)])
        }
        return PlacedGlyph(x: r.x0, y: r.y0, width: r.width, height: r.height, pixels: out, isColor: true)
    }
}
