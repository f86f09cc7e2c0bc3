import Testing
@testable import TagKit

extension TextTests {
    @Suite("Missing-glyph hints")
    struct TextErrorTests {
        @Test("The hint names the package for the character's script", arguments: [
            ("\u{30000}", "fonts-noto-cjk"),          // CJK Extension G, beyond Noto Sans CJK
            ("\u{1FAE9}", "fonts-noto-color-emoji"),  // an emoji newer than the installed font
            ("\u{13000}", "fonts-noto-core"),         // Egyptian hieroglyph
            ("\u{E000}", "private-use"),
            ("\u{0378}", "not an assigned"),
        ] as [(Character, String)])
        func hintNamesPackage(character: Character, expected: String) {
            let error = TextError.missingGlyph(character)
            #expect(error.advice?.contains(expected) == true, "\(error.advice ?? "no hint")")
            #expect(error.meaning == .notPossible)
        }

        @Test("Code points are written with at least four hex digits")
        func codePointFormat() {
            #expect(TextError.codePoint("¥") == "U+00A5")
            #expect(TextError.codePoint("🍜") == "U+1F35C")
            #expect(TextError.quoted("👩‍🍳") == "'👩‍🍳' (U+1F469 U+200D U+1F373)")
        }
    }
}
