@testable import TagKit

/// Free space and `arrange` as they were before the box index (issue 20): every candidate
/// position tested against every box. What the indexed ones must answer exactly, and the count of
/// overlap tests they did (`tests`), which grows with positions × boxes.
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

    /// `Document.arranged()` before the index, naming every overlap it leaves.
    static func arranged(_ document: Document, tests: inout Int) -> EditOutcome {
        var next = document
        var changes: [TagChange] = [], notices: [Notice] = []
        let size = document.size, scale = document.settings.tagScale
        for tag in document.tags.sorted {
            let others = next.tags.sorted.filter { $0.id < tag.id }.map(document.box(of:))
            func clear(_ anchor: NormalizedPoint, _ side: Side) -> Bool {
                let box = Placement.box(anchor: anchor, side: side, labelEm: tag.labelEm, size: size, scale: scale)
                return !others.contains { tests += 1; return Placement.overlap($0, box) }
            }
            if clear(tag.anchor, tag.side) { continue }
            var spot: Placement.Spot?
            if Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size, scale: scale), clear(tag.anchor, tag.side.flipped) {
                spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
            } else {
                spot = Self.spot(labelEm: tag.labelEm, side: nil, size: size, scale: scale, others: others, near: tag.anchor,
                                 preferring: tag.side, tests: &tests)
            }
            guard let spot else {
                let drawn = document.box(of: tag)
                for other in next.tags.sorted where other.id < tag.id && Placement.overlap(drawn, document.box(of: other)) {
                    notices.append(.overlaps(tag.id, other.id))
                }
                continue
            }
            var after = tag
            (after.anchor, after.side) = (spot.anchor, spot.side)
            next.tags[tag.id] = after
            changes.append(TagChange(id: tag.id, before: tag, after: after))
            notices.append(.arranged(tag.id, spot.anchor, spot.side))
        }
        return Document.arrangeOutcome(next, changes: changes, notices: notices)
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
