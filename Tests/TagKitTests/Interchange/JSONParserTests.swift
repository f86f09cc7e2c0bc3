import Testing
import TagKit

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func anEditReadsBackWithItsMembersInOrder() throws {
        let value = try parser.parse(#" {"op":"move","id":3,"x":0.25,"y":1e-1,"side":null,"ok":true} "#)
        #expect(value["op"]?.stringValue == "move")
        #expect(value["id"]?.integerValue == 3)
        #expect(value["x"]?.doubleValue == 0.25)
        #expect(value["y"]?.doubleValue == 0.1)
        #expect(value["ok"]?.boolValue == true)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.0) == ["op", "id", "x", "y", "side", "ok"])
    }

    @Test func escapesAndNonLatinTextRoundTripThroughTheWriter() throws {
        let text = "宫保鸡丁 \"hot\" \\ \n\t\u{01} 🍜 é"
        let written = JSON.object([("text", .string(text))]).text
        #expect(try parser.parse(written)["text"]?.stringValue == text)
        #expect(try parser.parse(#""\ud83c\udf5c \u00e9""#).stringValue == "🍜 é")
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "01", "1.", "-", "1e", "+1",
        "\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00x\"", "\"\u{07}\"", "tru", "nul", "[1] 2", "{\"a\":1,\"a\":2}",
        "1e999", "{1:2}",
    ])
    func malformedTextIsAnErrorWithItsOffset(text: String) {
        #expect(throws: JSONParseError.self) { try parser.parse(text) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONParseError.self) { try parser.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test func nestingAndLengthAreBounded() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try parser.parse(deep) }
        var small = JSONParser()
        small.maximumLength = 10
        #expect(throws: JSONParseError.self) { try small.parse("[1,2,3,4,5,6]") }
        #expect((try? parser.parse(String(repeating: "[", count: 60) + String(repeating: "]", count: 60))) != nil)
    }

    @Test func theErrorIsABadRequestWithTheOffset() {
        do {
            _ = try parser.parse("{\"a\" 1}")
            Issue.record("parsed")
        } catch {
            #expect(error.offset == 5)
            #expect(error.meaning == .invalidRequest)
            #expect(error.message.hasPrefix("invalid JSON at byte 5"))
        }
    }
}
