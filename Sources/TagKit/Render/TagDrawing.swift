/// One tag ready to be drawn: its shapes in the output's pixel space and its label's glyphs,
/// already rasterized and placed. Render draws exactly this, and knows nothing about fonts.
public struct TagDrawing: Sendable {
    /// The dot, ring and bubble.
    public var geometry: TagGeometry
    /// The label's glyphs, placed in the picture.
    public var glyphs: [PlacedGlyph]
    /// Dish or price: the bubble's colour (`TagStyle.bubbleColor(for:)`).
    public var kind: Kind

    /// A drawing of `geometry` with `glyphs`, coloured for `kind`.
    public init(geometry: TagGeometry, glyphs: [PlacedGlyph], kind: Kind = .dish) {
        self.geometry = geometry
        self.glyphs = glyphs
        self.kind = kind
    }
}
