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
    public static func spot(labelEm: Double, side: Side?, size: PictureSize, others: [Rect]) -> Placement.Spot? {
        let w = Double(size.width), h = Double(size.height)
        let tagHeight = TagStyle.heightOfShorterSide * Double(size.shorterSide)
        let step = max(tagHeight / 4, max(w, h) / 400, 0.5)
        let cx = w / 2, cy = h / 2
        let nx = Int(cx / step), ny = Int(cy / step)
        var offsets: [(d: Double, i: Int, j: Int)] = []
        offsets.reserveCapacity((2 * nx + 1) * (2 * ny + 1))
        for j in -ny...ny {
            for i in -nx...nx {
                let dx = Double(i) * step, dy = Double(j) * step
                offsets.append((dx * dx + dy * dy, i, j))
            }
        }
        offsets.sort { ($0.d, $0.j, $0.i) < ($1.d, $1.j, $1.i) }
        for o in offsets {
            let anchor = NormalizedPoint(x: (cx + Double(o.i) * step) / w, y: (cy + Double(o.j) * step) / h)
            let sides = side.map { [$0] } ?? [Side.facingCentre(from: anchor), Side.facingCentre(from: anchor).flipped]
            for s in sides where Placement.fits(anchor, side: s, labelEm: labelEm, size: size) {
                let box = Placement.box(anchor: anchor, side: s, labelEm: labelEm, size: size)
                if !others.contains(where: { Placement.overlap($0, box) }) { return Placement.Spot(anchor: anchor, side: s) }
            }
        }
        return nil
    }
}
