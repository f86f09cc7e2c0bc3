import Testing
@testable import TagKit

/// `Edit.arrange`: overlaps resolved by choosing sides first, then the smallest dot moves.
@Suite struct ArrangeTests {
    let size = PictureSize(width: 600, height: 400)

    func tag(_ id: Int64, _ x: Double, _ y: Double, _ side: Side, em: Double = 2.4) -> Tag {
        Tag(id: TagID(id), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: x, y: y), side: side, labelEm: em)
    }

    /// The tags of `outcome` whose dot is not where it was in `document`.
    func moved(_ outcome: EditOutcome, from document: Document) -> [TagID] {
        outcome.document.tags.sorted.filter { $0.anchor != document.tags[$0.id]!.anchor }.map(\.id)
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

    @Test func twoBubblesFacingEachOtherAreBothFlippedAndNoDotMoves() throws {
        // Soup's bubble reaches right over Tea's dot, Tea's left over Soup's: either one flipped
        // alone still overlaps the other, both flipped point apart.
        let soup = tag(1, 0.45, 0.3, .right), tea = tag(2, 0.55, 0.3, .left)
        let document = Document(tags: TagSet([soup, tea]), size: size, nextID: TagID(3))
        #expect(overlapping(document))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(outcome.document.tags.sorted == [tag(1, 0.45, 0.3, .left), tag(2, 0.55, 0.3, .right)])
        #expect(outcome.notices == [.arranged(TagID(1), soup.anchor, .left), .arranged(TagID(2), tea.anchor, .right)])
        #expect(outcome.entry.label == "arrange 2 tags" && outcome.recordsEntry && !overlapping(outcome.document))
        #expect(moved(outcome, from: document).isEmpty)
    }

    @Test func threeTagsTakeTheOneCombinationOfSidesThatClearsThem() throws {
        // The facing pair, and below Tea a wider tag whose bubble reaches back over both dots: the
        // pair must point apart, and then the wide one must point away from Tea's new bubble.
        // Taken one at a time, Tea could not clear Soup by a flip and its dot moved.
        let tags = [tag(1, 0.45, 0.3, .right), tag(2, 0.55, 0.3, .left), tag(3, 410.0 / 600, 0.35, .left, em: 4)]
        let document = Document(tags: TagSet(tags), size: size, nextID: TagID(4))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(outcome.document.tags.sorted.map(\.side) == [.left, .right, .right])
        #expect(moved(outcome, from: document).isEmpty && !overlapping(outcome.document))
        // Any one of them on its other side overlaps: the combination is the only one.
        for k in 0..<3 {
            var other = outcome.document
            other.tags[tags[k].id]!.side = other.tags[tags[k].id]!.side.flipped
            #expect(overlapping(other), "#\(k + 1) flipped back")
        }
    }

    @Test func whenNoSidesClearAClusterTheFewestDotsMove() throws {
        // #1's dot is close beside both #2's (above) and #3's (below), so its ring overlaps theirs
        // whatever the sides; #2 and #3 are too far apart to meet. Moving #1 alone clears all.
        let tags = [tag(1, 0.5, 0.3, .right), tag(2, 0.5 - 8.0 / 600, 0.25, .right), tag(3, 0.5 + 8.0 / 600, 0.35, .right)]
        let document = Document(tags: TagSet(tags), size: size, nextID: TagID(4))
        let outcome = try document.applying(.arrange, measurer: nil)
        #expect(moved(outcome, from: document) == [TagID(1)], "\(outcome.notices)")
        #expect(outcome.document.tags[TagID(2)] == tags[1] && outcome.document.tags[TagID(3)] == tags[2])
        #expect(!overlapping(outcome.document) && outcome.entry.changes.map(\.id) == [TagID(1)])
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
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.2, y: 0.2)), side: nil), measurer: measurer)
        _ = try project.perform(.add(kind: .dish, text: "Tea", at: Position(NormalizedPoint(x: 0.8, y: 0.8)), side: nil), measurer: measurer)
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
