import Testing
@testable import TagKit

/// The one JSON dialect of requests and answers, and `Project.perform` carrying requests out.
@Suite struct RequestCodecTests {
    static let every: [Request] = [
        .add(kind: .dish, text: "Soup", at: Position(x: .fraction(0.3), y: .pixels(800)), side: .left),
        .add(kind: .price, text: "38", at: nil, side: nil),
        .move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.25)))), .move(TagID(2), .by(Position(x: .pixels(-40), y: .fraction(0)))),
        .flip(TagID(3)), .edit(TagID(1), text: "Tea"), .delete(TagID(2)),
        .set(SettingsChange(currency: "€", priceFormat: "12,50 €", font: "DejaVu Sans", tagScale: 1.5)), .refreshFonts, .arrange,
        .batch(Batch([.flip(TagID(1)), .arrange], lines: [3, 4], source: "menu.jsonl")),
        .undo(steps: 2), .redo(steps: 1), .restore(to: 0), .export(to: .file("out.webp"), options: ExportOptions(), at: 4), .export(to: .standardOutput, options: ExportOptions(), at: nil),
        .export(to: .memory, options: ExportOptions(), at: 1),
        .list(at: nil), .list(at: 2), .history(tree: true), .info,
    ]

    @Test(arguments: every)
    func everyRequestReadsBackAsItWasWritten(_ request: Request) throws {
        let text = RequestCodec.json(request).text
        var read = try RequestCodec.request(from: JSONParser().parse(text))
        // A batch's lines are where its text puts them; written out, its requests are numbered again.
        if case .batch(var batch) = read, case .batch(let original) = request { batch.lines = original.lines; read = .batch(batch) }
        #expect(read == request, "\(text)")
        #expect(Request.names.contains(request.name))
    }

    @Test(arguments: [
        (#"{"op":"move","id":1,"x":920,"y":800}"#, "'920,800' is far outside the picture: a bare number is a fraction of it (-0.5 to 1.5) (920,800 looks like pixels: write 920px,800px)"),
        (#"{"op":"move","id":1}"#, #"a move needs "to" or "by""#),
        (#"{"op":"set"}"#, #"a set needs "currency", "price_format", "font", "language", "tag_scale" or "crop""#),
        (#"{"op":"undo","steps":0}"#, #""steps" must be a whole number from 1 to 1000000"#),
        (#"{"op":"export","to":"a.png","width":10,"height":10}"#, "2 sizes were asked for; give one"),
        (#"{"op":"add","kind":"drink","text":"Tea"}"#, "unknown kind 'drink'; a kind is dish or price"),
        (#"[1]"#, "a request is a JSON object"),
    ])
    func aRequestThatDoesNotSayWhatItMustIsRefusedWithWhy(_ text: String, _ reason: String) {
        #expect { try RequestCodec.request(from: JSONParser().parse(text)) } throws: { ($0 as? RequestCodingError)?.reason == reason }
    }

    @Test func aFailureTravelsWithItsWordsAndMeaning() throws {
        for meaning in ErrorMeaning.allCases {
            let failure = AnswerFailure(message: "no tag #9", advice: meaning == .busy ? "try again" : nil, meaning: meaning)
            #expect(try RequestCodec.failure(from: JSONParser().parse(RequestCodec.json(failure).text)) == failure)
        }
        #expect(RequestCodec.json(AnswerFailure(message: "m", meaning: .notFound)).text
                == #"{"ok":false,"error":"m","hint":null,"meaning":"not_found"}"#)
        #expect(try RequestCodec.failure(from: JSONParser().parse(#"{"ok":true,"op":"flip"}"#)) == nil)
    }

    @Test func performAnswersWithTheLibrarysWordsAndABatchCarriesItsSettings() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let added = try project.perform(.add(kind: .dish, text: "Soup", at: Position(x: .fraction(1.2), y: .pixels(50)), side: nil))
        #expect(added.notices.map(\.message).contains("#1 moved to \(try #require(try project.tags().first).anchor.formatted) to stay inside the photo"))
        #expect(added.said == ["add dish #1 “Soup”"])
        let batch = try project.perform(.batch(Batch([.set(SettingsChange(tagScale: 1.5)), .move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5))))], source: "test")))
        #expect(batch.said == ["applied 2 edits from test"])
        #expect(try project.settings().tagScale == 1.5)
        let undone = try project.perform(.undo(steps: 1))
        #expect(undone.said == ["undid apply 2 edits from test"])
        #expect(try project.settings().tagScale == 1, "undoing the batch takes its settings back too")
        try project.check()
        guard case .tags(let tags, _, _) = try project.perform(.list(at: nil)).result else { Issue.record("list answers tags"); return }
        #expect(tags == (try project.tags()))
    }
}

/// `{"op":"set","crop":…}` in both directions.
@Suite struct CropRequestCodecTests {
    @Test(arguments: ["square", "4:5", "1.91:1", "0.125,0,0.75,1", "none"])
    func aCropReadsAndWritesBack(_ text: String) throws {
        let request = try RequestCodec.request(from: JSONParser().parse("{\"op\":\"set\",\"crop\":\"\(text)\"}"))
        guard case .set(let change) = request, let crop = change.crop else { Issue.record("not a set with a crop: \(request)"); return }
        #expect(crop == (try CropChoice.parse(text)))
        #expect(try RequestCodec.request(from: JSONParser().parse(RequestCodec.json(request).text)) == request)
    }
}
