extension Document {
    /// `Edit.setSettings`: the settings replaced (validated), every tag whose drawn label changes
    /// re-measured with `measurer` and placed again by the rules every edit keeps (the dot stays
    /// unless neither side fits). One entry holds the settings' before and after and each changed
    /// tag's images, so undo restores both.
    /// With `everyTag`, every tag is re-measured whether its label changes or not (the fonts
    /// are re-resolved: `Project.refreshFonts`).
    func applying(settings new: ProjectSettings, measurer: (any LabelMeasurer)?, everyTag: Bool = false) throws -> EditOutcome {
        let new = try new.validated()
        var next = self
        next.settings = new
        var changes: [TagChange] = [], notices: [Notice] = []
        for tag in tags.sorted {
            guard everyTag || tag.label(settings) != tag.label(new) || settings.font != new.font else { continue }
            guard let measurer else { throw MeasurerRequiredError() }
            var after = tag
            after.labelEm = try measurer.labelEm(tag.label(new), font: new.font)
            let spot = try Placement.place(tag.anchor, side: tag.side, mayFlip: true, labelEm: after.labelEm, size: size, id: tag.id)
            if spot.anchor != tag.anchor { notices.append(.movedToStayInside(tag.id, spot.anchor)) }
            if spot.side != tag.side { notices.append(.sideChanged(tag.id, spot.side)) }
            (after.anchor, after.side) = (spot.anchor, spot.side)
            if after != tag { changes.append(TagChange(id: tag.id, before: tag, after: after)) }
            next.tags[tag.id] = after
        }
        var parts: [String] = []
        if new.currency != settings.currency { parts.append("currency “\(new.currency)”") }
        if new.font != settings.font { parts.append("font “\(new.font.isEmpty ? "default" : new.font)”") }
        if new.priceFormat != settings.priceFormat || new.currency != settings.currency {
            parts.append("prices as \(new.priceFormat.label(amount: "12.50", currency: new.currency))")
        }
        let label = "set " + (parts.isEmpty ? "nothing new" : parts.joined(separator: ", "))
        return EditOutcome(document: next, entry: HistoryEntry(label: label, changes: changes, settings: (settings, new)), notices: notices)
    }
}
