import Testing
@testable import TagKit

/// The façade: each call one command, read back from the file.
@Suite struct ProjectEditingTests {
    let measurer = FixedWidthMeasurer()

    @Test func everyEditIsStoredWithItsHistoryEntryAndTheProjectChecksOut() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let added = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: measurer)
        #expect(added.tag?.id == TagID(1) && added.label == "add dish #1 “Soup”" && added.notices.isEmpty)
        let moved = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.99, y: 0.5)))))
        let stored = try #require(try Project.open(project.path, forWriting: false).tags().first)
        #expect(moved.notices == [.sideChanged(TagID(1), .left)] && stored.anchor == NormalizedPoint(x: 0.99, y: 0.5))
        #expect(moved.tag == stored)
        #expect(throws: PlacementError.self, "a flip that would stick out is refused") { try project.perform(.flip(TagID(1))) }
        #expect(try project.history().items.count == 2, "and records nothing")
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5)))))
        _ = try project.perform(.flip(TagID(1)))
        _ = try project.perform(.edit(TagID(1), text: "Noodles"), measurer: measurer)
        _ = try project.perform(.add(kind: .price, text: "12", at: nil, side: nil), measurer: measurer)
        #expect(try project.perform(.delete(TagID(2))).tag == nil)
        #expect(try project.history().items.map(\.label)
                == ["add dish #1 “Soup”", "move #1 to 0.990,0.500", "move #1 to 0.500,0.500", "flip #1", "edit #1 “Soup” → “Noodles”",
                    "add price #2 “¥12”", "delete #2 “¥12”"])
        let info = try project.info()
        #expect(info.tags == 1 && info.historyEntries == 7 && info.cursor == 7)
        try project.check()
    }

    /// A move that leaves the tag as it was records no entry and says nothing unasked, for every
    /// front end: by nothing, to where it is (a drag back to where it started), and a push past the
    /// edge it already stands at (an arrow key there).
    @Test func aMoveThatChangesNothingRecordsNothing() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: measurer)
        let edge = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 1, y: 0.5)))))
        #expect(edge.entry == 2 && !edge.notices.isEmpty, "the first push to the edge is recorded and says where it went")
        let atEdge = try #require(edge.tag)
        for motion in [Request.Motion.by(Position(NormalizedPoint(x: 0, y: 0))), .to(Position(atEdge.anchor)),
                       .by(Position(x: .fraction(0.1), y: .fraction(0)))] {
            let answer = try project.perform(.move(TagID(1), motion))
            #expect(answer.entry == nil && answer.notices.isEmpty, "\(motion): \(answer)")
            #expect(answer.label == "move #1: nothing changed, still at \(atEdge.anchor.formatted)", "\(motion)")
        }
        #expect(try project.history().items.map(\.seq) == [1, 2] && project.tags() == [atEdge])
        // undo still takes back the last move that did something.
        #expect(try project.perform(.undo(steps: 1)).said == ["undid move #1 to \(atEdge.anchor.formatted)"])
    }

    @Test func anEditOfAnUnknownTagNamesTheProjectAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let before = contents(project.path)
        let error = #expect(throws: UnknownTagError.self) { try project.perform(.flip(TagID(9))) }
        #expect(error?.message == "no tag #9 in '\(project.path)'")
        #expect(contents(project.path) == before)
    }

    @Test func aFailedEditLeavesTheFileAsItWas() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: measurer)
        let before = contents(project.path)
        #expect(throws: PlacementError.doesNotFit) { try project.perform(.edit(TagID(1), text: String(repeating: "W", count: 64)), measurer: FixedWidthMeasurer(emPerCharacter: 2)) }
        #expect(contents(project.path) == before)
    }

    @Test func infoReportsThePictureAndTheSettings() throws {
        let dir = TemporaryDirectory()
        let info = try makeProject(in: dir).info()
        #expect(info.format == "png" && info.width == 600 && info.height == 400 && info.orientation == 1 && info.crop == .full)
        #expect(info.settings == ProjectSettings() && info.tags == 0 && info.historyEntries == 0 && info.cursor == 0)
        #expect(info.sourceBytes == contents(Fixtures.coffee)?.count)
    }
}
