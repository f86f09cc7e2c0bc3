import Foundation
import Testing
@testable import TagKit

/// An answer names the history entry its request appended, so a front end follows the history by
/// entry number without reading it again: each edit, batch and restore its own new entry; an
/// undo, a redo, a read and an edit with nothing to do none.
@Suite struct AnswerEntryTests {
    @Test func eachAnswerNamesTheEntryItAppended() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        func entry(_ request: Request) throws -> Int64? { try project.perform(request, fonts: fonts).entry }
        #expect(try entry(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.3)), side: .right)) == 1)
        #expect(try entry(.flip(TagID(1))) == 2)
        #expect(try entry(.arrange) == nil, "nothing overlaps: nothing recorded")
        #expect(try entry(.undo(steps: 1)) == nil && entry(.redo(steps: 1)) == nil)
        #expect(try entry(.batch(Batch([.flip(TagID(1)), .move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5))))], source: "menu.csv"))) == 3)
        #expect(try entry(.restore(to: 2)) == 4)
        #expect(try entry(.list(at: nil)) == nil && entry(.info) == nil)
        #expect(try project.historyMark().newest == 4)
        // And the answer's JSON says it, as the editor and `tagproj request` read it.
        let answer = try project.perform(.flip(TagID(1)), fonts: fonts)
        #expect(RequestCodec.json(answer, to: .flip(TagID(1)))["entry"]?.text == "5")
    }
}
