/// The tags and settings of one state of the history: what a walk carries along a path.
struct HistoryState: Equatable, Sendable {
    /// Every tag of the state.
    var tags: TagSet
    /// The project settings of the state.
    var settings: ProjectSettings
}

/// What a jump to an earlier state records, decided before anything is written: the path from the
/// cursor's state to the target's, and the label of the one entry the jump appends. The entry's
/// images are the net difference the path makes (`entry(from:to:)`), so undoing it comes back.
struct RestorePlan: Equatable, Sendable {
    /// The entries from the cursor's state to the target's, in the order to visit them.
    var path: [HistoryVisit]
    /// `restore #N`, N the target's seq (0: the empty start).
    var wording: LabelWording
    /// The label's English, as stored.
    var label: String { wording.english }

    /// The entry that takes `now` (the cursor's state) to `then` (the target's): each tag that
    /// differs, in id order, from its image now to its image then, and the settings if they differ.
    func entry(from now: HistoryState, to then: HistoryState) -> HistoryEntry {
        let ids = Set(now.tags.sorted.map(\.id)).union(then.tags.sorted.map(\.id)).sorted()
        let changes = ids.compactMap { id in now.tags[id] == then.tags[id] ? nil : TagChange(id: id, before: now.tags[id], after: then.tags[id]) }
        let settings = then.settings == now.settings ? nil : (before: now.settings, after: then.settings)
        return HistoryEntry(wording: wording, changes: changes, settings: settings)
    }
}

extension HistoryWalk {
    /// The plan for jumping from entry `cursor`'s state to entry `target`'s (0: the empty start).
    /// Throws `HistoryError.alreadyAt` when the target is the cursor, `HistoryError.noSuchEntry`
    /// for a target the history does not hold.
    static func restore(to target: Int64, from cursor: Int64, in rows: some HistoryRows) throws -> RestorePlan {
        guard target != cursor else { throw HistoryError.alreadyAt(target) }
        return RestorePlan(path: try path(from: cursor, to: target, in: rows), wording: .restore(target: target))
    }

    /// Entry `target`'s state (0: the empty start), computed in memory from `now`, entry
    /// `cursor`'s state, along the path between them. Reads only the entries on that path.
    static func state(at target: Int64, from cursor: Int64, _ now: HistoryState, in rows: some HistoryRows) throws -> HistoryState {
        try state(along: path(from: cursor, to: target, in: rows), from: now, in: rows)
    }

    /// The state at the end of `path` from `start`: each visited entry's images taken in turn.
    static func state(along path: [HistoryVisit], from start: HistoryState, in rows: some HistoryRows) throws -> HistoryState {
        var state = start
        for visit in path {
            guard let entry = try rows.entry(visit.seq) else { throw HistoryLinkError.missingEntry(visit.seq) }
            let images = visit.images(of: entry)
            state.tags.apply(images)
            if let change = images.settings { state.settings = change.after }
        }
        return state
    }
}
