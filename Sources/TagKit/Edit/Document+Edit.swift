/// What applying an edit gives: the next document, the history entry that records the step, and
/// what the user should be told.
public struct EditOutcome: Equatable, Sendable {
    /// The document after the edit.
    public var document: Document
    /// The label and the before/after images of the tag the edit touched.
    public var entry: HistoryEntry
    /// What the edit did unasked (a dot moved to keep the tag inside), in order.
    public var notices: [Notice]
    /// The touched tag as it is after the edit; nil after a delete.
    public var tag: Tag? { entry.changes.first?.after }
}

extension Document {
    /// Carries out `edit` on this document: a pure function, with no I/O. The same document, edit
    /// and measurer always give the same outcome, and the outcome's document can take the next edit.
    ///
    /// The text of `add` and `setText` is validated (`TagText`) and measured with `measurer` in the
    /// project's font; those two edits throw `MeasurerRequiredError` without one. Every tag the edit
    /// leaves is kept whole inside the picture (`Placement.place`): the dot stays where the user
    /// put it, the bubble going to the other side when it does not fit on its own (unless the side
    /// was asked for: `flip` and `add` with a side are refused with `PlacementError.sideDoesNotFit`);
    /// only when neither side fits does the dot move, the least distance. An `add` without a
    /// position goes to free space (`FreeSpace`). A `Notice` says what was done unasked, and names
    /// every tag of `tags` the touched one overlaps; a tag that cannot fit anywhere throws
    /// `PlacementError.doesNotFit`. A tag the edit names that is not in `tags` throws `UnknownTagError`.
    public func applying(_ edit: Edit, measurer: (any LabelMeasurer)?) throws -> EditOutcome {
        let currency = settings.currency, scale = settings.tagScale
        func measured(_ tag: Tag) throws -> Double {
            guard let measurer else { throw MeasurerRequiredError() }
            return try measurer.labelEm(tag.label(settings), font: settings.font)
        }
        func existing(_ id: TagID) throws -> Tag {
            guard let tag = tags[id] else { throw UnknownTagError(id: id) }
            return tag
        }

        let id: TagID, before: Tag?, proposed: Tag?
        var label: String
        // How the touched tag may be placed: `mayFlip` when the user did not name its side.
        var mayFlip = true
        var free = false
        switch edit {
        case .add(let kind, let text, let at, let side):
            let point = at ?? .centre
            var tag = Tag(id: nextID, kind: kind, text: try TagText.validate(text, kind: kind, currency: currency, format: settings.priceFormat),
                          anchor: point, side: side ?? Side.facingCentre(from: point), labelEm: 0)
            tag.labelEm = try measured(tag)
            (id, before, proposed) = (tag.id, nil, tag)
            (mayFlip, free) = (side == nil, at == nil)
            label = "add \(kind.rawValue) \(tag.id) “\(tag.label(settings))”"
        case .move(let target, let movement):
            var tag = try existing(target)
            (id, before) = (target, tag)
            switch movement {
            case .to(let p): tag.anchor = p
            case .by(let dx, let dy): tag.anchor = NormalizedPoint(x: tag.anchor.x + dx, y: tag.anchor.y + dy)
            }
            (proposed, label) = (tag, "move \(target)")
        case .flip(let target):
            var tag = try existing(target)
            (id, before) = (target, tag)
            tag.side = tag.side.flipped
            mayFlip = false
            (proposed, label) = (tag, "flip \(target)")
        case .setText(let target, let text):
            var tag = try existing(target)
            (id, before) = (target, tag)
            tag.text = try TagText.validate(text, kind: tag.kind, currency: currency, format: settings.priceFormat)
            tag.labelEm = try measured(tag)
            (proposed, label) = (tag, "edit \(target) “\(before!.label(settings))” → “\(tag.label(settings))”")
        case .setSettings(let new): return try applying(settings: new, measurer: measurer)
        case .arrange: return arranged()
        case .delete(let target):
            let tag = try existing(target)
            (id, before, proposed) = (target, tag, nil)
            label = "delete \(target) “\(tag.label(settings))”"
        }

        var after = proposed
        var notices: [Notice] = []
        if var tag = after {
            let others = tags.sorted.filter { $0.id != tag.id }
            let spot: Placement.Spot
            if free, let found = FreeSpace.spot(labelEm: tag.labelEm, side: mayFlip ? nil : tag.side, size: size, scale: scale,
                                                others: others.map { box(of: $0) }) {
                spot = found
            } else {
                spot = try Placement.place(tag.anchor, side: tag.side, mayFlip: mayFlip, labelEm: tag.labelEm, size: size,
                                           scale: scale, id: before == nil ? nil : tag.id)
                if spot.anchor != tag.anchor { notices.append(.movedToStayInside(tag.id, spot.anchor)) }
                if spot.side != tag.side { notices.append(.sideChanged(tag.id, spot.side)) }
            }
            (tag.anchor, tag.side) = (spot.anchor, spot.side)
            let drawn = box(of: tag)
            for other in others where Placement.overlap(drawn, box(of: other)) {
                notices.append(.overlaps(tag.id, other.id))
            }
            after = tag
            // Where the dot ended up, which placement may have changed from where it was asked for.
            if case .move = edit { label += " to \(tag.anchor.formatted)" }
        }
        var next = self
        next.tags[id] = after
        if before == nil { next.nextID = TagID(nextID.rawValue + 1) }
        return EditOutcome(document: next, entry: HistoryEntry(label: label, changes: [TagChange(id: id, before: before, after: after)]),
                           notices: notices)
    }
}

extension Document {
    /// The whole box of `tag` (dot and bubble) on this document's picture at its tag scale, in pixels.
    func box(of tag: Tag) -> Rect { Placement.box(of: tag, size: size, scale: settings.tagScale) }
}

/// A tag id that the project does not have.
public struct UnknownTagError: TagProjError {
    /// The id asked for.
    public let id: TagID
    /// The project's file, when the façade knows it (the pure edit function does not).
    public var path: String?

    /// An unknown `id`, in the project at `path` if given.
    public init(id: TagID, path: String? = nil) { self.id = id; self.path = path }

    /// `no tag #9 in 'dinner.tagproj'`.
    public var message: String { "no tag \(id)" + (path.map { " in '\($0)'" } ?? "") }
    /// The id names nothing.
    public var meaning: ErrorMeaning { .notFound }
}

/// `add` or `setText` applied without a label measurer, which they need to size the tag.
public struct MeasurerRequiredError: TagProjError {
    /// A programming error of the caller, named for it.
    public var message: String { "adding a tag or changing its text needs a label measurer (a FontSystem)" }
    /// The call was malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}
