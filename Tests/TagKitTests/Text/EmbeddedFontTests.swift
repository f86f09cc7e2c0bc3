import Testing
@testable import TagKit

extension TextTests {
    /// The subsets a project carries: cut from the installed fonts, they must shape and draw a label
    /// exactly as those fonts do, and a damaged one must be refused by name.
    @Suite("Embedded font subsets")
    struct EmbeddedFontTests {
        static let labels = ["宫保鸡丁", "Kung Pao AV fi", "¥38", "🍜 Ramen", "☕️ 咖啡", "12,50 €", "ラーメン", "بيتزا 30 سم", "חומוס עם pita"]

        /// `label` shaped and drawn at 40 px with `fonts`.
        static func drawn(_ label: String, _ fonts: FontSystem) throws -> (ShapedLine, [GlyphBitmap]) {
            let line = try fonts.shape(label, family: "", pixelSize: 40)
            return (line, try fonts.rasterize(line, originX: 3.25, baselineY: 40.5))
        }

        /// A font system that draws `label` from its subsets alone.
        static func fromSubsets(_ label: String) throws -> (FontSystem, [EmbeddedFace]) {
            let subsets = try FontSystem().embedding(label, font: "", language: .undetermined)
            let fonts = try FontSystem()
            try fonts.adopt(subsets.enumerated().map { (Int64($0.offset + 1), $0.element) }, forLabel: label, family: "")
            #expect(fonts.drawsFromSubsets(label, family: ""))
            return (fonts, subsets)
        }

        @Test("A label drawn from its subsets has the same glyph positions and pixels as from the installed fonts",
              arguments: labels)
        func subsetsDrawTheSame(label: String) throws {
            let (installedLine, installedBitmaps) = try Self.drawn(label, try FontSystem())
            let (fonts, _) = try Self.fromSubsets(label)
            let (line, bitmaps) = try Self.drawn(label, fonts)
            #expect(line.advance == installedLine.advance)
            #expect(line.ascent == installedLine.ascent && line.descent == installedLine.descent)
            #expect(line.inkAscent == installedLine.inkAscent && line.inkDescent == installedLine.inkDescent)
            #expect(line.glyphs.map { [$0.x, $0.y, $0.advance] } == installedLine.glyphs.map { [$0.x, $0.y, $0.advance] })
            #expect(bitmaps == installedBitmaps)
        }

        @Test("Each face is cut to what the label uses, and the family's own face is always there")
        func subsetsAreSmall() throws {
            let (_, cjk) = try Self.fromSubsets("宫保鸡丁")
            #expect(cjk.map(\.priority).first == 0)
            #expect(cjk.count == 2)
            let han = try #require(cjk.last)
            #expect(han.family.hasPrefix("Noto Sans CJK"))
            #expect(han.bytes.count < 40_000)
            let (_, emoji) = try Self.fromSubsets("🍜")
            let colour = try #require(emoji.first { $0.isColor })
            #expect(colour.family == "Noto Color Emoji")
            #expect(colour.bytes.count < 40_000)
        }

        /// The error `adopt` throws for `face`, or nil when it takes it.
        static func refusal(_ face: EmbeddedFace) -> EmbeddedFontError? {
            do {
                try FontSystem().adopt([(1, face)], forLabel: "宫保鸡丁", family: "")
                return nil
            } catch {
                return error as? EmbeddedFontError
            }
        }

        @Test("A subset with its tables overwritten is refused, naming its family")
        func damagedSubsetIsRefused() throws {
            var face = try #require(try FontSystem().embedding("宫保鸡丁", font: "", language: .undetermined).last)
            // Overwrite the middle of the font: tables, not the directory, so HarfBuzz still opens it.
            let start = face.bytes.count / 3
            for i in start..<(start + face.bytes.count / 3) { face.bytes[i] = 0xFF }
            let error = try #require(Self.refusal(face))
            #expect(error.message.hasPrefix("the embedded font “\(face.family)” is damaged"))
            #expect(error.meaning == .badData)
        }

        @Test("Bytes that are not a font, or a glyph count that is not the one recorded, are refused")
        func garbageIsRefused() throws {
            let garbage = EmbeddedFace(priority: 0, family: "DejaVu Sans", style: "Book", file: "/nowhere", faceIndex: 0,
                                       isColor: false, glyphs: 3, bytes: Array(repeating: 7, count: 400))
            #expect(Self.refusal(garbage)?.family == "DejaVu Sans")
            var miscounted = try #require(try FontSystem().embedding("宫保鸡丁", font: "", language: .undetermined).last)
            miscounted.glyphs += 1
            #expect(Self.refusal(miscounted)?.reason.contains("glyphs") == true)
        }
    }
}
