extension Document {
    /// Carries out `edits` in order as one step: each edit is applied to the previous one's
    /// document (`applying(_:measurer:)`), and the outcome's one history entry, labelled `label`,
    /// holds each touched tag's image before the first edit and after the last (a tag added and
    /// deleted inside the batch leaves none). All or nothing: the first edit that fails throws
    /// `BatchError`, naming its position (`line` from `lines`, or the 1-based index), and no
    /// outcome is returned.
    ///
    /// Notices are those of the single edits, except overlaps, which are judged once on the
    /// final document (a tag the batch touched that overlaps another), so a layout built up tag
    /// by tag does not warn about states it passed through.
    public func applying(_ edits: [Edit], label: String, lines: [Int]? = nil, measurer: (any LabelMeasurer)?) throws -> EditOutcome {
        var document = self
        var first: [TagID: Tag?] = [:]
        var order: [TagID] = []
        var notices: [Notice] = []
        for (index, edit) in edits.enumerated() {
            let outcome: EditOutcome
            do {
                outcome = try document.applying(edit, measurer: measurer)
            } catch let error as any TagProjError {
                throw BatchError(line: lines?[index] ?? index + 1, error: error)
            }
            for change in outcome.entry.changes where first[change.id] == nil {
                first[change.id] = .some(change.before)
                order.append(change.id)
            }
            notices += outcome.notices.filter { if case .overlaps = $0 { return false } else { return true } }
            document = outcome.document
        }
        var changes: [TagChange] = []
        for id in order.sorted() {
            let before = first[id] ?? nil, after = document.tags[id]
            if before != after { changes.append(TagChange(id: id, before: before, after: after)) }
        }
        let all = document.tags.sorted
        for change in changes {
            guard let tag = change.after else { continue }
            let box = document.box(of: tag)
            for other in all where other.id != tag.id && Placement.overlap(box, document.box(of: other)) {
                // A pair both touched is named once, from the later id.
                if other.id > tag.id, changes.contains(where: { $0.id == other.id && $0.after != nil }) { continue }
                notices.append(.overlaps(tag.id, other.id))
            }
        }
        return EditOutcome(document: document, entry: HistoryEntry(label: label, changes: changes), notices: notices)
    }
}

/// An edit of a batch that failed: nothing of the batch is applied.
public struct BatchError: TagProjError {
    /// Where the edit is: its line in the input, or its 1-based position in the batch.
    public let line: Int
    /// Why it failed.
    public let error: any TagProjError

    /// `line 3: no tag #9`.
    public var message: String { "line \(line): \(error.message)" }
    /// As the failed edit's.
    public var advice: String? { error.advice }
    /// As the failed edit's.
    public var meaning: ErrorMeaning { error.meaning }
}
