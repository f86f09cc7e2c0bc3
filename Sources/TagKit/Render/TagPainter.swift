/// Draws tags onto pixels: the bubble, the ring, the shaded disc, then the label, antialiased, in
/// `TagStyle`'s colours.
///
/// Pure: painting reads a tag's geometry and glyphs and writes only into the band it is given,
/// only inside the tag's bounds. To stream a picture, prepare each tag once and paint every band:
///
/// ```swift
/// let prepared = tags.map { TagPainter.prepare($0.geometry, glyphs: $0.glyphs, picture: size) }
/// for band in bands { TagPainter.paint(prepared, into: band) }
/// ```
public enum TagPainter {
    /// Rasterizes a tag's shapes into opacity masks, once, for a picture of `picture`'s size.
    ///
    /// The ring covers the outer disc minus the inner one, weighted so that with the opaque disc
    /// painted over it each edge pixel gets ring and disc in proportion to their areas (see
    /// `CoverageMask.ring(inside:)`). Glyphs are cut to the tag's bounds: nothing is ever drawn
    /// outside `geometry.bounds`. The bubble takes `kind`'s colour, so dish and price tags are told
    /// apart at a glance; the shape is the same. With `priceSplit` (a dish carrying its price) the
    /// one bubble is filled in two parts, the dish's colour on the name's side of the split and
    /// the price's colour on the price's, cut at the pixel column nearest the split.
    public static func prepare(_ geometry: TagGeometry, glyphs: [PlacedGlyph], picture: PictureSize, kind: Kind = .dish,
                               priceSplit: TagDrawing.PriceSplit? = nil) -> PreparedTag {
        let clip = bounds(geometry, picture: picture)
        var layers: [PreparedTag.Layer] = []

        /// Adds a mask whose values are opacities already.
        func solid(_ m: CoverageMask, _ colour: RGBA) {
            if m.bounds.isEmpty || m.peak == 0 { return }
            let table = m.peak < 255 ? Blend.table(r: colour.r, g: colour.g, b: colour.b, alpha: m.peak) : nil
            layers.append(.mask(m, r: colour.r, g: colour.g, b: colour.b, rowColours: nil, table: table))
        }

        func bubble(_ colour: RGBA, in area: PixelRect) {
            solid(Rasterizer.coverage(of: geometry.bubble, clippedTo: area, opacity: Blend.alpha8(colour.alpha)), colour)
        }
        if let priceSplit {
            let x = min(max(Int(priceSplit.x.rounded()), clip.x0), clip.x1)
            let left = PixelRect(x0: clip.x0, y0: clip.y0, x1: x, y1: clip.y1), right = PixelRect(x0: x, y0: clip.y0, x1: clip.x1, y1: clip.y1)
            let (dish, price) = priceSplit.priceOnTheRight ? (left, right) : (right, left)
            bubble(TagStyle.bubbleColor(for: .dish), in: dish)
            bubble(TagStyle.bubbleColor(for: .price), in: price)
        } else {
            bubble(TagStyle.bubbleColor(for: kind), in: clip)
        }

        let centre = geometry.dotCentre
        let outer = Rasterizer.coverage(of: .circle(centre: centre, radius: geometry.ringRadius), clippedTo: clip)
        let disc = Rasterizer.coverage(of: .circle(centre: centre, radius: geometry.discRadius), clippedTo: clip)
        let ring = TagStyle.ringColor
        solid(outer.ring(inside: disc).scaled(by: Blend.alpha8(ring.alpha)), ring)
        if !disc.bounds.isEmpty {
            let shade = discShade(rows: disc.bounds.y0..<disc.bounds.y1, centreY: centre.y, radius: geometry.discRadius)
            let top = TagStyle.discTopColor
            layers.append(.mask(disc.scaled(by: Blend.alpha8(top.alpha)), r: top.r, g: top.g, b: top.b,
                                rowColours: shade, table: nil))
        }

        let text = TagStyle.textColor, textAlpha = Blend.alpha8(text.alpha)
        for glyph in glyphs where !glyph.bounds.intersection(clip).isEmpty {
            if glyph.isColor {
                layers.append(.color(glyph.clipped(to: clip)))
            } else {
                solid(glyph.coverageMask(alpha: textAlpha, clip: clip), text)
            }
        }
        return PreparedTag(bounds: clip, layers: layers)
    }

    /// Every pixel a tag of `geometry` can paint in a picture of `picture`'s size: the bounds of
    /// what `prepare` makes of it, without rasterizing anything.
    public static func bounds(_ geometry: TagGeometry, picture: PictureSize) -> PixelRect {
        PixelRect(enclosing: geometry.bounds).intersection(PixelRect(picture))
    }

    /// Paints the parts of `tags` that lie in `band`, in order (a later tag over an earlier one).
    public static func paint(_ tags: [PreparedTag], into band: RowBand) {
        for tag in tags { tag.paint(into: band) }
    }

    /// Prepares and paints one tag: for a picture painted in one piece.
    public static func paint(_ geometry: TagGeometry, glyphs: [PlacedGlyph], picture: PictureSize, into band: RowBand) {
        prepare(geometry, glyphs: glyphs, picture: picture).paint(into: band)
    }

    /// The disc's vertical shade: for each pixel row, `TagStyle.discTopColor` blended toward
    /// `discBottomColor` by how far the row's centre lies down the disc; three bytes per row.
    static func discShade(rows: Range<Int>, centreY: Double, radius: Double) -> [UInt8] {
        let top = TagStyle.discTopColor, bottom = TagStyle.discBottomColor
        func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
        }
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * 3)
        for y in rows {
            let t = min(1, max(0, (Double(y) + 0.5 - (centreY - radius)) / (2 * radius)))
            out += [mix(top.r, bottom.r, t), mix(top.g, bottom.g, t), mix(top.b, bottom.b, t)]
        }
        return out
    }
}
