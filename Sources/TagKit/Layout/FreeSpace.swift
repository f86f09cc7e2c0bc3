/// Where a tag added without a position goes: the nearest place to the centre of the picture where
/// the whole tag fits and overlaps no other tag.
///
/// The search walks a grid of dot positions (a quarter of a tag's height apart, at most 400 along
/// the longer side) in order of pixel distance from the centre, ties broken top to bottom then left
/// to right, so the same document always gives the same spot. At each position the side that
/// faces the centre is tried first (or only the side asked for).
public enum FreeSpace {
    /// The first free spot for a tag `labelEm` wide, or nil when every position overlaps some box
    /// of `others` (or the tag fits nowhere).
    ///
    /// `near` searches outward from another point than the centre (what `arrange` does from a
    /// tag's own dot), and `preferring` tries that side first at every position. `scale` is the
    /// project's tag scale, as for `Placement`.
    public static func spot(labelEm: Double, side: Side?, size: PictureSize, scale: Double = 1, others: [Rect],
                            near: NormalizedPoint = .centre, preferring: Side? = nil) -> Placement.Spot? {
        let w = Double(size.width), h = Double(size.height)
        let tagHeight = TagStyle.height(on: size, scale: scale)
        let step = max(tagHeight / 4, max(w, h) / 400, 0.5)
        let cx = near.x * w, cy = near.y * h
        var offsets: [(d: Double, i: Int, j: Int)] = []
        for j in -Int(cy / step)...Int((h - cy) / step) {
            for i in -Int(cx / step)...Int((w - cx) / step) {
                let dx = Double(i) * step, dy = Double(j) * step
                offsets.append((dx * dx + dy * dy, i, j))
            }
        }
        offsets.sort { ($0.d, $0.j, $0.i) < ($1.d, $1.j, $1.i) }
        for o in offsets {
            let anchor = NormalizedPoint(x: (cx + Double(o.i) * step) / w, y: (cy + Double(o.j) * step) / h)
            let first = preferring ?? Side.facingCentre(from: anchor)
            let sides = side.map { [$0] } ?? [first, first.flipped]
            for s in sides where Placement.fits(anchor, side: s, labelEm: labelEm, size: size, scale: scale) {
                let box = Placement.box(anchor: anchor, side: s, labelEm: labelEm, size: size, scale: scale)
                if !others.contains(where: { Placement.overlap($0, box) }) { return Placement.Spot(anchor: anchor, side: s) }
            }
        }
        return nil
    }
}
