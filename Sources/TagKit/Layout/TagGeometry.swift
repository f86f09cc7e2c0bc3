/// The shapes of one tag in the pixel space of a picture of a given size: what `Render` fills.
///
/// Built from `TagStyle` alone (plus the label's measured width), so placement and drawing agree
/// exactly, at any output size.
public struct TagGeometry: Equatable, Sendable {
    /// Tag height in pixels.
    public let height: Double
    /// Font size (pixels per em) of the label.
    public let fontSize: Double
    /// Centre of the anchor dot.
    public let dotCentre: Point
    public let ringRadius: Double
    public let discRadius: Double
    /// The bubble: rounded body plus the concave tail toward the dot.
    public let bubble: Path
    /// Where the label's text begins (left end of its advance) and the vertical centre of the body.
    public let textStart: Point
    /// The whole tag, dot and bubble.
    public let bounds: Rect

    /// Lays out a tag whose dot is at `anchor` on a `size` picture.
    /// `labelEm` is the label's advance width in em.
    public init(anchor: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize) {
        let h = TagStyle.heightOfShorterSide * Double(size.shorterSide)
        let font = TagStyle.fontSizeOfShorterSide * Double(size.shorterSide)
        let body = TagGeometry.bodyWidth(labelEm: labelEm)
        let o = Point(anchor.x * Double(size.width), anchor.y * Double(size.height))
        let dir = side == .right ? 1.0 : -1.0
        // Tag units (h, origin at the dot, x toward the bubble) to pixels.
        func p(_ x: Double, _ y: Double) -> Point { Point(o.x + dir * x * h, o.y + y * h) }

        height = h
        fontSize = font
        dotCentre = o
        ringRadius = TagStyle.ringRadius * h
        discRadius = TagStyle.discRadius * h

        let s = TagStyle.self
        let near = s.bodyStart, far = s.bodyStart + body, top = s.bubbleTop, bottom = s.bubbleBottom
        let r = s.cornerRadius, tip = s.tailTip, half = s.tailTipThickness / 2
        var path = Path(start: p(near + r, top))
        path.line(p(far - r, top))
        path.corner(to: p(far, top + r), centre: p(far - r, top + r))
        path.line(p(far, bottom - r))
        path.corner(to: p(far - r, bottom), centre: p(far - r, bottom - r))
        path.line(p(near + 0.08, bottom))
        // Lower edge of the tail: along the bottom, then rising gently to the tip.
        path.cubic(p(near - 0.12, bottom), p(tip.x + 0.07, bottom - 0.03), p(tip.x, tip.y + half))
        path.cubic(p(tip.x - 0.02, tip.y + half), p(tip.x - 0.02, tip.y - half), p(tip.x, tip.y - half))
        // Upper edge: the concave sweep back up to the body's near edge.
        path.cubic(p(0.47, -0.02), p(near - 0.01, -0.25), p(near, s.tailTop))
        path.line(p(near, top + r))
        path.corner(to: p(near + r, top), centre: p(near + r, top + r))
        bubble = path

        let textX = near + max(s.textPadding, (body - labelEm * font / h) / 2)
        let startX = side == .right ? o.x + textX * h : o.x - (textX * h + labelEm * font)
        textStart = Point(startX, o.y + (top + bottom) / 2 * h)

        let e = TagStyle.extent(bodyWidth: body)
        let xs = [o.x + dir * e.near * h, o.x + dir * e.far * h]
        bounds = Rect(minX: xs.min()!, minY: o.y + e.top * h, maxX: xs.max()!, maxY: o.y + e.bottom * h)
    }

    /// Width of the bubble's body, in tag heights, for a label `labelEm` em wide.
    static func bodyWidth(labelEm: Double) -> Double {
        let text = labelEm * TagStyle.fontSizeOfShorterSide / TagStyle.heightOfShorterSide
        return max(TagStyle.minimumBodyWidth, text + 2 * TagStyle.textPadding)
    }
}
