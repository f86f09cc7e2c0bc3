/// Earlier states of the history tree: computed in memory along the path between two entries,
/// and recorded as one entry by a restore. The path, the label and the entry are the walk's
/// (`HistoryWalk+Restore.swift`); the store reads the rows it asks for and writes what it planned.
extension ProjectStore {
    /// Jumps to entry `target`'s state (0: the empty start) as one new entry, a child of the
    /// cursor labelled `restore #N`, whose images are the net difference between the two states:
    /// undoing it comes back. One `BEGIN IMMEDIATE` transaction. Throws `HistoryError` for an entry
    /// that does not exist or is already current.
    func restore(to target: Int64, origin: EntryOrigin) throws -> EditOutcome {
        try db.writeTransaction {
            let header = try header()
            let plan = try walk { try HistoryWalk.restore(to: target, from: header.cursor, in: self) }
            let now = HistoryState(tags: TagSet(try tags()), settings: header.settings)
            let then = try walk { try HistoryWalk.state(along: plan.path, from: now, in: self) }
            let entry = plan.entry(from: now, to: then)
            let seq = try record(entry, on: header, nextID: header.nextID, origin: origin)
            try restoreFonts(along: plan.path.map { ($0.seq, $0.backwards) }, seq: seq)
            let document = Document(tags: then.tags, settings: then.settings, size: try pictureSize(), nextID: TagID(header.nextID))
            return EditOutcome(document: document, entry: entry, notices: [], seq: seq)
        }
    }

    /// The tags and settings of entry `target`'s state (0: the empty start), read in one
    /// transaction: the current ones, then `state(at:cursor:tags:settings:)`.
    func state(at target: Int64) throws -> (tags: TagSet, settings: ProjectSettings) {
        try db.readTransaction {
            let header = try header()
            return try state(at: target, cursor: header.cursor, tags: TagSet(try tags()), settings: header.settings)
        }
    }

    /// The tags and settings of entry `target`'s state (0: the empty start), computed in memory
    /// from the state at `cursor` (`tags`, `settings`) along the path between them
    /// (`HistoryWalk.state(at:from:_:in:)`). Reads only the entries on that path. Throws
    /// `HistoryError.noSuchEntry` for an entry that does not exist.
    func state(at target: Int64, cursor: Int64, tags: TagSet, settings: ProjectSettings) throws -> (tags: TagSet, settings: ProjectSettings) {
        let state = try walk { try HistoryWalk.state(at: target, from: cursor, HistoryState(tags: tags, settings: settings), in: self) }
        return (state.tags, state.settings)
    }

    /// The entries between entry `cursor`'s state and entry `target`'s, in the order to visit
    /// them (`HistoryWalk.path(from:to:in:)`): those to revert (`backwards`), then those to
    /// apply. Throws `HistoryError.noSuchEntry` for an entry that does not exist.
    func path(from cursor: Int64, to target: Int64) throws -> [(seq: Int64, backwards: Bool)] {
        try walk { try HistoryWalk.path(from: cursor, to: target, in: self) }.map { ($0.seq, $0.backwards) }
    }
}
