import Foundation
import Testing
@testable import TagKit

/// The history as a tree: nothing an edit after undo does throws work away, every state can be
/// reached again, and `check` replays every branch.
@Suite struct HistoryTreeTests {
    let measurer = FixedWidthMeasurer()

    /// A project with `add #1` (1), `move #1` (2), then undo and `flip #1` (3): two branches from 1.
    private func forked(in dir: TemporaryDirectory) throws -> Project {
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: .right), measurer: measurer)
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.4, y: 0.6)))))
        _ = try project.undo()
        _ = try project.perform(.flip(TagID(1)))
        return project
    }

    @Test func redoFollowsTheNewestBranchAndNamesTheOther() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        #expect(try project.undo().labels == ["flip #1"])
        let redo = try project.redo()
        #expect(redo == StepResult(labels: ["flip #1"], notices: [.otherBranch(seq: 2, label: "move #1 to 0.400,0.600")]))
        #expect(try project.tags().first?.side == .left && project.tags().first?.anchor.x == 0.3)
        #expect(try project.history().items.map(\.seq) == [1, 3])
        try project.check()
    }

    @Test func undoGoesToTheParentWhicheverBranchTheCursorIsOn() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        // Over to the older branch: the entry 2 state, then undo goes to its parent, 1.
        _ = try project.restore(to: 2)
        #expect(try project.tags().first?.anchor == NormalizedPoint(x: 0.4, y: 0.6) && project.tags().first?.side == .right)
        #expect(try project.undo().labels == ["restore #2"])
        #expect(try project.tags().first?.side == .left, "undoing the jump comes back to entry 3's state")
        #expect(try project.undo(steps: 2).labels == ["flip #1", "add dish #1 “Soup”"])
        #expect(try project.tags().isEmpty)
        try project.check()
    }

    @Test func restoreIsOneNewEntryOnTopOfTheCursorHoldingTheNetChange() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        let result = try project.restore(to: 0)
        #expect(try result.label == "restore #0" && project.tags().isEmpty)
        let tree = try project.historyTree()
        #expect(tree.cursor == 4 && tree.items.last?.parent == 3 && tree.items.count == 4)
        let entry = try #require(try project.store.entry(4))
        #expect(entry.changes.count == 1 && entry.changes[0].after == nil && entry.changes[0].before?.side == .left)
        try project.check()
    }

    @Test func restoringTheCurrentOrAMissingEntryIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        let before = contents(project.path)
        #expect(throws: HistoryError.alreadyAt(3)) { try project.restore(to: 3) }
        #expect(throws: HistoryError.noSuchEntry(9)) { try project.restore(to: 9) }
        #expect(throws: HistoryError.noSuchEntry(9)) { try project.state(at: 9) }
        #expect(contents(project.path) == before)
    }

    @Test func everyEntrysStateIsComputedWithoutChangingTheProject() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        var states: [Int64: ([Tag], ProjectSettings)] = [0: ([], try project.settings())]
        func remember() throws { states[try project.history().cursor] = (try project.tags(), try project.settings()) }
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: measurer); try remember()
        _ = try project.perform(.add(kind: .price, text: "12", at: nil, side: nil), measurer: measurer); try remember()
        _ = try project.perform(.set(SettingsChange(currency: "$")), measurer: measurer); try remember()
        _ = try project.undo(steps: 2)
        _ = try project.perform(.edit(TagID(1), text: "Noodles"), measurer: measurer); try remember()
        _ = try project.perform(.delete(TagID(1))); try remember()
        let file = contents(project.path)
        for (seq, (tags, settings)) in states {
            let state = try project.state(at: seq)
            #expect(state.tags == tags && state.settings == settings, "entry \(seq)")
        }
        #expect(contents(project.path) == file)
        try project.check()
    }

    @Test func checkNamesATamperedEntryOnASideBranch() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        try project.check()
        // Entry 2 lies on the branch that is not current: its before image no longer fits entry 1.
        let db = try Database(path: project.path)
        try db.execute("UPDATE history_changes SET before_x = 0.7 WHERE seq = 2")
        #expect { try Project.open(project.path, forWriting: false).check() } throws: { error in
            "\(error)".contains("history entry 2 does not replay") || (error as? TagProjError)?.message.contains("history entry 2 does not replay") == true
        }
    }

    @Test func checkNamesAnEntryWhoseParentIsMissing() throws {
        let dir = TemporaryDirectory()
        let project = try forked(in: dir)
        let db = try Database(path: project.path)
        try db.execute("DELETE FROM history_changes WHERE seq = 1; DELETE FROM history WHERE seq = 1")
        #expect { try Project.open(project.path, forWriting: false).check() } throws: { error in
            (error as? TagProjError)?.message.contains("continues from entry 1, which does not exist") == true
        }
    }
}
