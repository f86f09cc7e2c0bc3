/// Entries as `history` lists them: one branch (`Project.history()`) or the whole tree
/// (`Project.historyTree()`), with the cursor.
public struct HistoryLog: Equatable, Sendable {
    /// One entry as listed.
    public struct Item: Equatable, Sendable {
        /// The entry's id: 1, 2, 3… in the order entries were made, whatever their branch.
        public var seq: Int64
        /// The entry it was applied on top of; 0 for the empty start.
        public var parent: Int64
        /// The entry's label: `label.stored` the English the project keeps (what `--json` shows),
        /// `"\(label)"` worded in the reader's language.
        public var label: EntryLabel
        /// True when the entry is not part of the current state: beyond the cursor on its branch
        /// (what redo would apply) or on another branch.
        public var undone: Bool
        /// When, by whom and from where it was made.
        public var origin: EntryOrigin

        /// An item with the given fields.
        public init(seq: Int64, parent: Int64, label: EntryLabel, undone: Bool, origin: EntryOrigin) {
            self.seq = seq; self.parent = parent; self.label = label; self.undone = undone; self.origin = origin
        }
    }
    /// The entries: for a branch, from the start to its tip; for the tree, in seq order.
    public var items: [Item]
    /// The seq of the entry whose state is current; 0 for the empty start.
    public var cursor: Int64

    /// A log of `items` with `cursor`.
    public init(items: [Item], cursor: Int64) { self.items = items; self.cursor = cursor }
}

extension HistoryLog {
    /// The branch the cursor is on, from the start: the path from the start to the cursor, then
    /// onward along the newest child of each entry (what redo would follow), marked undone.
    /// `tree` is every entry in seq order.
    static func branch(of tree: [Item], cursor: Int64) -> HistoryLog {
        var byID: [Int64: Int] = [:]
        var newestChild: [Int64: Int64] = [:]
        for (index, item) in tree.enumerated() {
            byID[item.seq] = index
            newestChild[item.parent] = max(newestChild[item.parent] ?? 0, item.seq)
        }
        var path: [Item] = []
        var at = cursor
        while at != 0, let index = byID[at] {
            var item = tree[index]
            item.undone = false
            path.append(item)
            at = item.parent
        }
        path.reverse()
        at = cursor
        while let next = newestChild[at], let index = byID[next] {
            var item = tree[index]
            item.undone = true
            path.append(item)
            at = next
        }
        return HistoryLog(items: path, cursor: cursor)
    }

    /// Marks every item of `tree` that is not on the path from the start to `cursor` as undone.
    static func tree(_ tree: [Item], cursor: Int64) -> HistoryLog {
        let applied = Set(branch(of: tree, cursor: cursor).items.filter { !$0.undone }.map(\.seq))
        return HistoryLog(items: tree.map { item in
            var item = item
            item.undone = !applied.contains(item.seq)
            return item
        }, cursor: cursor)
    }
}
