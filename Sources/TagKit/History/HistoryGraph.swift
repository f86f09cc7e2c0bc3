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
///
/// A branch nested deeper than ``maximumColumns`` columns is folded, as a pager folds a long
/// line: the first columns, then how many are left out, then the row's own column
/// (`│  │  … (+7990) ├─ `), so every lead is at most ``maximumLeadWidth`` characters wide and the
/// whole drawing grows with the number of entries, never with their product with the depth.
public enum HistoryGraph {
    /// One line: the graph drawn before the entry, and the entry (nil for the start).
    public struct Row: Equatable, Sendable {
        /// `""`, `"├─ "`, `"│  ├─ "`…, folded past ``HistoryGraph/maximumColumns`` columns.
        public var lead: String
        /// The entry on this line; nil for the empty start.
        public var item: HistoryLog.Item?
        /// A row drawing `lead` before `item`.
        public init(lead: String, item: HistoryLog.Item?) { self.lead = lead; self.item = item }
    }

    /// The most graph columns a lead draws in full; a deeper one is folded.
    public static let maximumColumns = 10
    /// How many leading columns a folded lead keeps before saying how many it leaves out.
    static let keptColumns = maximumColumns - 2
    /// The widest lead, in characters: the kept columns, `… (+N) ` for the largest N, the row's column.
    public static let maximumLeadWidth = 3 * keptColumns + "… (+) ".count + String(Int.max).count + 3

    /// The rows for every entry of `log` (a tree log, entries in seq order), the start first.
    public static func rows(_ log: HistoryLog) -> [Row] {
        var children: [Int64: [HistoryLog.Item]] = [:]
        for item in log.items { children[item.parent, default: []].append(item) }
        var rows: [Row] = []
        rows.reserveCapacity(log.items.count + 1)
        // Depth-first with an explicit stack, so a deep tree cannot exhaust the call stack: each
        // element is an entry (nil: the start), how many columns in it is drawn, and whether its
        // line opens an older branch (`├─`) or continues one (`│`). Its children are drawn from
        // the same column (the newest) or one further in (each older one).
        var stack: [(item: HistoryLog.Item?, columns: Int, opens: Bool)] = [(nil, 0, false)]
        while let (item, columns, opens) = stack.popLast() {
            rows.append(Row(lead: lead(columns: columns, opensBranch: opens), item: item))
            let next = children[item?.seq ?? 0] ?? []
            guard let newest = next.last else { continue }
            stack.append((newest, columns, false))
            for older in next.dropLast().reversed() { stack.append((older, columns + 1, true)) }
        }
        return rows
    }

    /// The graph before an entry drawn `columns` columns in: a `│  ` for each column, the last one
    /// `├─ ` when the entry opens a branch. Past ``maximumColumns`` the middle columns are folded
    /// into `… (+N) `, N the number left out.
    static func lead(columns: Int, opensBranch: Bool) -> String {
        guard columns > 0 else { return "" }
        let last = opensBranch ? "├─ " : "│  "
        if columns <= maximumColumns { return String(repeating: "│  ", count: columns - 1) + last }
        return String(repeating: "│  ", count: keptColumns) + "… (+\(columns - keptColumns - 1)) " + last
    }
}
