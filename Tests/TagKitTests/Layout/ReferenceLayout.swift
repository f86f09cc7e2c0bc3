@testable import TagKit

/// Free space as it was before the box index (issue 20): every candidate position tested against
/// every box. What the indexed search must answer exactly, and the count of overlap tests it did
/// (`tests`), which grows with positions × boxes; and overlap notices cut at the limit.
enum ReferenceLayout {
    static func spot(labelEm: Double, side: Side?, size: PictureSize, scale: Double = 1, others: [Rect],
                     near: NormalizedPoint = .centre, preferring: Side? = nil, tests: inout Int) -> Placement.Spot? {
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
                if !others.contains(where: { tests += 1; return Placement.overlap($0, box) }) { return Placement.Spot(anchor: anchor, side: s) }
            }
        }
        return nil
    }

    /// `notices` with the overlaps past `OverlapLimit.limit` cut and said, as an outcome now says them.
    static func limited(_ notices: [Notice]) -> [Notice] {
        var out: [Notice] = [], listed = 0, done = false
        for notice in notices {
            guard case .overlaps = notice else { out.append(notice); continue }
            if done { continue }
            if listed == OverlapLimit.limit { out.append(.moreOverlaps(listed: listed)); done = true; continue }
            out.append(notice)
            listed += 1
        }
        return out
    }
}
