/// What an edit did, for the command to report.
public struct EditResult: Equatable, Sendable {
    /// The tag as it is after the edit (nil after delete).
    public var tag: Tag?
    /// The history entry's label.
    public var label: String
    /// What the edit did unasked (a tag moved to stay inside the photo), worded by the library
    /// (`Notice.message`) and presented by each front end as its severity says.
    public var notices: [Notice]
    /// The history entry it appended; nil when it appended none (`arrange` with nothing to do).
    public var entry: Int64? = nil
}

/// What a batch of edits did.
public struct BatchResult: Equatable, Sendable {
    /// Each touched tag before the batch and after it.
    public var changes: [TagChange]
    /// The history entry's label.
    public var label: String
    /// What the edits did unasked.
    public var notices: [Notice]
    /// The history entry it appended; nil when it appended none.
    public var entry: Int64? = nil
}

extension Project {
    /// Carries out `edit` (the older way in, beside `perform`, which front ends use): one
    /// transaction that reads what the edit needs (the
    /// header, the picture size, the tag it names), applies it (`Document.applying`), and stores
    /// the changed tag, the history entry (dropping the redo tail) and the counters together.
    /// `measurer` sizes the text of `add` and `setText`; the other edits need none. When it is a
    /// `FontEmbedder` (a `FontSystem`), the subsets of the faces each new label is drawn with are
    /// stored with the edit, so the project draws the same without those fonts installed.
    public func apply(_ edit: Edit, measurer: (any LabelMeasurer)? = nil) throws -> EditResult {
        try commitEdit(measurer: measurer) { try $0.applying(edit, measurer: measurer) }
    }

    /// One edit's transaction, whichever way it came in (`apply`, `perform`): `body` makes the
    /// outcome from the document read inside it; a tag it does not find is named with this path.
    func commitEdit(measurer: (any LabelMeasurer)?, _ body: (Document) throws -> EditOutcome) throws -> EditResult {
        do {
            let outcome = try store.commit(origin: origin, embedder: measurer as? FontEmbedder, body)
            return EditResult(tag: outcome.tag, label: outcome.entry.label, notices: outcome.notices, entry: outcome.seq)
        } catch var error as UnknownTagError {
            error.path = path
            throw error
        }
    }

    /// One batch's transaction, whichever way it came in: as ``commitEdit(measurer:_:)``, a tag
    /// not found named with this path inside the `BatchError` of its line; `alsoWriting` as the
    /// store's commit takes it.
    func commitBatch(label: String, measurer: (any LabelMeasurer)?, alsoWriting extra: ((EditOutcome) throws -> Void)? = nil,
                     _ body: (Document) throws -> EditOutcome) throws -> BatchResult {
        let outcome: EditOutcome
        do {
            outcome = try store.commit(origin: origin, embedder: measurer as? FontEmbedder, alsoWriting: extra, body)
        } catch let error as BatchError {
            guard var unknown = error.error as? UnknownTagError else { throw error }
            unknown.path = path
            throw BatchError(line: error.line, error: unknown)
        }
        return BatchResult(changes: outcome.entry.changes, label: label, notices: outcome.notices, entry: outcome.seq)
    }

    /// Carries out `edits` as one command and one history entry labelled `label` (see
    /// `Document.applying(_:label:lines:measurer:)`): all or nothing, in one transaction. A failed
    /// edit throws `BatchError` naming its line (from `lines`, else its 1-based position).
    public func apply(_ edits: [Edit], label: String, lines: [Int]? = nil, measurer: (any LabelMeasurer)? = nil) throws -> BatchResult {
        try commitBatch(label: label, measurer: measurer) { try $0.applying(edits, label: label, lines: lines, measurer: measurer) }
    }

    /// Adds a tag of `kind` saying `text` with its dot at `at` (centre by default), the bubble on
    /// `side` (toward the middle of the picture by default); a dish may carry `price`, drawn after
    /// its name in the same bubble. Returns the new tag, with its id.
    public func add(kind: Kind, text: String, price: String? = nil, at wanted: NormalizedPoint?, side: Side?,
                    measurer: any LabelMeasurer) throws -> EditResult {
        try apply(.add(kind: kind, text: text, price: price, at: wanted, side: side), measurer: measurer)
    }

    /// Moves tag `id`'s dot, keeping the whole tag inside the picture.
    public func move(_ id: TagID, _ movement: Movement) throws -> EditResult {
        try apply(.move(id, movement))
    }

    /// Puts tag `id`'s bubble on the other side of its dot; the dot stays unless the flipped tag
    /// would leave the picture.
    public func flip(_ id: TagID) throws -> EditResult {
        try apply(.flip(id))
    }

    /// Replaces tag `id`'s text, re-measuring it; a longer label may move the dot to stay inside.
    public func edit(_ id: TagID, text: String, measurer: any LabelMeasurer) throws -> EditResult {
        try apply(.setText(id, text), measurer: measurer)
    }

    /// Sets or removes the price dish `id` carries (and with `text`, its name too, in the same
    /// entry), re-measuring it as `edit(_:text:measurer:)` does. A price tag's price is its text.
    public func edit(_ id: TagID, text: String? = nil, price: PriceChange, measurer: any LabelMeasurer) throws -> EditResult {
        try apply(.relabel(id, text: text, price: price), measurer: measurer)
    }

    /// Removes tag `id`. Its id is never handed out again.
    public func delete(_ id: TagID) throws -> EditResult {
        try apply(.delete(id))
    }
}
