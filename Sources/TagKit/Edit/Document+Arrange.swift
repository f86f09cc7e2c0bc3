extension Document {
    /// `Edit.arrange`: overlaps resolved tag by tag in id order, sides first. A tag whose box
    /// overlaps one placed before it keeps its dot and takes the other side if that clears those
    /// and fits; else its dot moves to the nearest position (either side, its own first) clear of
    /// them (two tags on one dot always overlap: their rings do) (`FreeSpace` searched outward from the dot). A tag that cannot be
    /// cleared stays and is named in an `overlaps` notice (at most `OverlapLimit.limit` of them,
    /// then `moreOverlaps`). One entry holds every tag it changed; when it changed none, no entry is
    /// recorded (`EditOutcome.recordsEntry`).
    func arranged() -> EditOutcome {
        let scale = settings.tagScale
        var index = BoxIndex(size: size, tagHeight: TagStyle.height(on: size, scale: scale))
        var search = FreeSpace.Search(size: size, scale: scale)
        return arranged(index: &index, search: &search)
    }

    /// `arranged()` with the boxes of the tags placed so far in `index` (empty at the start) and
    /// what `FreeSpace` keeps from one tag's search to the next in `search`.
    func arranged(index: inout BoxIndex, search: inout FreeSpace.Search) -> EditOutcome {
        var next = self
        var changes: [TagChange] = [], notices: [Notice] = []
        var limit = OverlapLimit()
        let scale = settings.tagScale
        for tag in tags.sorted {
            // `index` holds the tags placed before this one; a later tag makes way for it in its own turn.
            func clear(_ anchor: NormalizedPoint, _ side: Side) -> Bool {
                !index.overlapsAny(Placement.box(anchor: anchor, side: side, labelEm: tag.labelEm, size: size, scale: scale))
            }
            if clear(tag.anchor, tag.side) {
                index.insert(tag.id, box(of: tag))
                continue
            }
            var spot: Placement.Spot?
            if Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size, scale: scale), clear(tag.anchor, tag.side.flipped) {
                spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
            } else {
                spot = FreeSpace.spot(labelEm: tag.labelEm, side: nil, size: size, scale: scale, near: tag.anchor, preferring: tag.side,
                                      index: &index, search: &search)
            }
            guard let spot else {
                if !limit.isReached {
                    for other in index.overlapping(box(of: tag)) {
                        limit.name(tag.id, overlaps: other, in: &notices)
                        if limit.isReached { break }
                    }
                }
                index.insert(tag.id, box(of: tag))
                continue
            }
            var after = tag
            (after.anchor, after.side) = (spot.anchor, spot.side)
            next.tags[tag.id] = after
            index.insert(tag.id, box(of: after))
            changes.append(TagChange(id: tag.id, before: tag, after: after))
            notices.append(.arranged(tag.id, spot.anchor, spot.side))
        }
        return Self.arrangeOutcome(next, changes: changes, notices: notices)
    }

    /// What `arrange` gives for `changes`: one entry holding them, or, when it changed nothing, an
    /// outcome that records none and says why (`arrange: nothing overlapped`, or that no overlap
    /// could be resolved, which the `overlaps` notices then name).
    static func arrangeOutcome(_ document: Document, changes: [TagChange], notices: [Notice]) -> EditOutcome {
        let label: String
        if !changes.isEmpty {
            label = "arrange \(changes.count) tag\(changes.count == 1 ? "" : "s")"
        } else if notices.isEmpty {
            label = "arrange: nothing overlapped"
        } else {
            label = "arrange: no overlap could be resolved"
        }
        return EditOutcome(document: document, entry: HistoryEntry(label: label, changes: changes), notices: notices,
                           recordsEntry: !changes.isEmpty)
    }
}
