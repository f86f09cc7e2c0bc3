import Glibc

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
    /// Outer radius of the dot's translucent ring, in pixels.
    public let ringRadius: Double
    /// Radius of the dot's white disc, in pixels.
    public let discRadius: Double
    /// The bubble: rounded body plus the concave tail toward the dot.
    public let bubble: Path
    /// Where the label's text begins (left end of its advance) and the vertical centre of the body.
    public let textStart: Point
    /// The whole tag, dot and bubble.
    public let bounds: Rect

    /// Lays out a tag whose dot is at `anchor` on a `size` picture, every length times the
    /// project's tag scale `scale`. `labelEm` is the label's advance width in em.
    public init(anchor: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize, scale: Double = 1) {
        let h = TagStyle.height(on: size, scale: scale)
        let font = TagStyle.fontSize(on: size, scale: scale)
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
        let r = s.cornerRadius, rn = s.nearCornerRadius
        let tip = s.tailTip, waist = s.tailWaist, handle = s.tailHandles
        var path = Path(start: p(near + rn, top))
        path.line(p(far - r, top))
        path.corner(to: p(far, top + r), centre: p(far - r, top + r))
        path.line(p(far, bottom - r))
        path.corner(to: p(far - r, bottom), centre: p(far - r, bottom - r))
        path.line(p(s.tailBase, bottom))
        // Lower edge of the tail: along the bottom, then rising to the tip, vertical there.
        path.cubic(p(s.tailBase - handle.base, bottom), p(tip.x, tip.y + handle.belowTip), p(tip.x, tip.y))
        // Upper edge: up from the tip, through the waist at 45°, concavely into the near corner.
        let diagonal = 0.5.squareRoot()
        path.cubic(p(tip.x, tip.y - handle.aboveTip),
                   p(waist.x - handle.beforeWaist * diagonal, waist.y + handle.beforeWaist * diagonal),
                   p(waist.x, waist.y))
        // Where the tail meets the near upper corner's circle, and the corner's direction there.
        let a = s.tailJoinAngle
        let join = (x: near + rn - rn * sin(a), y: top + rn - rn * cos(a))
        let along = (x: cos(a), y: -sin(a))
        path.cubic(p(waist.x + handle.afterWaist * diagonal, waist.y - handle.afterWaist * diagonal),
                   p(join.x - handle.corner * along.x, join.y - handle.corner * along.y),
                   p(join.x, join.y))
        // The rest of the corner, an arc of `a` radians, up to the body's top edge.
        let k = 4.0 / 3.0 * tan(a / 4) * rn
        path.cubic(p(join.x + k * along.x, join.y + k * along.y), p(near + rn - k, top), p(near + rn, top))
        bubble = path

        let textX = near + max(s.textPadding, (body - labelEm * font / h) / 2)
        let startX = side == .right ? o.x + textX * h : o.x - (textX * h + labelEm * font)
        textStart = Point(startX, o.y + (top + bottom) / 2 * h)

        let e = TagStyle.extent(bodyWidth: body)
        let xs = [o.x + dir * e.near * h, o.x + dir * e.far * h]
        bounds = Rect(minX: xs.min()!, minY: o.y + e.top * h, maxX: xs.max()!, maxY: o.y + e.bottom * h)
    }

    /// Width of the bubble's body, in tag heights, for a label `labelEm` em wide (at any tag scale:
    /// the text grows with the tag).
    static func bodyWidth(labelEm: Double) -> Double {
        let text = labelEm * TagStyle.fontSizeOfShorterSide / TagStyle.heightOfShorterSide
        return max(TagStyle.minimumBodyWidth, text + 2 * TagStyle.textPadding)
    }
}
