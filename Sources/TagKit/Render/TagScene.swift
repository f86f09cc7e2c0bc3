/// The tags of a project laid out and rasterized for one output size: what export paints.
///
/// Each label is shaped and its glyphs drawn by FreeType at the output's own pixel size (never a
/// scaled bitmap), and each tag's shapes are rasterized once into coverage masks, so painting the
/// picture band by band costs only the blending of the rows each tag covers.
public struct TagScene: Sendable {
    /// The prepared tags, in id order (later ids are painted over earlier ones).
    public let tags: [PreparedTag]
    /// The output picture's size.
    public let size: PictureSize

    /// Lays out `tags` on a picture of `size`.
    ///
    /// The label is measured again with the fonts of this machine, so the bubble fits the text as
    /// drawn; should that make the tag wider than when it was placed, it is kept inside the picture
    /// the same way edits keep it.
    public init(tags: [Tag], settings: ProjectSettings, size: PictureSize, fonts: FontSystem) throws {
        self.size = size
        self.tags = try tags.map { tag in
            let label = tag.label(currency: settings.currency)
            // Shaped once: the font size depends only on the picture, and the width in em follows.
            let fontSize = TagStyle.fontSizeOfShorterSide * Double(size.shorterSide)
            let line = try fonts.shape(label, family: settings.font, pixelSize: fontSize)
            let em = line.advance / fontSize
            let anchor = (try? Placement.fit(tag.anchor, side: tag.side, labelEm: em, size: size)) ?? tag.anchor
            let geometry = TagGeometry(anchor: anchor, side: tag.side, labelEm: em, size: size)
            // The line box (ascender to descender of the faces used) centred on the body.
            let baseline = geometry.textStart.y + (line.ascent - line.descent) / 2
            let glyphs = try fonts.rasterize(line, originX: geometry.textStart.x, baselineY: baseline).map {
                PlacedGlyph(x: $0.left, y: $0.top, width: $0.width, height: $0.height, pixels: $0.pixels, isColor: $0.isColor)
            }
            return TagPainter.prepare(geometry, glyphs: glyphs, picture: size)
        }
    }

    /// Paints every tag's part that falls in `band`.
    public func paint(into band: RowBand) {
        TagPainter.paint(tags, into: band)
    }
}
