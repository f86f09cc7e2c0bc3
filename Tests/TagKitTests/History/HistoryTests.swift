import Testing
@testable import TagKit

@Suite struct HistoryTests {
    func tag(_ id: Int64, x: Double = 0.5, text: String = "Soup") -> Tag {
        Tag(id: TagID(id), kind: .dish, text: text, anchor: NormalizedPoint(x: x, y: 0.5), side: .right, labelEm: 2)
    }

    @Test func applyingThenRevertingAnEntryRestoresTheTags() {
        let start = TagSet([tag(1), tag(2)])
        let entry = HistoryEntry(label: "move #1", changes: [TagChange(id: TagID(1), before: tag(1), after: tag(1, x: 0.2))])
        let after = start.applying(entry)
        #expect(after[TagID(1)]?.anchor.x == 0.2)
        #expect(after.reverting(entry) == start)
    }

    @Test func addAndDeleteAreChangesFromAndToNothing() {
        let add = HistoryEntry(label: "add", changes: [TagChange(id: TagID(1), before: nil, after: tag(1))])
        let delete = HistoryEntry(label: "delete", changes: [TagChange(id: TagID(1), before: tag(1), after: nil)])
        let tags = TagSet().applying(add).applying(delete)
        #expect(tags.count == 0)
        #expect(tags.reverting(delete) == TagSet([tag(1)]))
    }

    @Test func replayingFromEmptyReproducesTheState() {
        let entries = [
            HistoryEntry(label: "add", changes: [TagChange(id: TagID(1), before: nil, after: tag(1))]),
            HistoryEntry(label: "add", changes: [TagChange(id: TagID(2), before: nil, after: tag(2))]),
            HistoryEntry(label: "edit", changes: [TagChange(id: TagID(1), before: tag(1), after: tag(1, text: "Tea"))]),
        ]
        #expect(TagSet.replaying(entries) == TagSet([tag(1, text: "Tea"), tag(2)]))
    }
}

@Suite struct HistoryStepTests {
    @Test func runningOutOfEntriesSaysHowManyThereWere() {
        #expect(HistoryStep.exhausted(.undo, requested: 1, done: 0) == .nothingToUndo)
        #expect(HistoryStep.exhausted(.redo, requested: 1, done: 0) == .nothingToRedo)
        #expect(HistoryStep.exhausted(.redo, requested: 3, done: 2) == .tooFewSteps(requested: 3, available: 2, undo: false))
    }

    @Test func theRevertedEntrySwapsEachImageInReverseOrder() {
        let a = Tag(id: TagID(1), kind: .dish, text: "Soup", anchor: .centre, side: .right, labelEm: 2)
        let entry = HistoryEntry(label: "two", changes: [TagChange(id: TagID(1), before: nil, after: a),
                                                         TagChange(id: TagID(2), before: a, after: nil)])
        #expect(entry.reverted.changes == [TagChange(id: TagID(2), before: nil, after: a), TagChange(id: TagID(1), before: a, after: nil)])
        #expect(entry.reverted.reverted == entry)
    }
}

@Suite struct ProjectHistoryTests {
    let measurer = FixedWidthMeasurer()

    @Test func undoAndRedoStepThroughEdits() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: measurer)
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.4, y: 0.6)))))
        _ = try project.perform(.flip(TagID(1)))
        #expect(try project.undo().labels == ["flip #1"])
        #expect(try project.tags().first?.side == .right)
        #expect(try project.undo(steps: 2).labels == ["move #1 to 0.400,0.600", "add dish #1 “Soup”"])
        #expect(try project.tags().isEmpty)
        #expect(throws: HistoryError.nothingToUndo) { try project.undo() }
        #expect(try project.redo(steps: 3) == StepResult(labels: ["add dish #1 “Soup”", "move #1 to 0.400,0.600", "flip #1"], notices: []))
        #expect(try project.tags().first?.side == .left)
        #expect(throws: HistoryError.nothingToRedo) { try project.redo() }
        try project.check()
    }

    @Test func aNewEditAfterUndoStartsABranchAndKeepsTheOldOne() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: measurer)
        _ = try project.perform(.add(kind: .price, text: "12", at: nil, side: nil), measurer: measurer)
        _ = try project.undo()
        _ = try project.perform(.add(kind: .price, text: "13", at: nil, side: nil), measurer: measurer)
        let log = try project.history()
        #expect(log.items.map(\.label) == ["add dish #1 “Soup”", "add price #3 “¥13”"])
        #expect(log.cursor == 3 && log.items.map(\.parent) == [0, 1] && log.items.allSatisfy { !$0.undone })
        let tree = try project.historyTree()
        #expect(tree.items.map(\.seq) == [1, 2, 3] && tree.items.map(\.parent) == [0, 1, 1])
        #expect(tree.items.map(\.undone) == [false, true, false], "the old branch is kept, outside the current state")
        #expect(throws: HistoryError.nothingToRedo) { try project.redo() }
        // The id of the undone tag on the other branch is never handed out again.
        #expect(try project.tags().map(\.id.rawValue) == [1, 3])
        try project.check()
    }

    @Test func tooManyStepsIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: measurer)
        let before = contents(project.path)
        #expect(throws: HistoryError.tooFewSteps(requested: 2, available: 1, undo: true)) { try project.undo(steps: 2) }
        #expect(contents(project.path) == before)
    }

    @Test func deleteThenUndoBringsTheSameTagBack() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let added = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.2, y: 0.7)), side: .right), measurer: measurer).tag
        _ = try project.perform(.delete(TagID(1)))
        #expect(try project.tags().isEmpty)
        _ = try project.undo()
        #expect(try project.tags() == [added!])
    }
}

@Suite struct HistoryGraphTests {
    func item(_ seq: Int64, _ parent: Int64) -> HistoryLog.Item {
        HistoryLog.Item(seq: seq, parent: parent, label: "#\(seq)", undone: false, origin: EntryOrigin(timeMS: nil, user: nil, frontEnd: nil, session: nil))
    }

    @Test func olderBranchesAreDrawnFirstOneColumnInAndTheNewestContinuesBelow() {
        // 0 ─ 1 ─ 2 ─ 4        the start has children 1 and 6, entry 1 has 2 and 3, entry 2 has 4 and 5
        //   │   │   └ 5
        //   │   └ 3
        //   └ 6
        let log = HistoryLog(items: [item(1, 0), item(2, 1), item(3, 1), item(4, 2), item(5, 2), item(6, 0)], cursor: 6)
        let rows = HistoryGraph.rows(log)
        #expect(rows.map { $0.item?.seq ?? 0 } == [0, 1, 2, 4, 5, 3, 6])
        #expect(rows.map(\.lead) == ["", "├─ ", "│  ├─ ", "│  │  ├─ ", "│  │  ", "│  ", ""])
    }

    @Test func theBranchOfTheCursorRunsFromTheStartAndOnAlongTheNewestChildren() {
        let tree = [item(1, 0), item(2, 1), item(3, 1), item(4, 2), item(5, 3), item(6, 3)]
        let branch = HistoryLog.branch(of: tree, cursor: 1)
        #expect(branch.items.map(\.seq) == [1, 3, 6] && branch.items.map(\.undone) == [false, true, true])
        #expect(HistoryLog.tree(tree, cursor: 4).items.map(\.undone) == [false, false, true, false, true, true])
    }
}
