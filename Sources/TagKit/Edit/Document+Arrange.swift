extension Document {
    /// `Edit.arrange`: overlaps resolved tag by tag in id order, sides first. A tag whose box
    /// overlaps one placed before it keeps its dot and takes the other side if that clears those
    /// and fits; else its dot moves to the nearest position (either side, its own first) clear of
    /// them (two tags on one dot always overlap: their rings do) (`FreeSpace` searched outward from the dot). A tag that cannot be
    /// cleared stays and is named in an `overlaps` notice. One entry holds every tag it changed.
    func arranged() -> EditOutcome {
        var next = self
        var changes: [TagChange] = [], notices: [Notice] = []
        let scale = settings.tagScale
        for tag in tags.sorted {
            // The tags placed before this one; a later tag makes way for it in its own turn.
            let others = next.tags.sorted.filter { $0.id < tag.id }.map(box(of:))
            func clear(_ anchor: NormalizedPoint, _ side: Side) -> Bool {
                let box = Placement.box(anchor: anchor, side: side, labelEm: tag.labelEm, size: size, scale: scale)
                return !others.contains { Placement.overlap($0, box) }
            }
            if clear(tag.anchor, tag.side) { continue }
            var spot: Placement.Spot?
            if Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size, scale: scale), clear(tag.anchor, tag.side.flipped) {
                spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
            } else {
                spot = FreeSpace.spot(labelEm: tag.labelEm, side: nil, size: size, scale: scale, others: others, near: tag.anchor,
                                      preferring: tag.side)
            }
            guard let spot else {
                let drawn = box(of: tag)
                for other in next.tags.sorted where other.id < tag.id && Placement.overlap(drawn, box(of: other)) {
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
        let label = changes.isEmpty ? "arrange: nothing overlapped" : "arrange \(changes.count) tag\(changes.count == 1 ? "" : "s")"
        return EditOutcome(document: next, entry: HistoryEntry(label: label, changes: changes), notices: notices)
    }
}
