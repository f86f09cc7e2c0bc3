/// The history tree laid out as lines of text, as `history --tree` draws it.
///
/// Entries read from the start down, oldest first. Where several entries continue from one, the
/// newest continues in the same column (it is the branch redo follows) and each older one is drawn
/// first, with its whole branch, one column in: its first line starts `├─`, the rest of its
/// branch hangs from a `│`. The order is a function of the seqs alone, so it is stable.
///
/// ```
///    0  (start)
///    1  add dish #1 “宫保鸡丁”
///    ├─ 2  move #1 to 0.40,0.52
///    │  3  flip #1
///    4  edit #1 “宫保鸡丁” → “麻婆豆腐”
/// ```
public enum HistoryGraph {
    /// One line: the graph drawn before the entry, and the entry (nil for the start).
    public struct Row: Equatable, Sendable {
        /// `""`, `"├─ "`, `"│  ├─ "`…
        public var lead: String
        /// The entry on this line; nil for the empty start.
        public var item: HistoryLog.Item?
        /// A row drawing `lead` before `item`.
        public init(lead: String, item: HistoryLog.Item?) { self.lead = lead; self.item = item }
    }

    /// The rows for every entry of `log` (a tree log, entries in seq order), the start first.
    public static func rows(_ log: HistoryLog) -> [Row] {
        var children: [Int64: [HistoryLog.Item]] = [:]
        for item in log.items { children[item.parent, default: []].append(item) }
        var rows: [Row] = []
        // Depth-first with an explicit stack, so a deep tree cannot exhaust the call stack: each
        // element is an entry (nil: the start) with the lead of its own line and of what hangs below.
        var stack: [(item: HistoryLog.Item?, lead: String, below: String)] = [(nil, "", "")]
        while let (item, lead, below) = stack.popLast() {
            rows.append(Row(lead: lead, item: item))
            let next = children[item?.seq ?? 0] ?? []
            guard let newest = next.last else { continue }
            stack.append((newest, below, below))
            for older in next.dropLast().reversed() { stack.append((older, below + "├─ ", below + "│  ")) }
        }
        return rows
    }
}
