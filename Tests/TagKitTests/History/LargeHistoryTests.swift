import Foundation
import Testing
@testable import TagKit

/// A history of 10,000 entries in 100 branches, written straight into a project in one
/// transaction (as the schema documents it), so the test takes a moment, not 10,000 commands.
@Suite struct LargeHistoryTests {
    let measurer = FixedWidthMeasurer()

    /// Where tag #1's dot is after entry `seq`: a different x for each entry.
    static func x(_ seq: Int64) -> Double { 0.1 + Double(seq % 700) / 1000 }

    /// Entry 1 adds tag #1; every later entry moves it. Branch `b` (0…99) holds 100 entries; branch
    /// 0 starts at the start, each other branch from an entry of an earlier branch. Returns each
    /// entry's parent, and leaves the cursor on the last entry.
    static func generate(_ path: String, entries: Int64 = 10_000, branches: Int64 = 100) throws -> [Int64: Int64] {
        let db = try Database(path: path)
        var parents: [Int64: Int64] = [:]
        func tag(_ seq: Int64) -> [SQLValue] { [.text("dish"), .text("Soup"), .real(x(seq)), .real(0.5), .text("right"), .real(2)] }
        try db.writeTransaction {
            let history = try db.prepare("INSERT INTO history (seq, label, parent, time_ms, user, front_end) VALUES (?, ?, ?, ?, 'test', 'tagkit')")
            let changes = try db.prepare("""
                INSERT INTO history_changes (seq, tag_id, before_kind, before_text, before_x, before_y, before_side, before_label_em,
                                             after_kind, after_text, after_x, after_y, after_side, after_label_em)
                VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let perBranch = entries / branches
            for seq in Int64(1)...entries {
                let branch = (seq - 1) / perBranch
                let first = (seq - 1) % perBranch == 0
                // A branch's first entry continues from an entry somewhere in the branches before it.
                let parent = seq == 1 ? 0 : first ? 1 + (branch * 7_919) % (branch * perBranch) : seq - 1
                parents[seq] = parent
                try history.reset()
                try history.bind([.integer(seq), .text(seq == 1 ? "add dish #1 “Soup”" : "move #1"), .integer(parent), .integer(1_700_000_000_000 + seq)])
                try history.run()
                try changes.reset()
                try changes.bind([.integer(seq)] + (parent == 0 ? Array(repeating: .null, count: 6) : tag(parent)) + tag(seq))
                try changes.run()
            }
            try db.prepare("INSERT INTO tags (id, kind, text, x, y, side, label_em) VALUES (1, ?, ?, ?, ?, ?, ?)", tag(entries)).run()
            try db.prepare("UPDATE project SET history_cursor = ?, next_tag_id = 2", [.integer(entries)]).run()
        }
        return parents
    }

    @Test func checkReplaysEveryBranchOfTenThousandEntries() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let parents = try Self.generate(project.path)
        #expect(Set(parents.values).count < parents.count, "the generated history has forks")
        try project.check()
        #expect(try project.historyTree().items.count == 10_000)
        #expect(try project.history().items.count == depth(10_000, parents), "the current branch: the start to the cursor")
    }

    /// The branch read along the tree's links is the one made from the whole tree, wherever the
    /// cursor stands: at the tip, inside a branch (with redo entries after it), at a fork, at the start.
    @Test(arguments: [Int64(10_000), 5_050, 4_950, 2_001, 1, 0])
    func theBranchReadAlongItsLinksIsTheOneTheWholeTreeGives(_ cursor: Int64) throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try Self.generate(project.path)
        try Database(path: project.path).prepare("UPDATE project SET history_cursor = ?", [.integer(cursor)]).run()
        let tree = try project.historyTree()
        let branch = try project.history()
        #expect(branch == HistoryLog.branch(of: tree.items, cursor: cursor))
        #expect(branch.items.contains { $0.undone } == (cursor != 10_000), "redo entries follow the cursor unless it is the tip of the last branch")
    }

    @Test func aTamperedEntryDeepInASideBranchIsNamed() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try Self.generate(project.path)
        // Entry 5,050 sits in the middle of branch 50, not on the way to the cursor.
        let db = try Database(path: project.path)
        try db.execute("UPDATE history_changes SET after_x = 0.9 WHERE seq = 5050")
        #expect { try Project.open(project.path, forWriting: false).check() } throws: { error in
            (error as? TagProjError)?.message.contains("history entry 5051 does not replay: its image of tag #1 before it is not entry 5050's") == true
        }
    }

    @Test func editUndoRedoAndJumpsWorkOnALargeTree() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let parents = try Self.generate(project.path)
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5)))))
        #expect(try project.undo().labels == ["move #1 to 0.500,0.500"])
        #expect(try project.redo().labels == ["move #1 to 0.500,0.500"])
        // Back to entry 9,999 and a new edit there: two branches continue from it.
        _ = try project.undo(steps: 2)
        #expect(try project.history().cursor == parents[10_000])
        _ = try project.perform(.flip(TagID(1)))
        _ = try project.undo()
        let redo = try project.redo()
        #expect(redo == StepResult(labels: ["flip #1"], notices: [.otherBranch(seq: 10_000, label: "move #1")]))
        // Entry 1's state lies 1 + depth entries away, across branches.
        _ = try project.restore(to: 5_050)
        #expect(try project.tags().first?.anchor.x == Self.x(5_050))
        #expect(try project.state(at: 1).tags.first?.anchor.x == Self.x(1))
        try project.check()
    }

    /// How many entries lie on the path from the start to `seq`.
    private func depth(_ seq: Int64, _ parents: [Int64: Int64]) -> Int {
        var count = 0
        var at = seq
        while at != 0 { count += 1; at = parents[at]! }
        return count
    }
}
