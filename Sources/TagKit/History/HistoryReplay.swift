/// Verifies that every branch of a history tree replays: a pure function over the entries.
///
/// Walks the tree depth-first from the empty start, applying each entry's after images on the way
/// down and its before images on the way back up, in memory. Every entry's before images (tags
/// and settings) must be exactly the state its parent left, and the state at the cursor must be
/// exactly the stored tags and settings. An entry on any branch that does not fit is named. The
/// state is changed in place, entry by entry, so the walk costs the entries' changes, not the
/// entries times the tags.
enum HistoryReplay {
    /// One entry of the tree: its seq, its parent (0: the start), what it changed.
    struct Node {
        var seq: Int64
        var parent: Int64
        var entry: HistoryEntry
    }

    /// The first problem found, as a sentence for `ProjectError.damaged`; nil when every branch
    /// replays to what is stored. `nodes` are in seq order.
    static func problem(_ nodes: [Node], cursor: Int64, tags: TagSet, settings: ProjectSettings) -> String? {
        var index: [Int64: Int] = [:]
        var children: [Int64: [Int64]] = [:]
        for (i, node) in nodes.enumerated() {
            index[node.seq] = i
            children[node.parent, default: []].append(node.seq)
        }
        for node in nodes where node.parent != 0 && index[node.parent] == nil {
            return tr("history entry {seq} continues from entry {parent}, which does not exist", ["seq": node.seq, "parent": node.parent])
        }
        guard cursor == 0 || index[cursor] != nil else { return tr("the history cursor names entry {cursor}, which does not exist", ["cursor": cursor]) }
        // The settings at the start: the stored ones with every settings change on the way from
        // the cursor up to the start undone.
        var startSettings = settings
        var at = cursor
        while at != 0, let i = index[at] {
            if let change = nodes[i].entry.settings { startSettings = change.before }
            at = nodes[i].parent
        }

        var state = (tags: TagSet(), settings: startSettings)
        if cursor == 0, let problem = mismatch(state.tags, state.settings, tags, settings) { return problem }
        enum Visit { case enter(Int64), leave(Int64) }
        var stack: [Visit] = (children[0] ?? []).reversed().map { .enter($0) }
        while let visit = stack.popLast() {
            switch visit {
            case .enter(let seq):
                let node = nodes[index[seq]!]
                for change in node.entry.changes where state.tags[change.id] != change.before {
                    return node.parent == 0
                        ? tr("history entry {seq} does not replay: its image of tag {id} before it is not the start's", ["seq": seq, "id": change.id])
                        : tr("history entry {seq} does not replay: its image of tag {id} before it is not entry {parent}'s",
                             ["seq": seq, "id": change.id, "parent": node.parent])
                }
                if let change = node.entry.settings {
                    guard change.before == state.settings else {
                        return node.parent == 0 ? tr("history entry {seq} does not replay: its settings before it are not the start's", ["seq": seq])
                            : tr("history entry {seq} does not replay: its settings before it are not entry {parent}'s", ["seq": seq, "parent": node.parent])
                    }
                    state.settings = change.after
                }
                state.tags.apply(node.entry)
                if seq == cursor, let problem = mismatch(state.tags, state.settings, tags, settings) { return problem }
                stack.append(.leave(seq))
                stack += (children[seq] ?? []).reversed().map { .enter($0) }
            case .leave(let seq):
                let entry = nodes[index[seq]!].entry
                state.tags.revert(entry)
                if let change = entry.settings { state.settings = change.before }
            }
        }
        return nil
    }

    /// What differs between the replayed state and the stored one, or nil.
    private static func mismatch(_ replayed: TagSet, _ replayedSettings: ProjectSettings, _ stored: TagSet,
                                 _ storedSettings: ProjectSettings) -> String? {
        if replayed != stored {
            let ids = Set(replayed.sorted.map(\.id)).union(stored.sorted.map(\.id)).sorted()
            let first = ids.first { replayed[$0] != stored[$0] }!
            return tr("replaying the history does not give tag {id} as stored", ["id": first])
        }
        return replayedSettings == storedSettings ? nil : tr("replaying the history does not give the settings as stored")
    }
}
