/// One entry's row as a walk through the history reads it: where the entry stands in the tree,
/// its label and who made it. Its changes are read apart (`HistoryRows.entry(_:)`), and only for
/// the entries a walk passes.
struct HistoryNode: Equatable, Sendable {
    /// The entry's id: 1, 2, 3… in the order entries were made.
    var seq: Int64
    /// The entry it was applied on top of; 0 for the empty start. Older than `seq` in a sound tree.
    var parent: Int64
    /// The entry's label.
    var label: EntryLabel
    /// When, by whom and from where it was made.
    var origin: EntryOrigin

    /// The node with the given fields.
    init(seq: Int64, parent: Int64, label: EntryLabel, origin: EntryOrigin) {
        self.seq = seq; self.parent = parent; self.label = label; self.origin = origin
    }

    /// The node of a listed entry (its `undone` mark is the listing's, not the tree's).
    init(_ item: HistoryLog.Item) {
        self.init(seq: item.seq, parent: item.parent, label: item.label, origin: item.origin)
    }
}

/// What a walk through the history (`HistoryWalk`) asks of the tree, one row at a time.
///
/// The store answers each question with one indexed lookup, so a walk costs the entries it
/// passes, never the size of the tree; a test answers from a dictionary. Throwing is for a row
/// that cannot be read (the store's damage or lock errors pass up through the walk unchanged).
protocol HistoryRows {
    /// Entry `seq`'s row, or nil when the history holds none.
    func node(_ seq: Int64) throws -> HistoryNode?
    /// The entries applied on top of `seq` (0: the start), newest first, at most `limit`.
    func children(of seq: Int64, limit: Int) throws -> [HistoryNode]
    /// Entry `seq`'s label and changes, or nil when the history holds none.
    func entry(_ seq: Int64) throws -> HistoryEntry?
}

/// A link of the history tree that leads nowhere, as a walk finds it in a damaged tree: the store
/// reports it as a damaged project, naming the entry.
enum HistoryLinkError: Error, Equatable {
    /// Entry `seq` is named (by the cursor, as a parent, on a path) but the history holds none.
    case missingEntry(Int64)
    /// Entry `seq` names a parent that is not older than itself, so walking up would never end.
    case parentNotOlder(Int64)
}
