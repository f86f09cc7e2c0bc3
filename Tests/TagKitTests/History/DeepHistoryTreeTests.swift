import Testing
@testable import TagKit

/// A history nested thousands of branches deep, drawn as `history --tree` draws it: the graph is
/// folded past ``HistoryGraph/maximumColumns`` columns, so every lead is bounded and the drawing
/// grows with the number of entries, not with the number times the depth (issue 20).
@Suite struct DeepHistoryTreeTests {
    func item(_ seq: Int64, _ parent: Int64) -> HistoryLog.Item {
        HistoryLog.Item(seq: seq, parent: parent, label: "#\(seq)", undone: false, origin: EntryOrigin(timeMS: nil, user: nil, frontEnd: nil, session: nil))
    }

    /// Entry k (1…levels) continues from k - 1 and entry levels + k from k: every entry up to
    /// `levels` has an older child, drawn one column further in, and a newer one.
    func nested(_ levels: Int64) -> HistoryLog {
        HistoryLog(items: (1...levels).map { item($0, $0 - 1) } + (1...levels).map { item(levels + $0, $0) }, cursor: 0)
    }

    @Test func everyLeadOfATreeEightThousandLevelsDeepIsBoundedAndTheDrawingIsLinear() {
        let rows = HistoryGraph.rows(nested(8_000))
        #expect(rows.count == 16_001)
        #expect(rows.allSatisfy { $0.lead.count <= HistoryGraph.maximumLeadWidth })
        #expect(rows.reduce(0) { $0 + $1.lead.utf8.count } <= 3 * HistoryGraph.maximumLeadWidth * rows.count)
        // Entry 8,000 opens a branch 7,999 columns in: eight drawn, 7,990 folded, its own.
        let deepest = rows.first { $0.item?.seq == 8_000 }!
        #expect(deepest.lead == String(repeating: "│  ", count: 8) + "… (+7990) ├─ ")
        #expect(rows.first { $0.item?.seq == 16_000 }!.lead == String(repeating: "│  ", count: 8) + "… (+7990) │  ")
    }

    @Test func aTreeUpToTheFoldIsDrawnInFullAndTheFirstFoldedColumnSaysSo() {
        let rows = HistoryGraph.rows(nested(12))
        let leads = Dictionary(uniqueKeysWithValues: rows.compactMap { row in row.item.map { ($0.seq, row.lead) } })
        // Entry k + 1 opens a branch k columns in.
        for k in 1...HistoryGraph.maximumColumns {
            #expect(leads[Int64(k + 1)] == String(repeating: "│  ", count: k - 1) + "├─ ")
            #expect(leads[Int64(12 + k + 1)] == String(repeating: "│  ", count: k), "entry \(k + 1)'s newer child continues its column")
        }
        #expect(leads[12] == String(repeating: "│  ", count: 8) + "… (+2) ├─ ")
        #expect(leads[24] == String(repeating: "│  ", count: 8) + "… (+2) │  ")
    }
}
