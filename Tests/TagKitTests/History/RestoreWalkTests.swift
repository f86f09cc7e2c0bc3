import Testing
@testable import TagKit

/// Jumps across the tree decided by the pure walk: the path between two states, the state at the
/// end of it, and the one entry a restore records.
@Suite struct RestoreWalkTests {
    func soup(x: Double = 0.3, side: Side = .right, text: String = "Soup") -> Tag {
        Tag(id: TagID(1), kind: .dish, text: text, anchor: NormalizedPoint(x: x, y: 0.5), side: side, labelEm: 2)
    }
    var tea: Tag { Tag(id: TagID(2), kind: .dish, text: "Tea", anchor: NormalizedPoint(x: 0.7, y: 0.5), side: .left, labelEm: 2) }
    let dollars = ProjectSettings(currency: "$")

    /// add #1 (1); move #1 (2) on 1; flip #1 (3) on 1; add #2 (4) on 3; set currency (5) on 4.
    func forked() -> MemoryHistory {
        MemoryHistory()
            .add(1, on: 0, "add #1", [TagChange(id: TagID(1), before: nil, after: soup())])
            .add(2, on: 1, "move #1", [TagChange(id: TagID(1), before: soup(), after: soup(x: 0.4))])
            .add(3, on: 1, "flip #1", [TagChange(id: TagID(1), before: soup(), after: soup(side: .left))])
            .add(4, on: 3, "add #2", [TagChange(id: TagID(2), before: nil, after: tea)])
            .add(5, on: 4, "set currency", settings: (before: ProjectSettings(), after: dollars))
    }

    /// The state at entry 5.
    var atFive: HistoryState { HistoryState(tags: TagSet([soup(side: .left), tea]), settings: dollars) }

    @Test func thePathAcrossBranchesRevertsUpToTheForkThenAppliesDownToTheTarget() throws {
        #expect(try HistoryWalk.path(from: 5, to: 2, in: forked()) == [
            HistoryVisit(seq: 5, backwards: true), HistoryVisit(seq: 4, backwards: true), HistoryVisit(seq: 3, backwards: true),
            HistoryVisit(seq: 2, backwards: false),
        ])
        #expect(try HistoryWalk.path(from: 2, to: 4, in: forked()).map(\.seq) == [2, 3, 4])
        #expect(try HistoryWalk.path(from: 1, to: 5, in: forked()).allSatisfy { !$0.backwards })
    }

    @Test func restoreAcrossBranchesRecordsTheNetDifferenceUnderItsLabel() throws {
        let tree = forked()
        let plan = try HistoryWalk.restore(to: 2, from: 5, in: tree)
        #expect(plan.label == "restore #2")
        let then = try HistoryWalk.state(along: plan.path, from: atFive, in: tree)
        #expect(then == HistoryState(tags: TagSet([soup(x: 0.4)]), settings: ProjectSettings()))
        let entry = plan.entry(from: atFive, to: then)
        #expect(entry.label == "restore #2")
        #expect(entry.changes == [TagChange(id: TagID(1), before: soup(side: .left), after: soup(x: 0.4)),
                                  TagChange(id: TagID(2), before: tea, after: nil)])
        #expect(entry.settings?.before == dollars && entry.settings?.after == ProjectSettings())
        #expect(atFive.tags.applying(entry) == then.tags && then.tags.reverting(entry) == atFive.tags, "undoing the restore comes back")
    }

    @Test func restoreToTheStartEmptiesTheProjectAsOneEntry() throws {
        let tree = forked()
        let plan = try HistoryWalk.restore(to: 0, from: 5, in: tree)
        #expect(plan.label == "restore #0" && plan.path.map(\.seq) == [5, 4, 3, 1] && plan.path.allSatisfy(\.backwards))
        let then = try HistoryWalk.state(along: plan.path, from: atFive, in: tree)
        #expect(then.tags.count == 0 && then.settings == ProjectSettings())
        #expect(plan.entry(from: atFive, to: then).changes.map(\.after) == [nil, nil])
    }

    @Test func aRestoreThatChangesNothingButTheSettingsHasNoTagChanges() throws {
        let tree = forked()
        let plan = try HistoryWalk.restore(to: 4, from: 5, in: tree)
        let entry = plan.entry(from: atFive, to: try HistoryWalk.state(along: plan.path, from: atFive, in: tree))
        #expect(entry.changes.isEmpty && entry.settings?.after == ProjectSettings())
    }

    @Test func restoringTheCurrentEntryOrOneTheTreeLacksIsRefused() throws {
        #expect(throws: HistoryError.alreadyAt(5)) { try HistoryWalk.restore(to: 5, from: 5, in: forked()) }
        #expect(throws: HistoryError.alreadyAt(0)) { try HistoryWalk.restore(to: 0, from: 0, in: forked()) }
        #expect(throws: HistoryError.noSuchEntry(9)) { try HistoryWalk.restore(to: 9, from: 5, in: forked()) }
        #expect(throws: HistoryError.noSuchEntry(-1)) { try HistoryWalk.state(at: -1, from: 5, atFive, in: forked()) }
    }

    @Test func theStateOfAnyEntryIsComputedAlongThePath() throws {
        let tree = forked()
        #expect(try HistoryWalk.state(at: 5, from: 5, atFive, in: tree) == atFive)
        #expect(try HistoryWalk.state(at: 1, from: 5, atFive, in: tree) == HistoryState(tags: TagSet([soup()]), settings: ProjectSettings()))
        let atTwo = HistoryState(tags: TagSet([soup(x: 0.4)]), settings: ProjectSettings())
        #expect(try HistoryWalk.state(at: 5, from: 2, atTwo, in: tree) == atFive)
    }

    @Test func anEntryMissingOnThePathIsABrokenLink() throws {
        let tree = forked()
        tree.remove(3)
        #expect(throws: HistoryLinkError.missingEntry(3)) { try HistoryWalk.path(from: 5, to: 2, in: tree) }
    }

    @Test func aJumpReadsOnlyTheRowsOnItsPath() throws {
        // A long line with a short branch near its end: the jump between the two tips passes
        // four entries and reads about as many rows, not the thousands below the fork.
        let tree = MemoryHistory()
        for seq in Int64(1)...5_000 { tree.add(seq, on: seq - 1, "#\(seq)") }
        tree.add(5_001, on: 4_998, "other")
        let plan = try HistoryWalk.restore(to: 5_001, from: 5_000, in: tree)
        #expect(plan.path.map(\.seq) == [5_000, 4_999, 5_001])
        #expect(tree.rowsRead <= 5)
    }
}
