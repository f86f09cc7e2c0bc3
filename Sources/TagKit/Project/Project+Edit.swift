/// What an edit did, for `perform` to answer with; public as what `restore(to:)` and
/// `refreshFonts(with:)` return.
public struct EditResult: Equatable, Sendable {
    /// The tag as it is after the edit (nil after delete).
    public var tag: Tag?
    /// The history entry's label (`"\(label)"` words it in the current language).
    public var label: EntryLabel
    /// What the edit did unasked (a tag moved to stay inside the photo), worded by the library
    /// (`Notice.message`) and presented by each front end as its severity says.
    public var notices: [Notice]
    /// The history entry it appended; nil when it appended none (`arrange` with nothing to do).
    public var entry: Int64? = nil
}

/// What a batch of edits did, for `perform` to answer with.
struct BatchResult: Equatable, Sendable {
    /// Each touched tag before the batch and after it.
    var changes: [TagChange]
    /// The history entry's label.
    var label: EntryLabel
    /// What the edits did unasked.
    var notices: [Notice]
    /// The history entry it appended; nil when it appended none.
    var entry: Int64? = nil
}

extension Project {
    /// One edit's transaction, as `perform` carries an edit request out: it reads what the edit
    /// needs (the header, the picture size, the tag it names), `body` makes the outcome from that
    /// document (`Document.applying`), and the store writes the changed tag, the history entry
    /// (dropping the redo tail) and the counters together; a tag it does not find is named with
    /// this path. When `measurer` is a `FontEmbedder` (a `FontSystem`), the subsets of the faces
    /// each new label is drawn with are stored with the edit, so the project draws the same
    /// without those fonts installed.
    func commitEdit(measurer: (any LabelMeasurer)?, _ body: (Document) throws -> EditOutcome) throws -> EditResult {
        do {
            let outcome = try store.commit(origin: origin, embedder: measurer as? FontEmbedder, body)
            return EditResult(tag: outcome.tag, label: outcome.entry.entryLabel, notices: outcome.notices, entry: outcome.seq)
        } catch var error as UnknownTagError {
            error.path = path
            throw error
        }
    }

    /// One batch's transaction, as `perform` carries a `Batch` out: as ``commitEdit(measurer:_:)``,
    /// a tag not found named with this path inside the `BatchError` of its line; `alsoWriting` as
    /// the store's commit takes it.
    func commitBatch(label: EntryLabel, measurer: (any LabelMeasurer)?, alsoWriting extra: ((EditOutcome) throws -> Void)? = nil,
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
}
