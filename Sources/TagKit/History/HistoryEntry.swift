/// What one edit did to one tag: its image before and after (nil where it did not exist).
public struct TagChange: Equatable, Sendable {
    public var id: TagID
    public var before: Tag?
    public var after: Tag?
    public init(id: TagID, before: Tag?, after: Tag?) { self.id = id; self.before = before; self.after = after }
}

/// One step of the project's history: a label for people, and the before/after images of the tags
/// it touched. Storing only the touched tags keeps an entry's cost proportional to the edit,
/// whatever the project's size.
public struct HistoryEntry: Equatable, Sendable {
    /// Position in the history, from 1.
    public var seq: Int64
    /// `add dish #3 “宫保鸡丁”`, `move #3`, `flip #2`…
    public var label: String
    public var changes: [TagChange]
    public init(seq: Int64, label: String, changes: [TagChange]) {
        self.seq = seq; self.label = label; self.changes = changes
    }
}

/// The history as `history` shows it: every entry's label, and the cursor.
public struct HistoryLog: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public var seq: Int64
        public var label: String
        /// True for the redo tail: entries after the cursor.
        public var undone: Bool
    }
    public var items: [Item]
    /// The seq of the last applied entry; 0 when everything is undone or nothing was done.
    public var cursor: Int64
}

extension TagSet {
    /// The tags after `entry` is applied (redo): every touched tag takes its after image.
    public func applying(_ entry: HistoryEntry) -> TagSet {
        var tags = self
        for change in entry.changes { tags[change.id] = change.after }
        return tags
    }

    /// The tags after `entry` is reverted (undo): every touched tag takes its before image.
    public func reverting(_ entry: HistoryEntry) -> TagSet {
        var tags = self
        for change in entry.changes.reversed() { tags[change.id] = change.before }
        return tags
    }

    /// Replays `entries` in order from an empty project: what the tags must be if the history is
    /// consistent with them.
    public static func replaying(_ entries: [HistoryEntry]) -> TagSet {
        entries.reduce(TagSet()) { $0.applying($1) }
    }
}
