/// One tag ready to be drawn: its shapes in the output's pixel space and its label's glyphs,
/// already rasterized and placed. Render draws exactly this, and knows nothing about fonts.
public struct TagDrawing: Sendable {
    /// Where the bubble of a dish carrying its price changes from the dish's colour to the price's.
    public struct PriceSplit: Equatable, Sendable {
        /// The vertical line between the two parts, in pixels of the picture.
        public var x: Double
        /// Whether the price lies right of `x` (the name read left to right) or left of it.
        public var priceOnTheRight: Bool

        /// A split at `x`, the price on the side given.
        public init(x: Double, priceOnTheRight: Bool) { (self.x, self.priceOnTheRight) = (x, priceOnTheRight) }
    }

    /// The dot, ring and bubble.
    public var geometry: TagGeometry
    /// The label's glyphs, placed in the picture.
    public var glyphs: [PlacedGlyph]
    /// Dish or price: the bubble's colour (`TagStyle.bubbleColor(for:)`).
    public var kind: Kind
    /// For a dish carrying its price, where the bubble takes the price's colour; nil otherwise.
    public var priceSplit: PriceSplit?

    /// A drawing of `geometry` with `glyphs`, coloured for `kind` (the price's part of the bubble
    /// past `priceSplit` in the price's colour).
    public init(geometry: TagGeometry, glyphs: [PlacedGlyph], kind: Kind = .dish, priceSplit: PriceSplit? = nil) {
        self.geometry = geometry
        self.glyphs = glyphs
        self.kind = kind
        self.priceSplit = priceSplit
    }
}
