import Testing
@testable import TagKit

extension TextTests {
    /// Measuring and shaping with the fonts installed on a tagproj machine: DejaVu (Latin), Noto Sans
    /// CJK and Noto Color Emoji.
    @Suite("Measuring and shaping labels")
    struct FontSystemTests {
        let fonts: FontSystem

        init() throws {
            fonts = try FontSystem()
        }

        @Test("A longer Latin label measures wider")
        func latinGrowsWithLength() throws {
            let widths = try ["Kung", "Kung Pao", "Kung Pao Chicken"].map { try fonts.measure($0, family: "") }
            #expect(widths[0] > 0)
            #expect(widths[0] < widths[1])
            #expect(widths[1] < widths[2])
        }

        @Test("Kerning pulls A and V together")
        func kerningIsApplied() throws {
            let pair = try fonts.measure("AV", family: "")
            let apart = try fonts.measure("A", family: "") + fonts.measure("V", family: "")
            #expect(pair < apart - 0.01)
        }

        @Test("Ligatures replace f and i with one glyph")
        func ligaturesAreApplied() throws {
            let line = try fonts.shape("fi", family: "", pixelSize: 20)
            #expect(line.glyphs.count == 1)
        }

        @Test("A Han character measures one em")
        func chineseIsOneEmPerCharacter() throws {
            let width = try fonts.measure("宫保鸡丁", family: "")
            #expect(abs(width - 4) < 0.05)
        }

        @Test("Japanese, Korean, currency symbols and digits all measure", arguments: [
            "ラーメン", "とんかつ定食", "비빔밥", "¥ $ € £", "12.50", "Crème brûlée", "Борщ",
        ])
        func scriptsMeasure(text: String) throws {
            #expect(try fonts.measure(text, family: "") > 0.5)
        }

        @Test("Mixed Chinese, Latin and ¥ use a CJK face and a Latin face")
        func mixedTextUsesTwoFaces() throws {
            let line = try fonts.shape("宫保鸡丁 Kung Pao ¥38", family: "", pixelSize: 32)
            let faces = Set(line.glyphs.map(\.font))
            #expect(faces.count == 2)
            let han = line.glyphs.first { $0.cluster == 0 }!
            let yen = line.glyphs.first { $0.cluster == 14 }!
            #expect(han.font != yen.font)
        }

        @Test("An emoji resolves to the colour font")
        func emojiIsColour() throws {
            let line = try fonts.shape("🍜 Ramen", family: "", pixelSize: 32)
            #expect(line.glyphs.first?.isColor == true)
            #expect(line.glyphs.dropFirst().allSatisfy { !$0.isColor })
        }

        @Test("Emoji sequences stay one colour glyph", arguments: ["👩‍🍳", "☕️", "1️⃣", "🇨🇳", "👍🏽"])
        func emojiSequencesStayTogether(text: String) throws {
            let line = try fonts.shape(text, family: "", pixelSize: 32)
            #expect(line.glyphs.count == 1)
            #expect(line.glyphs.allSatisfy { $0.isColor })
        }

        @Test("A text presentation selector keeps a symbol in the text font")
        func textPresentationIsNotColour() throws {
            let line = try fonts.shape("☕\u{FE0E}", family: "", pixelSize: 32)
            #expect(line.glyphs.allSatisfy { !$0.isColor })
        }

        @Test("Shaping at a size scales the measurement exactly")
        func shapeMatchesMeasure() throws {
            let text = "宫保鸡丁 AV ¥38 🍜"
            let line = try fonts.shape(text, family: "", pixelSize: 37.5)
            let measured = try fonts.measure(text, family: "")
            #expect(abs(line.advance - 37.5 * measured) < 1e-9)
            #expect(line.pixelSize == 37.5)
            #expect(line.ascent > 0.7 * 37.5 && line.descent > 0.1 * 37.5)
            #expect(line.inkAscent > 0 && line.inkAscent <= line.ascent)
            let xs = line.glyphs.map(\.x)
            #expect(xs == xs.sorted())
        }

        @Test("An empty label measures zero but keeps a line height")
        func emptyText() throws {
            #expect(try fonts.measure("", family: "") == 0)
            let line = try fonts.shape("", family: "", pixelSize: 10)
            #expect(line.glyphs.isEmpty && line.ascent > 0)
        }

        @Test("A named family is used for the characters it has")
        func namedFamily() throws {
            #expect(try fonts.isInstalled(family: "Noto Sans CJK SC"))
            #expect(try fonts.isInstalled(family: "dejavu sans"))
            #expect(try !fonts.isInstalled(family: "No Such Family"))
            let line = try fonts.shape("Kung Pao 宫保", family: "Noto Sans CJK SC", pixelSize: 20)
            #expect(Set(line.glyphs.map(\.font)).count == 1)
            #expect(try fonts.measure("Kung Pao", family: "Noto Sans CJK SC") != fonts.measure("Kung Pao", family: ""))
        }

        @Test("The text's language asks fontconfig for its face of a collection, and a family picks its own")
        func theLanguagePicksTheFaceOfTheCollection() throws {
            func first(_ family: String, _ language: String) throws -> FallbackFont {
                try fonts.fallbackList(for: FamilyKey(family: family, language: try TextLanguage(parsing: language))).fonts[0]
            }
            let chinese = try first("", "zh-Hans"), japanese = try first("", "ja"), korean = try first("", "ko")
            #expect(chinese.file.hasSuffix("NotoSansCJK-Regular.ttc") && chinese.file == japanese.file && japanese.file == korean.file)
            #expect(Set([chinese.index, japanese.index, korean.index]).count == 3, "three faces of one file")
            #expect(try first("Noto Sans CJK SC", "und").index == chinese.index && first("Noto Sans CJK JP", "und").index == japanese.index)
            #expect(try fonts.embedding("骨", font: "", language: TextLanguage(parsing: "zh-Hant")).map(\.family) == ["Noto Sans CJK TC"])
            // Shaped in the language: the same face draws 骨 in another form.
            let sc = try fonts.shape("骨", family: "Noto Sans CJK SC", language: TextLanguage(parsing: "zh-Hans"), pixelSize: 20)
            let jp = try fonts.shape("骨", family: "Noto Sans CJK SC", language: TextLanguage(parsing: "ja"), pixelSize: 20)
            #expect(sc.glyphs.map(\.glyphID) != jp.glyphs.map(\.glyphID))
            // A language that says nothing of Han forms draws them in Chinese ones, as before.
            let en = try fonts.shape("骨", family: "Noto Sans CJK JP", language: TextLanguage(parsing: "en"), pixelSize: 20)
            let zh = try fonts.shape("骨", family: "Noto Sans CJK JP", language: TextLanguage(parsing: "zh-Hans"), pixelSize: 20)
            #expect(en.glyphs.map(\.glyphID) == zh.glyphs.map(\.glyphID))
        }

        @Test("A character no font covers is named, with a package to install")
        func missingGlyphNamesCharacterAndPackage() throws {
            let error = try #require(throws: TextError.self) { try fonts.measure("Bread 𓀀", family: "") }
            #expect(error == .missingGlyph("𓀀"))
            #expect(error.message == "no installed font can draw '𓀀' (U+13000)")
            #expect(error.advice?.contains("fonts-noto-core") == true)
            #expect(error.meaning == .notPossible)
        }

        @Test("A private-use character is named by its code point", arguments: ["\u{E000}", "\u{10FFFD}"])
        func privateUseIsMissing(text: String) throws {
            let error = try #require(throws: TextError.self) { try fonts.measure("a" + text, family: "") }
            #expect(error == .missingGlyph(Character(text)))
            #expect(error.message.hasPrefix("no installed font can draw U+"))
            #expect(error.advice?.contains("private-use") == true)
        }

        @Test("A size that is not positive is refused", arguments: [0, -3, Double.nan, .infinity])
        func invalidPixelSize(size: Double) throws {
            #expect(throws: TextError.self) { try fonts.shape("a", family: "", pixelSize: size) }
        }
    }
}
