extension Document {
    /// `Edit.setSettings`: the settings replaced (validated), every tag whose drawn label changes
    /// re-measured with `measurer` and placed again by the rules every edit keeps (the dot stays
    /// unless neither side fits); a new tag scale places every tag again (no fonts needed), and
    /// names each pair of tags it makes overlap (`newOverlaps`). One entry holds the settings' before and after
    /// and each changed tag's images, so undo restores both. With `everyTag`, every tag is
    /// re-measured whether its label changes or not (the fonts are re-resolved: `Project.refreshFonts`).
    func applying(settings new: ProjectSettings, measurer: (any LabelMeasurer)?, everyTag: Bool = false) throws -> EditOutcome {
        let new = try new.validated()
        var next = self
        next.settings = new
        var changes: [TagChange] = [], notices: [Notice] = []
        let rescaled = new.tagScale != settings.tagScale
        for tag in tags.sorted {
            let relabelled = everyTag || tag.label(settings) != tag.label(new) || settings.font != new.font
            guard relabelled || rescaled else { continue }
            var after = tag
            if relabelled {
                guard let measurer else { throw MeasurerRequiredError() }
                after.labelEm = try measurer.labelEm(of: tag, settings: new)
            }
            let spot = try Placement.place(tag.anchor, side: tag.side, mayFlip: true, labelEm: after.labelEm, size: size,
                                           scale: new.tagScale, id: tag.id)
            if spot.anchor != tag.anchor { notices.append(.movedToStayInside(tag.id, spot.anchor)) }
            if spot.side != tag.side { notices.append(.sideChanged(tag.id, spot.side)) }
            (after.anchor, after.side) = (spot.anchor, spot.side)
            if after != tag { changes.append(TagChange(id: tag.id, before: tag, after: after)) }
            next.tags[tag.id] = after
        }
        if rescaled { notices += Self.newOverlaps(from: self, to: next) }
        var parts: [String] = []
        if new.currency != settings.currency { parts.append("currency “\(new.currency)”") }
        if new.font != settings.font { parts.append("font “\(new.font.isEmpty ? "default" : new.font)”") }
        if new.priceFormat != settings.priceFormat || new.currency != settings.currency {
            parts.append("prices as \(new.priceFormat.label(amount: "12.50", currency: new.currency))")
        }
        if rescaled { parts.append("tag scale \(new.formattedTagScale)") }
        let label = "set " + (parts.isEmpty ? "nothing new" : parts.joined(separator: ", "))
        return EditOutcome(document: next, entry: HistoryEntry(label: label, changes: changes, settings: (settings, new)), notices: notices)
    }

    /// Each pair of tags that overlaps in `after` but did not in `before`, named from the later id
    /// (at most `OverlapLimit.limit`, then `moreOverlaps`). The pairs overlapping in `after` come
    /// from a `BoxIndex`, not from every pair.
    static func newOverlaps(from before: Document, to after: Document) -> [Notice] {
        var cache = PlacementCache()
        cache.buildIndex(of: after)
        var notices: [Notice] = [], limit = OverlapLimit()
        for tag in after.tags.sorted where !limit.isReached {
            for other in cache.index!.overlapping(after.box(of: tag)) where other < tag.id {
                guard let was = before.tags[tag.id], let otherWas = before.tags[other],
                      !Placement.overlap(before.box(of: was), before.box(of: otherWas)) else { continue }
                limit.name(tag.id, overlaps: other, in: &notices)
                if limit.isReached { break }
            }
        }
        return notices
    }

}
