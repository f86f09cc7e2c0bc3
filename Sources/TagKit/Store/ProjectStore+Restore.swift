/// Earlier states of the history tree: computed in memory along the path between two entries,
/// and recorded as one entry by a restore.
extension ProjectStore {
    /// Jumps to entry `target`'s state (0: the empty start) as one new entry, a child of the
    /// cursor labelled `restore #N`, whose images are the net difference between the two states:
    /// undoing it comes back. One `BEGIN IMMEDIATE` transaction. Throws `HistoryError` for an entry
    /// that does not exist or is already current.
    func restore(to target: Int64, origin: EntryOrigin) throws -> EditOutcome {
        try db.writeTransaction {
            let header = try header()
            guard target != header.cursor else { throw HistoryError.alreadyAt(target) }
            let now = TagSet(try tags())
            let then = try state(at: target, cursor: header.cursor, tags: now, settings: header.settings)
            let ids = Set(now.sorted.map(\.id)).union(then.tags.sorted.map(\.id)).sorted()
            let changes = ids.compactMap { id in now[id] == then.tags[id] ? nil : TagChange(id: id, before: now[id], after: then.tags[id]) }
            let settings = then.settings == header.settings ? nil : (before: header.settings, after: then.settings)
            let entry = HistoryEntry(label: "restore #\(target)", changes: changes, settings: settings)
            let seq = try record(entry, on: header, nextID: header.nextID, origin: origin)
            try restoreFonts(along: try path(from: header.cursor, to: target), seq: seq)
            let document = Document(tags: then.tags, settings: then.settings, size: try pictureSize(), nextID: TagID(header.nextID))
            return EditOutcome(document: document, entry: entry, notices: [])
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
    /// from the state at `cursor` (`tags`, `settings`) by reverting the entries from the cursor up
    /// to the entry both descend from and applying those from there down to `target`. Reads only
    /// the entries on that path. Throws `HistoryError.noSuchEntry` for an entry that does not exist.
    func state(at target: Int64, cursor: Int64, tags: TagSet, settings: ProjectSettings) throws -> (tags: TagSet, settings: ProjectSettings) {
        var state = (tags: tags, settings: settings)
        for (seq, backwards) in try path(from: cursor, to: target) {
            guard let entry = try entry(seq) else { throw damaged("history entry \(seq) is missing") }
            let images = backwards ? entry.reverted : entry
            state.tags.apply(images)
            if let change = images.settings { state.settings = change.after }
        }
        return state
    }

    /// The entries between entry `cursor`'s state and entry `target`'s, in the order to visit
    /// them: those to revert (`backwards`) from the cursor up to the entry both descend from, then
    /// those to apply from there down to the target. Throws `HistoryError.noSuchEntry` for an
    /// entry that does not exist.
    func path(from cursor: Int64, to target: Int64) throws -> [(seq: Int64, backwards: Bool)] {
        guard try target == 0 || node(target) != nil else { throw HistoryError.noSuchEntry(target) }
        var (upper, lower) = (cursor, target)
        var revert: [Int64] = [], apply: [Int64] = []
        // A parent is always older than its child, so stepping up from the newer of the two meets
        // their common ancestor.
        while upper != lower {
            if upper > lower { revert.append(upper); upper = try parent(of: upper) } else { apply.append(lower); lower = try parent(of: lower) }
        }
        return revert.map { ($0, true) } + apply.reversed().map { ($0, false) }
    }
}
