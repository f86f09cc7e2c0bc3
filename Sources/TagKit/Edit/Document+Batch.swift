extension Document {
    /// Carries out `edits` in order as one step: each edit is applied to the previous one's
    /// document (`applying(_:measurer:)`), and the outcome's one history entry, labelled `label`,
    /// holds each touched tag's image before the first edit and after the last (a tag added and
    /// deleted inside the batch leaves none), and the settings before and after when they changed. All or nothing: the first edit that fails throws
    /// `BatchError`, naming its position (`line` from `lines`, or the 1-based index), and no
    /// outcome is returned.
    ///
    /// Notices are those of the single edits, except overlaps, which are judged once on the
    /// final document (a tag the batch touched that overlaps another), so a layout built up tag
    /// by tag does not warn about states it passed through; at most `OverlapLimit.limit` pairs are
    /// named, then `moreOverlaps`.
    ///
    /// The tags' boxes are kept in a `BoxIndex` from edit to edit (`PlacementCache`), so a batch
    /// costs about its edits times the boxes near each, not its edits times every tag.
    public func applying(_ edits: [Edit], label: String, lines: [Int]? = nil, measurer: (any LabelMeasurer)?) throws -> EditOutcome {
        var cache = PlacementCache()
        return try applying(edits, label: label, lines: lines, measurer: measurer, cache: &cache)
    }

    /// `applying(_:label:lines:measurer:)` with `cache` (empty, or built for this document) kept
    /// from edit to edit; on return it holds what was built for the outcome's document.
    func applying(_ edits: [Edit], label: String, lines: [Int]?, measurer: (any LabelMeasurer)?,
                  cache: inout PlacementCache) throws -> EditOutcome {
        var document = self
        var first: [TagID: Tag?] = [:]
        var order: [TagID] = []
        var notices: [Notice] = []
        for (index, edit) in edits.enumerated() {
            let entry: HistoryEntry, said: [Notice]
            do {
                (entry, said) = try document.apply(edit, measurer: measurer, cache: &cache, namingOverlaps: false)
            } catch let error as any TagProjError {
                throw BatchError(line: lines?[index] ?? index + 1, error: error)
            }
            for change in entry.changes where first[change.id] == nil {
                first[change.id] = .some(change.before)
                order.append(change.id)
            }
            notices += said.filter {
                switch $0 {
                case .overlaps, .moreOverlaps: return false
                default: return true
                }
            }
        }
        var changes: [TagChange] = []
        for id in order.sorted() {
            let before = first[id] ?? nil, after = document.tags[id]
            if before != after { changes.append(TagChange(id: id, before: before, after: after)) }
        }
        // A pair both touched is named once, from the later id.
        let touched = Set(changes.compactMap { $0.after?.id })
        cache.buildIndex(of: document)
        var limit = OverlapLimit()
        for change in changes where !limit.isReached {
            guard let tag = change.after else { continue }
            for other in cache.index!.overlapping(document.box(of: tag)) where other != tag.id && !(other > tag.id && touched.contains(other)) {
                limit.name(tag.id, overlaps: other, in: &notices)
                if limit.isReached { break }
            }
        }
        // A batch that changed the settings (a `set` among its edits) carries them, first and last.
        let settings = document.settings == self.settings ? nil : (before: self.settings, after: document.settings)
        return EditOutcome(document: document, entry: HistoryEntry(label: label, changes: changes, settings: settings), notices: notices)
    }
}

/// An edit of a batch that failed: nothing of the batch is applied.
public struct BatchError: TagProjError {
    /// Where the edit is: its line in the input, or its 1-based position in the batch.
    public let line: Int
    /// Why it failed.
    public let error: any TagProjError

    /// `line 3: no tag #9`.
    public var message: String {
        // TRANSLATORS: {error} is what failed on that line of the input.
        tr("line {line}: {error}", ["line": line, "error": error.message])
    }
    /// As the failed edit's.
    public var advice: String? { error.advice }
    /// As the failed edit's.
    public var meaning: ErrorMeaning { error.meaning }
}
