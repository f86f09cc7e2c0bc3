import Testing
@testable import TagKit

/// `Edit.arrange`: overlaps resolved by choosing sides first, then the smallest dot moves.
@Suite struct ArrangeTests {
    let size = PictureSize(width: 600, height: 400)

    func tag(_ id: Int64, _ x: Double, _ y: Double, _ side: Side) -> Tag {
        Tag(id: TagID(id), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: x, y: y), side: side, labelEm: 2.4)
    }

    func overlapping(_ document: Document) -> Bool {
        let boxes = document.tags.sorted.map { Placement.box(of: $0, size: size) }
        return boxes.indices.contains { i in boxes.indices.contains { j in j > i && Placement.overlap(boxes[i], boxes[j]) } }
    }

    @Test func twoOverlappingTagsAreSeparatedByFlippingTheLaterWithoutMovingIt() throws {
        let document = Document(tags: TagSet([tag(1, 0.5, 0.5, .right), tag(2, 0.45, 0.5, .right)]), size: size, nextID: TagID(3))
        #expect(overlapping(document))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(outcome.document.tags[TagID(2)] == tag(2, 0.45, 0.5, .left))
        #expect(outcome.notices == [.arranged(TagID(2), NormalizedPoint(x: 0.45, y: 0.5), .left)])
        #expect(outcome.entry.label == "arrange 1 tag" && outcome.entry.changes.count == 1)
        #expect(!overlapping(outcome.document))
    }

    @Test func whenNoSideClearsItTheDotMovesTheLeastItCanAndAllOverlapsGo() throws {
        let tags = (1...4).map { tag(Int64($0), 0.5, 0.5, $0 % 2 == 0 ? .left : .right) }
        let document = Document(tags: TagSet(tags), size: size, nextID: TagID(5))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(!overlapping(outcome.document))
        #expect(outcome.document.tags[TagID(1)] == tags[0], "the first stays")
        for id in [TagID(2), TagID(3), TagID(4)] {
            let moved = try #require(outcome.document.tags[id])
            #expect(moved.anchor != NormalizedPoint(x: 0.5, y: 0.5))
            // Near: within a few tag heights of where it was.
            #expect(Placement.distance(moved.anchor, NormalizedPoint(x: 0.5, y: 0.5), size) < pow2(4 * 0.067 * 400))
        }
    }

    @Test func aLayoutWithoutOverlapsIsLeftAlone() throws {
        let document = Document(tags: TagSet([tag(1, 0.2, 0.2, .right), tag(2, 0.8, 0.8, .left)]), size: size, nextID: TagID(3))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(outcome.document == document && outcome.notices.isEmpty && outcome.entry.label == "arrange: nothing overlapped")
        #expect(!outcome.recordsEntry && outcome.entry.changes.isEmpty)
    }

    @Test func arrangingWithNothingToResolveRecordsNoEntryAndUndoTakesBackTheOneBefore() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let measurer = FixedWidthMeasurer()
        _ = try project.add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.2, y: 0.2), side: nil, measurer: measurer)
        _ = try project.add(kind: .dish, text: "Tea", at: NormalizedPoint(x: 0.8, y: 0.8), side: nil, measurer: measurer)
        let before = contents(project.path)
        let answer = try project.perform(.arrange)
        #expect(answer.result == .edited(tag: nil, label: "arrange: nothing overlapped") && answer.notices.isEmpty)
        #expect(answer.said == ["arrange: nothing overlapped"], "the front end still has something to say")
        #expect(contents(project.path) == before, "nothing written")
        #expect(try project.history().items.map(\.label) == ["add dish #1 “Soup”", "add dish #2 “Tea”"])
        #expect(try project.undo().labels == ["add dish #2 “Tea”"])
        #expect(try project.tags().map(\.id) == [TagID(1)])
        try project.check()
    }
}

private func pow2(_ x: Double) -> Double { x * x }
