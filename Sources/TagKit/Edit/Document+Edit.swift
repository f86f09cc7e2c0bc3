/// What applying an edit gives: the next document, the history entry that records the step, and
/// what the user should be told.
public struct EditOutcome: Equatable, Sendable {
    /// The document after the edit.
    public var document: Document
    /// The label and the before/after images of the tag the edit touched.
    public var entry: HistoryEntry
    /// What the edit did unasked (a dot moved to keep the tag inside), in order.
    public var notices: [Notice]
    /// Whether the step is stored as a history entry: false when the edit found nothing to do
    /// (`arrange` with no overlap it could resolve), so the store writes nothing and `undo` still
    /// takes back the entry before it. `entry.label` says what happened either way
    /// (`arrange: nothing overlapped`), and a move that leaves its tag as it was (`move #2: nothing
    /// changed, still at 0.989,0.500`: an arrow key at the edge, a drag back to where it started).
    /// Every other edit is recorded, even one that leaves the tags as they were (a flip there and
    /// back is two entries): the user asked for that step by name.
    public var recordsEntry = true
    /// The entry's seq once the store has recorded it; nil before, and when it records none.
    public var seq: Int64? = nil
    /// The touched tag as it is after the edit; nil after a delete.
    public var tag: Tag? { entry.changes.first?.after }
}

extension Document {
    /// Carries out `edit` on this document: a pure function, with no I/O. The same document, edit
    /// and measurer always give the same outcome, and the outcome's document can take the next edit.
    ///
    /// The text (and a dish's price) of `add`, `setText` and `relabel` is validated (`TagText`)
    /// and measured with `measurer` in the project's font; those edits throw
    /// `MeasurerRequiredError` without one. Every tag the edit
    /// leaves is kept whole inside the picture (`Placement.place`): the dot stays where the user
    /// put it, the bubble going to the other side when it does not fit on its own (unless the side
    /// was asked for: `flip` and `add` with a side are refused with `PlacementError.sideDoesNotFit`);
    /// only when neither side fits does the dot move, the least distance. An `add` without a
    /// position goes to free space (`FreeSpace`). A `Notice` says what was done unasked, and names
    /// every tag of `tags` the touched one overlaps (the first `OverlapLimit.limit`, then
    /// `moreOverlaps`); a tag that cannot fit anywhere throws
    /// `PlacementError.doesNotFit`. A tag the edit names that is not in `tags` throws `UnknownTagError`.
    public func applying(_ edit: Edit, measurer: (any LabelMeasurer)?) throws -> EditOutcome {
        switch edit {
        case .setSettings(let new): return try applying(settings: new, measurer: measurer)
        case .arrange: return arranged()
        default: break
        }
        var next = self
        var cache = PlacementCache()
        let (entry, notices) = try next.apply(edit, measurer: measurer, cache: &cache, namingOverlaps: true)
        // A move that leaves the tag as it was (to where it is, by nothing, against the edge it
        // stands at) records nothing and says nothing unasked: the tag was already there.
        if case .move(let id, _) = edit, let change = entry.changes.first, change.before == change.after, let tag = change.after {
            return EditOutcome(document: self, entry: HistoryEntry(wording: .moveUnchanged(id: id, at: tag.anchor.formatted), changes: []),
                               notices: [], recordsEntry: false)
        }
        return EditOutcome(document: next, entry: entry, notices: notices)
    }

    /// Carries out `edit` in place, as `applying(_:measurer:)` describes, and returns its entry
    /// and notices; `cache` is kept in step with the tags. An edit of one tag names overlaps only
    /// when `namingOverlaps` (a batch judges overlaps once, at its end). When it throws, the
    /// document is unchanged.
    mutating func apply(_ edit: Edit, measurer: (any LabelMeasurer)?, cache: inout PlacementCache,
                        namingOverlaps: Bool) throws -> (entry: HistoryEntry, notices: [Notice]) {
        let currency = settings.currency, scale = settings.tagScale
        func measured(_ tag: Tag) throws -> Double {
            guard let measurer else { throw MeasurerRequiredError() }
            return try measurer.labelEm(of: tag, settings: settings)
        }
        func price(_ raw: String, of kind: Kind) throws -> String {
            try TagText.price(raw, kind: kind, currency: currency, format: settings.priceFormat)
        }
        func existing(_ id: TagID) throws -> Tag {
            guard let tag = tags[id] else { throw UnknownTagError(id: id) }
            return tag
        }

        let id: TagID, before: Tag?, proposed: Tag?
        var wording: LabelWording
        // How the touched tag may be placed: `mayFlip` when the user did not name its side.
        var mayFlip = true
        var free = false
        switch edit {
        case .add(let kind, let text, let amount, let at, let side):
            let point = at ?? .centre
            var tag = Tag(id: nextID, kind: kind, text: try TagText.validate(text, kind: kind, currency: currency, format: settings.priceFormat),
                          price: try amount.map { try price($0, of: kind) }, anchor: point, side: side ?? Side.facingCentre(from: point),
                          labelEm: 0)
            tag.labelEm = try measured(tag)
            (id, before, proposed) = (tag.id, nil, tag)
            (mayFlip, free) = (side == nil, at == nil)
            let parts = tag.labelParts(settings)
            wording = .add(kind: kind, id: tag.id, text: parts.text, price: parts.price)
        case .move(let target, let movement):
            var tag = try existing(target)
            (id, before) = (target, tag)
            switch movement {
            case .to(let p): tag.anchor = p
            case .by(let dx, let dy): tag.anchor = NormalizedPoint(x: tag.anchor.x + dx, y: tag.anchor.y + dy)
            }
            // Where the dot ends up is said once it is placed, below.
            (proposed, wording) = (tag, .move(id: target, to: tag.anchor.formatted))
        case .flip(let target):
            var tag = try existing(target)
            (id, before) = (target, tag)
            tag.side = tag.side.flipped
            mayFlip = false
            (proposed, wording) = (tag, .flip(id: target))
        case .setText(let target, let text):
            return try apply(.relabel(target, text: text, price: nil), measurer: measurer, cache: &cache, namingOverlaps: namingOverlaps)
        case .relabel(let target, let text, let change):
            var tag = try existing(target)
            (id, before) = (target, tag)
            guard text != nil || change != nil else { throw TagTextError.nothingToEdit }
            if let text { tag.text = try TagText.validate(text, kind: tag.kind, currency: currency, format: settings.priceFormat) }
            switch change {
            case .set(let amount)?: tag.price = try price(amount, of: tag.kind)
            case .remove?: if tag.kind == .price { throw TagTextError.priceOfPriceTag } else { tag.price = nil }
            case nil: break
            }
            tag.labelEm = try measured(tag)
            proposed = tag
            wording = relabelling(target, from: before!, to: tag, text: text != nil, price: change != nil)
        case .delete(let target):
            let tag = try existing(target)
            (id, before, proposed) = (target, tag, nil)
            let parts = tag.labelParts(settings)
            wording = .delete(id: target, text: parts.text, price: parts.price)
        case .setSettings, .arrange:
            // Every box may change: what the cache holds is for the document before.
            let outcome = try applying(edit, measurer: measurer)
            self = outcome.document
            cache = PlacementCache()
            return (outcome.entry, outcome.notices)
        }

        var after = proposed
        var notices: [Notice] = []
        if var tag = after {
            let spot: Placement.Spot
            if free {
                cache.buildIndex(of: self)
                if cache.search == nil { cache.search = FreeSpace.Search(size: size, scale: scale) }
            }
            if free, let found = FreeSpace.spot(labelEm: tag.labelEm, side: mayFlip ? nil : tag.side, size: size, scale: scale, near: .centre,
                                                preferring: nil, index: &cache.index!, search: &cache.search!) {
                spot = found
            } else {
                spot = try Placement.place(tag.anchor, side: tag.side, mayFlip: mayFlip, labelEm: tag.labelEm, size: size,
                                           scale: scale, id: before == nil ? nil : tag.id)
                if spot.anchor != tag.anchor { notices.append(.movedToStayInside(tag.id, spot.anchor)) }
                if spot.side != tag.side { notices.append(.sideChanged(tag.id, spot.side)) }
            }
            (tag.anchor, tag.side) = (spot.anchor, spot.side)
            // The index holds the other tags while the touched one is judged against them.
            cache.index?.remove(id)
            if namingOverlaps { notices += overlapNotices(of: tag, index: &cache.index) }
            after = tag
            // Where the dot ended up, which placement may have changed from where it was asked for.
            if case .move = edit { wording = .move(id: id, to: tag.anchor.formatted) }
        }
        tags[id] = after
        if let after { cache.index?.insert(id, box(of: after)) } else { cache.index?.remove(id) }
        if before == nil { nextID = TagID(nextID.rawValue + 1) }
        return (HistoryEntry(wording: wording, changes: [TagChange(id: id, before: before, after: after)]), notices)
    }

    /// What an edit of tag `id`'s text (`text`) and/or price (`price`) changed, as its label says
    /// it: `edit #3 “Soup” → “Tea”`, `price ¥38 → ¥42`, `price → ¥42`, `price removed`.
    private func relabelling(_ id: TagID, from before: Tag, to after: Tag, text: Bool, price: Bool) -> LabelWording {
        let old = before.labelParts(settings), new = after.labelParts(settings)
        return .edit(id: id, text: text ? LabelWording.TextChange(from: old.text, to: new.text) : nil,
                     price: price ? LabelWording.PriceChange(from: old.price, to: new.price) : nil)
    }

    /// `.overlaps` for every other tag that `tag` overlaps, in id order, at most
    /// `OverlapLimit.limit` of them: from `index` (which must not hold `tag`) when it is built,
    /// else by looking at every tag.
    private func overlapNotices(of tag: Tag, index: inout BoxIndex?) -> [Notice] {
        let drawn = box(of: tag)
        let others: [TagID]
        if index != nil {
            others = index!.overlapping(drawn)
        } else {
            others = tags.byID.values.filter { $0.id != tag.id && Placement.overlap(drawn, box(of: $0)) }.map(\.id).sorted()
        }
        var notices: [Notice] = [], limit = OverlapLimit()
        for other in others {
            limit.name(tag.id, overlaps: other, in: &notices)
            if limit.isReached { break }
        }
        return notices
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
    public var message: String {
        guard let path else { return tr("no tag {id}", ["id": id]) }
        return tr("no tag {id} in '{path}'", ["id": id, "path": path])
    }
    /// The id names nothing.
    public var meaning: ErrorMeaning { .notFound }
}

/// `add` or `setText` applied without a label measurer, which they need to size the tag.
public struct MeasurerRequiredError: TagProjError {
    /// A programming error of the caller, named for it.
    public var message: String { tr("adding a tag or changing its text needs a label measurer (a FontSystem)") }
    /// The call was malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}
