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

    /// `Document.arranged()` without an index: clusters from every pair of boxes, each side tested
    /// against every box outside the cluster (the search over a cluster's sides is the same
    /// `SideSearch`), then the rest one at a time among every settled box with the exhaustive free
    /// space above, naming every overlap it leaves.
    static func arranged(_ document: Document, tests: inout Int) -> EditOutcome {
        let size = document.size, scale = document.settings.tagScale
        let sorted = document.tags.sorted
        var boxes = Dictionary(uniqueKeysWithValues: sorted.map { ($0.id, document.box(of: $0)) })
        // Clusters: the tags linked by overlaps, over every pair.
        var cluster = Dictionary(uniqueKeysWithValues: sorted.map { ($0.id, $0.id) })
        func root(_ id: TagID) -> TagID { cluster[id] == id ? id : root(cluster[id]!) }
        for (i, a) in sorted.enumerated() {
            for b in sorted[(i + 1)...] where { tests += 1; return Placement.overlap(boxes[a.id]!, boxes[b.id]!) }() {
                let (ra, rb) = (root(a.id), root(b.id))
                if ra != rb { cluster[max(ra, rb)] = min(ra, rb) }
            }
        }
        var flipped = Set<TagID>(), unsettled = Set<TagID>(), searched = Set<TagID>()
        for tag in sorted where searched.insert(root(tag.id)).inserted {
            let members = sorted.filter { root($0.id) == root(tag.id) }
            guard members.count > 1 else { continue }
            if members.count > SideSearch.clusterLimit {
                unsettled.formUnion(members.map(\.id))
                continue
            }
            let ids = Set(members.map(\.id))
            func outside(_ box: Rect) -> Rect? {
                for (id, other) in boxes where !ids.contains(id) {
                    tests += 1
                    if Placement.overlap(other, box) { return nil }
                }
                return box
            }
            let candidates = members.map { m in
                SideSearch.Member(kept: outside(document.box(of: m)),
                                  flipped: Placement.fits(m.anchor, side: m.side.flipped, labelEm: m.labelEm, size: size, scale: scale)
                                    ? outside(Placement.box(anchor: m.anchor, side: m.side.flipped, labelEm: m.labelEm, size: size, scale: scale)) : nil)
            }
            var nodes = 0
            for (m, choice) in zip(members, SideSearch.choices(for: candidates, nodes: &nodes)) {
                switch choice {
                case .keep: break
                case .flip: flipped.insert(m.id); boxes[m.id] = Placement.box(anchor: m.anchor, side: m.side.flipped, labelEm: m.labelEm, size: size, scale: scale)
                case .move: unsettled.insert(m.id)
                }
            }
        }
        var next = document
        var changes: [TagChange] = [], notices: [Notice] = []
        var placed = boxes.filter { !unsettled.contains($0.key) }
        for tag in sorted {
            var spot: Placement.Spot?
            if !unsettled.contains(tag.id) {
                guard flipped.contains(tag.id) else { continue }
                spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
            } else {
                let others = Array(placed.values)
                func clear(_ side: Side) -> Bool {
                    let box = Placement.box(anchor: tag.anchor, side: side, labelEm: tag.labelEm, size: size, scale: scale)
                    return !others.contains { tests += 1; return Placement.overlap($0, box) }
                }
                placed[tag.id] = document.box(of: tag)
                if clear(tag.side) { continue }
                if Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size, scale: scale), clear(tag.side.flipped) {
                    spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
                } else {
                    spot = Self.spot(labelEm: tag.labelEm, side: nil, size: size, scale: scale, others: others, near: tag.anchor,
                                     preferring: tag.side, tests: &tests)
                }
                guard spot != nil else {
                    let drawn = document.box(of: tag)
                    for id in placed.keys.sorted() where id != tag.id && Placement.overlap(drawn, placed[id]!) { notices.append(.overlaps(tag.id, id)) }
                    continue
                }
            }
            var after = tag
            (after.anchor, after.side) = (spot!.anchor, spot!.side)
            next.tags[tag.id] = after
            placed[tag.id] = document.box(of: after)
            changes.append(TagChange(id: tag.id, before: tag, after: after))
            notices.append(.arranged(tag.id, spot!.anchor, spot!.side))
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
