import Testing
@testable import TagKit

/// Undo and redo decided by the pure walk over a tree in memory: where each step goes, what it
/// says, and how it runs out, with no project file.
@Suite struct HistoryWalkStepTests {
    let me = EntryOrigin.of("ann", "cli", session: 7)

    /// 1 on the start; 2 and 3 both on 1 (a fork, 3 the newer); 4 on 3.
    func forked() -> MemoryHistory {
        MemoryHistory().add(1, on: 0, "add #1").add(2, on: 1, "move #1").add(3, on: 1, "flip #1").add(4, on: 3, "edit #1")
    }

    @Test func undoGoesUpToEachParentWhicheverBranchTheCursorIsOn() throws {
        let plan = try HistoryWalk.step(.undo, steps: 2, from: 4, origin: me, in: forked())
        #expect(plan.visits == [HistoryVisit(seq: 4, backwards: true), HistoryVisit(seq: 3, backwards: true)])
        #expect(plan.cursor == 1)
        #expect(plan.result == StepResult(labels: ["edit #1", "flip #1"], notices: []))
        #expect(try HistoryWalk.step(.undo, steps: 1, from: 2, origin: me, in: forked()).cursor == 1)
    }

    @Test func redoFollowsTheNewestChildAndNamesTheOtherBranchWhereItPassesAFork() throws {
        let plan = try HistoryWalk.step(.redo, steps: 3, from: 0, origin: me, in: forked())
        #expect(plan.visits == [1, 3, 4].map { HistoryVisit(seq: $0, backwards: false) })
        #expect(plan.cursor == 4)
        #expect(plan.result == StepResult(labels: ["add #1", "flip #1", "edit #1"], notices: [.otherBranch(seq: 2, label: "move #1")]))
    }

    @Test func redoWithoutAForkSaysNothing() throws {
        let plan = try HistoryWalk.step(.redo, steps: 1, from: 3, origin: me, in: forked())
        #expect(plan.visits == [HistoryVisit(seq: 4, backwards: false)] && plan.result.notices.isEmpty)
    }

    @Test func undoingAnEntryMadeElsewhereSaysByWhomAndWhetherOnlyTheShellDiffers() throws {
        let tree = MemoryHistory()
            .add(1, on: 0, "add #1", origin: .nobody)
            .add(2, on: 1, "add #2", origin: .of("bob", "cli", session: 7))
            .add(3, on: 2, "add #3", origin: .of("ann", "editor", session: 7))
            .add(4, on: 3, "add #4", origin: .of("ann", "cli", session: 9))
            .add(5, on: 4, "add #5", origin: me)
        let plan = try HistoryWalk.step(.undo, steps: 5, from: 5, origin: me, in: tree)
        #expect(plan.cursor == 0)
        #expect(plan.result.notices == [
            .undidOthersEdit(seq: 4, label: "add #4", user: "ann", frontEnd: "cli", otherShell: true),
            .undidOthersEdit(seq: 3, label: "add #3", user: "ann", frontEnd: "editor", otherShell: false),
            .undidOthersEdit(seq: 2, label: "add #2", user: "bob", frontEnd: "cli", otherShell: false),
        ], "my own entry (5) and one without an origin (1) say nothing")
    }

    @Test func redoNeverSaysWhoseEntryItRedoes() throws {
        let tree = MemoryHistory().add(1, on: 0, "add #1", origin: .of("bob", "editor"))
        #expect(try HistoryWalk.step(.redo, steps: 1, from: 0, origin: me, in: tree).result.notices.isEmpty)
    }

    @Test func nothingToUndoOrRedoIsTheErrorStepsAlwaysGave() throws {
        #expect(throws: HistoryError.nothingToUndo) { try HistoryWalk.step(.undo, steps: 1, from: 0, origin: me, in: forked()) }
        #expect(throws: HistoryError.nothingToRedo) { try HistoryWalk.step(.redo, steps: 1, from: 4, origin: me, in: forked()) }
        #expect(throws: HistoryStep.exhausted(.undo, requested: 4, done: 3)) {
            try HistoryWalk.step(.undo, steps: 4, from: 4, origin: me, in: forked())
        }
        #expect(throws: HistoryError.tooFewSteps(requested: 5, available: 3, undo: false)) {
            try HistoryWalk.step(.redo, steps: 5, from: 0, origin: me, in: forked())
        }
    }

    @Test func aCursorOrParentThatLeadsNowhereIsABrokenLink() throws {
        let tree = forked()
        tree.remove(3)
        #expect(throws: HistoryLinkError.missingEntry(3)) { try HistoryWalk.step(.undo, steps: 1, from: 3, origin: me, in: tree) }
        #expect(throws: HistoryLinkError.missingEntry(3)) { try HistoryWalk.step(.undo, steps: 2, from: 4, origin: me, in: tree) }
        let loop = MemoryHistory().add(1, on: 0, "add #1").add(2, on: 2, "a loop")
        #expect(throws: HistoryLinkError.parentNotOlder(2)) { try HistoryWalk.step(.undo, steps: 1, from: 2, origin: me, in: loop) }
    }

    @Test func eachStepReadsAFewRowsWhateverTheTreesSize() throws {
        let tree = MemoryHistory()
        for seq in Int64(1)...5_000 { tree.add(seq, on: seq - 1, "#\(seq)") }
        _ = try HistoryWalk.step(.undo, steps: 3, from: 5_000, origin: me, in: tree)
        #expect(tree.rowsRead == 3)
        _ = try HistoryWalk.step(.redo, steps: 2, from: 10, origin: me, in: tree)
        #expect(tree.rowsRead == 3 + 2, "one child row per redo step where no fork is")
    }
}
