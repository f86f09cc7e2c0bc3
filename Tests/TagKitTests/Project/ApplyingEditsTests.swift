import Testing
@testable import TagKit

/// `Document.applying(_:measurer:)`: edits as values, carried out without a project file.
@Suite struct ApplyingEditsTests {
    let measurer = FixedWidthMeasurer()
    let empty = Document(size: PictureSize(width: 600, height: 400))

    func soup(at x: Double = 0.3) -> Tag {
        Tag(id: TagID(1), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: x, y: 0.5), side: .right, labelEm: 2.4)
    }

    @Test func theSameEditOnTheSameDocumentGivesTheSameOutcome() throws {
        let edit = Edit.add(kind: .price, text: "12.5", at: NormalizedPoint(x: 0.2, y: 0.3), side: nil)
        let first = try empty.applying(edit, measurer: measurer)
        #expect(try empty.applying(edit, measurer: measurer) == first)
        #expect(empty.tags.count == 0, "the document applied to is a value and stays as it was")
    }

    @Test func anAddTakesTheNextIDAndRecordsATagFromNothing() throws {
        var document = empty
        document.nextID = TagID(5)
        let outcome = try document.applying(.add(kind: .price, text: "¥12.5", at: nil, side: nil), measurer: measurer)
        let tag = Tag(id: TagID(5), kind: .price, text: "12.50", anchor: .centre, side: .left, labelEm: try measurer.labelEm("¥12.50", font: "", language: .undetermined))
        #expect(outcome.tag == tag)
        #expect(outcome.document.tags[TagID(5)] == tag && outcome.document.nextID == TagID(6))
        #expect(outcome.entry == HistoryEntry(label: "add price #5 “¥12.50”", changes: [TagChange(id: TagID(5), before: nil, after: tag)]))
        #expect(outcome.notices.isEmpty)
    }

    @Test func eachOutcomeTakesTheNextEditAndTheEntriesReplayToTheLastDocument() throws {
        let edits: [Edit] = [
            .add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.3, y: 0.5), side: nil),
            .move(TagID(1), .by(dx: 0.1, dy: 0)), .flip(TagID(1)), .setText(TagID(1), " Noodles "),
            .add(kind: .dish, text: "Tea", at: nil, side: .right), .delete(TagID(2)),
        ]
        var document = empty
        var entries: [HistoryEntry] = []
        for edit in edits {
            let outcome = try document.applying(edit, measurer: measurer)
            document = outcome.document
            entries.append(outcome.entry)
        }
        #expect(entries.map(\.label) == ["add dish #1 “Soup”", "move #1 to 0.400,0.500", "flip #1", "edit #1 “Soup” → “Noodles”", "add dish #2 “Tea”",
                                       "delete #2 “Tea”"])
        #expect(document.tags.sorted == [Tag(id: TagID(1), kind: .dish, text: "Noodles", anchor: NormalizedPoint(x: 0.4, y: 0.5),
                                             side: .left, labelEm: 4.2)])
        #expect(document.nextID == TagID(3), "a deleted tag's id is not handed out again")
        #expect(TagSet.replaying(entries) == document.tags)
    }

    @Test func aBubbleThatWouldStickOutGoesToTheOtherSideAndTheDotStaysWhereItWasPut() throws {
        let document = Document(tags: TagSet([soup()]), size: PictureSize(width: 600, height: 400), nextID: TagID(2))
        let outcome = try document.applying(.move(TagID(1), .to(NormalizedPoint(x: 0.95, y: 0.5))), measurer: nil)
        let tag = try #require(outcome.tag)
        #expect(tag.anchor == NormalizedPoint(x: 0.95, y: 0.5) && tag.side == .left)
        #expect(outcome.notices == [.sideChanged(TagID(1), .left)])
        #expect(outcome.entry.changes == [TagChange(id: TagID(1), before: soup(), after: outcome.tag)])
    }

    @Test func onlyWhenNeitherSideFitsIsTheDotMovedTheLeastDistanceAndANoticeSaysWhere() throws {
        let document = Document(tags: TagSet([soup()]), size: PictureSize(width: 600, height: 400), nextID: TagID(2))
        // At the very edge even the dot's ring sticks out: the left side needs the smaller move.
        let outcome = try document.applying(.move(TagID(1), .to(NormalizedPoint(x: 1, y: 0.5))), measurer: nil)
        let tag = try #require(outcome.tag)
        #expect(tag.anchor.x < 1 && tag.anchor.x > 0.98 && tag.anchor.y == 0.5 && tag.side == .left)
        #expect(outcome.notices == [.movedToStayInside(TagID(1), tag.anchor), .sideChanged(TagID(1), .left)])
    }

    @Test func aFlipThatDoesNotFitWhereTheDotIsIsRefusedNotCarriedOutByMovingTheDot() throws {
        let atEdge = Tag(id: TagID(1), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: 0.95, y: 0.5), side: .left, labelEm: 2.4)
        let document = Document(tags: TagSet([atEdge]), size: PictureSize(width: 600, height: 400), nextID: TagID(2))
        #expect { try document.applying(.flip(TagID(1)), measurer: nil) } throws: { error in
            guard case let .sideDoesNotFit(id, side, at, room)? = error as? PlacementError else { return false }
            return id == TagID(1) && side == .right && at == atEdge.anchor && room.x < 0.95
                && Placement.fits(room, side: .right, labelEm: 2.4, size: document.size)
        }
    }

    @Test func anAddWithASideThatDoesNotFitAtItsDotIsRefused() {
        #expect(throws: PlacementError.self) {
            try empty.applying(.add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.95, y: 0.5), side: .right), measurer: measurer)
        }
    }

    @Test func anAddWithoutAPositionGoesToTheFreePlaceNearestTheCentre() throws {
        var document = empty
        var boxes: [Rect] = []
        for name in ["Soup", "Tea", "Noodles", "Dumplings", "Rice"] {
            let outcome = try document.applying(.add(kind: .dish, text: name, at: nil, side: nil), measurer: measurer)
            #expect(!outcome.notices.contains { if case .overlaps = $0 { return true } else { return false } }, "\(outcome.notices)")
            let box = Placement.box(of: try #require(outcome.tag), size: document.size)
            #expect(!boxes.contains { Placement.overlap($0, box) })
            boxes.append(box)
            document = outcome.document
        }
        #expect(document.tags[TagID(1)]?.anchor == .centre, "the first goes to the centre")
        let again = try empty.applying(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: measurer)
        #expect(try empty.applying(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: measurer) == again)
    }

    @Test func anEditThatLeavesTwoTagsOverlappingSaysSo() throws {
        let document = Document(tags: TagSet([soup()]), size: PictureSize(width: 600, height: 400), nextID: TagID(2))
        let outcome = try document.applying(.add(kind: .dish, text: "Tea", at: NormalizedPoint(x: 0.31, y: 0.5), side: .right),
                                            measurer: measurer)
        #expect(outcome.notices == [.overlaps(TagID(2), TagID(1))])
    }

    @Test func anEditOfATagTheDocumentDoesNotHoldIsAnUnknownTag() {
        #expect(throws: UnknownTagError.self) { try empty.applying(.flip(TagID(9)), measurer: nil) }
        #expect(UnknownTagError(id: TagID(9)).message == "no tag #9")
    }

    @Test func addingOrRetextingNeedsAMeasurerAndMovingDoesNot() throws {
        #expect(throws: MeasurerRequiredError.self) { try empty.applying(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: nil) }
        let document = Document(tags: TagSet([soup()]), size: PictureSize(width: 600, height: 400), nextID: TagID(2))
        #expect(throws: MeasurerRequiredError.self) { try document.applying(.setText(TagID(1), "Tea"), measurer: nil) }
        #expect(try document.applying(.flip(TagID(1)), measurer: nil).tag?.side == .left)
    }

    @Test func invalidTextIsRefusedBeforeAnythingIsMeasured() {
        #expect(throws: TagTextError.notAnAmount("cheap")) {
            try empty.applying(.add(kind: .price, text: "cheap", at: nil, side: nil), measurer: nil)
        }
    }
}
