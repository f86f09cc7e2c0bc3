/// A tag rasterized once into opacity masks, ready to be painted band by band.
///
/// Made by `TagPainter.prepare`. Painting a band blends only the mask rows that fall in it, and
/// within a row only the span that holds paint, so painting a picture in any number of bands costs
/// about as much as painting it once, in proportion to the tag's area, and gives the same pixels.
public struct PreparedTag: Sendable {
    /// One thing to paint: an opacity mask with its colour, or a colour glyph.
    enum Layer: Sendable {
        /// A mask painted in one colour, or (`rowColours`, three bytes per mask row) a vertical
        /// gradient; `table` is `Blend.table` for the colour at the mask's peak opacity.
        case mask(CoverageMask, r: UInt8, g: UInt8, b: UInt8, rowColours: [UInt8]?, table: [UInt8]?)
        /// A premultiplied BGRA image.
        case color(PlacedGlyph)

        var bounds: PixelRect {
            switch self {
            case .mask(let m, _, _, _, _, _): return m.bounds
            case .color(let g): return g.bounds
            }
        }
    }

    /// Every pixel painting can write: the tag's bounds, cut to the picture.
    public let bounds: PixelRect
    /// In painting order.
    let layers: [Layer]

    init(bounds: PixelRect, layers: [Layer]) {
        self.bounds = bounds
        self.layers = layers
    }

    /// Paints the part of the tag that lies in `band`, writing nothing outside it.
    /// - Precondition: `band.width` is the width of the picture the tag was prepared for.
    public func paint(into band: RowBand) {
        let area = bounds.intersection(band.pixelRect)
        guard !area.isEmpty else { return }
        for layer in layers {
            let r = layer.bounds.intersection(area)
            if r.isEmpty { continue }
            switch layer {
            case .mask(let mask, let cr, let cg, let cb, let rowColours, let table):
                PreparedTag.paint(mask, r: cr, g: cg, b: cb, rowColours: rowColours, table: table, rect: r, into: band)
            case .color(let glyph):
                PreparedTag.paint(glyph, rect: r, into: band)
            }
        }
    }

    /// Blends the rows `rect` of `mask` (a rectangle inside both mask and band) in its colour:
    /// the edges pixel by pixel, each row's inside through `table` (or, opaque, as a fill).
    private static func paint(_ mask: CoverageMask, r: UInt8, g: UInt8, b: UInt8, rowColours: [UInt8]?,
                              table: [UInt8]?, rect: PixelRect, into band: RowBand) {
        let mb = mask.bounds, channels = band.channels, peak = mask.peak
        let solidKind = peak == 255 ? 2 : (table != nil && rowColours == nil ? 1 : 0)
        mask.pixels.withUnsafeBufferPointer { alpha in
            (table ?? []).withUnsafeBufferPointer { lookup in
                for y in rect.y0..<rect.y1 {
                    let my = y - mb.y0
                    let span = mask.spans[my]
                    let x0 = max(rect.x0, mb.x0 + Int(span.start)), x1 = min(rect.x1, mb.x0 + Int(span.end))
                    if x0 >= x1 { continue }
                    var (cr, cg, cb) = (r, g, b)
                    if let rowColours { (cr, cg, cb) = (rowColours[3 * my], rowColours[3 * my + 1], rowColours[3 * my + 2]) }
                    let row = band.row(y), alphaRow = alpha.baseAddress! + my * mb.width - mb.x0
                    func blend(_ from: Int, _ to: Int) {
                        if from < to {
                            Blend.solid(row + from * channels, channels: channels, alpha: alphaRow + from,
                                        count: to - from, r: cr, g: cg, b: cb)
                        }
                    }
                    // The inside run, cut to the rectangle; the rest blends pixel by pixel.
                    let s0 = min(max(x0, mb.x0 + Int(span.solidStart)), x1)
                    let s1 = max(min(x1, mb.x0 + Int(span.solidEnd)), s0)
                    if solidKind == 0 || s0 >= s1 {
                        blend(x0, x1)
                        continue
                    }
                    blend(x0, s0)
                    if solidKind == 2 {
                        Blend.fill(row + s0 * channels, channels: channels, count: s1 - s0, r: cr, g: cg, b: cb)
                    } else {
                        Blend.uniform(row + s0 * channels, channels: channels, count: s1 - s0,
                                      table: lookup.baseAddress!, r: cr, g: cg, b: cb, alpha: peak)
                    }
                    blend(s1, x1)
                }
            }
        }
    }

    /// Blends the rows `rect` of a colour glyph (a rectangle inside both glyph and band).
    private static func paint(_ glyph: PlacedGlyph, rect: PixelRect, into band: RowBand) {
        let channels = band.channels
        glyph.pixels.withUnsafeBufferPointer { src in
            for y in rect.y0..<rect.y1 {
                let offset = ((y - glyph.y) * glyph.width + (rect.x0 - glyph.x)) * 4
                Blend.premultipliedBGRA(band.row(y) + rect.x0 * channels, channels: channels,
                                        source: src.baseAddress! + offset, count: rect.width)
            }
        }
    }
}
