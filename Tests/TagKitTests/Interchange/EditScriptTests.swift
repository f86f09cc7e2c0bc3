import Testing
@testable import TagKit

/// `EditScript`: the three forms `apply` reads, and the line a bad edit is on.
@Suite struct EditScriptTests {
    let size = PictureSize(width: 600, height: 400)

    @Test func jsonLinesHoldEveryKindOfEditWithFractionsOrPixels() throws {
        let text = """
            {"op":"add","kind":"dish","text":"Soup","at":"0.3,0.4"}

            {"op":"add","kind":"price","text":"38","x":0.7,"y":0.6,"side":"left"}
            {"op":"move","id":1,"by":"-60px,0"}
            {"op":"move","id":2,"to":"300px,0.5"}
            {"op":"flip","id":1}
            {"op":"edit","id":1,"text":"Tea"}
            {"op":"delete","id":2}
            {"op":"add","kind":"dish","text":"Rice"}
            """
        let parsed = try EditScript.parse(text)
        let requests: [Request] = [
            .add(kind: .dish, text: "Soup", at: try Position.parse("0.3,0.4"), side: nil),
            .add(kind: .price, text: "38", at: try Position.fractions(0.7, 0.6), side: .left),
            .move(TagID(1), .by(try Position.parse("-60px,0", offset: true))), .move(TagID(2), .to(try Position.parse("300px,0.5"))),
            .flip(TagID(1)), .edit(TagID(1), text: "Tea"), .delete(TagID(2)),
            .add(kind: .dish, text: "Rice", at: nil, side: nil),
        ]
        #expect(parsed.requests == requests)
        // Resolved on the picture, the pixels become fractions of it.
        #expect(try parsed.requests.map { try $0.edit(in: size, settings: ProjectSettings()) } == [
            .add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.3, y: 0.4), side: nil),
            .add(kind: .price, text: "38", at: NormalizedPoint(x: 0.7, y: 0.6), side: .left),
            .move(TagID(1), .by(dx: -0.1, dy: 0)), .move(TagID(2), .to(NormalizedPoint(x: 0.5, y: 0.5))),
            .flip(TagID(1)), .setText(TagID(1), "Tea"), .delete(TagID(2)),
            .add(kind: .dish, text: "Rice", at: nil, side: nil),
        ])
        #expect(parsed.lines == [1, 3, 4, 5, 6, 7, 8, 9], "the blank line is skipped and counted")
    }

    @Test func csvWithAHeaderAddsOneTagPerRowAndQuotesHoldCommas() throws {
        let text = "side,kind,text,x,y\r\nleft,price,38,0.7,0.6\r\n,dish,\"Soup, \"\"hot\"\"\",,\r\n"
        let parsed = try EditScript.parse(text)
        #expect(parsed.requests == [.add(kind: .price, text: "38", at: try Position.parse("0.7,0.6"), side: .left),
                                 .add(kind: .dish, text: "Soup, \"hot\"", at: nil, side: nil)])
        #expect(parsed.lines == [2, 3])
    }

    @Test func listJSONOutputAddsEveryTagWithItsPositionAndSide() throws {
        let tags = [Tag(id: TagID(4), kind: .dish, text: "宫保鸡丁", anchor: NormalizedPoint(x: 0.25, y: 0.5), side: .left, labelEm: 4)]
        let parsed = try EditScript.parse(tags.json(in: size, scale: 1.5).text)
        #expect(parsed.requests == [.add(kind: .dish, text: "宫保鸡丁", at: try Position.fractions(0.25, 0.5), side: .left)])
    }

    @Test(arguments: [
        ("{\"op\":\"add\",\"kind\":\"dish\",\"text\":\"Soup\"}\n{\"op\":\"jump\",\"id\":1}", "line 2: unknown op 'jump'; an op is one of add, move, flip, edit, delete, set, refresh_fonts, arrange, batch, undo, redo, restore, export, list, history, info"),
        ("{\"op\":\"undo\"}", "line 1: undo is not an edit; a batch holds add, move, flip, edit, delete, set and arrange"),
        ("{\"op\":\"add\",\"kind\":\"dish\",\"text\":\"Soup\",\"x\":920,\"y\":800}", "line 1: '920,800' is far outside the picture: a bare number is a fraction of it (-0.5 to 1.5) (920,800 looks like pixels: write 920px,800px)"),
        ("{\"op\":\"flip\"}", "line 1: \"id\" must be a tag id (a positive whole number)"),
        ("{\"op\":\"move\",\"id\":1,\"to\":\"920,800\"}", "line 1: '920,800' is far outside the picture: a bare number is a fraction of it (-0.5 to 1.5) (920,800 looks like pixels: write 920px,800px)"),
        ("{\"op\":\"flip\",\"id\":1}\n{oops}", "line 2: invalid JSON at byte 1: expected a string as an object key"),
        ("kind,text,x,y\ndish,Soup,0.1,0.2\ndrink,Tea,0.1,0.2", "line 3: unknown kind 'drink'; a kind is dish or price"),
        ("kind,text,x,y\ndish,Soup,0.1", "line 2: 3 fields where the header has 4"),
        ("name,price\nSoup,3", "line 1: the CSV header must name the columns kind,text,x,y (side and price optional)"),
        ("\n\n", "line 1: there are no edits"),
    ])
    func aBadLineIsAnErrorNamingTheLine(_ text: String, _ message: String) {
        #expect { try EditScript.parse(text) } throws: { ($0 as? EditScriptError)?.message == message }
    }

    @Test func aBatchIsOneEntryWithEachTagsFirstBeforeAndLastAfter() throws {
        let document = Document(size: size)
        let edits: [Edit] = [.add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.3, y: 0.4), side: nil),
                             .move(TagID(1), .to(NormalizedPoint(x: 0.35, y: 0.4))),
                             .add(kind: .dish, text: "Tea", at: nil, side: nil), .delete(TagID(2))]
        let outcome = try document.applying(edits, label: "apply 4 edits from menu", measurer: FixedWidthMeasurer())
        let soup = try #require(outcome.document.tags[TagID(1)])
        #expect(soup.anchor == NormalizedPoint(x: 0.35, y: 0.4))
        #expect(outcome.entry == HistoryEntry(label: "apply 4 edits from menu", changes: [TagChange(id: TagID(1), before: nil, after: soup)]),
                "a tag added and deleted inside the batch leaves no change")
        #expect(outcome.document.nextID == TagID(3))
        #expect { try document.applying(edits + [.flip(TagID(7))], label: "x", lines: [1, 2, 3, 4, 9], measurer: FixedWidthMeasurer()) }
            throws: { ($0 as? BatchError)?.message == "line 9: no tag #7" }
    }
}
