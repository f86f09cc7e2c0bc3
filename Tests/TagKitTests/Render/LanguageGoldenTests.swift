import Testing
@testable import TagKit

extension RenderTests {
    /// 骨直令, three Han characters whose Chinese and Japanese forms differ, drawn by the real fonts
    /// for a `zh-Hans` and a `ja` project, against committed goldens (`TAGPROJ_UPDATE_GOLDEN=1`
    /// rewrites them; look at them first: the box inside 骨's top opens left in Chinese, right in
    /// Japanese).
    @Suite struct LanguageGoldenTests {
        static let size = PictureSize(width: 240, height: 128)

        /// The one tag, on flat brown, in `language` and `font` (`""`: the default sans-serif).
        static func render(_ language: String, font: String = "") throws -> PixelBuffer {
            let settings = ProjectSettings(font: font, language: try TextLanguage(parsing: language), tagScale: 4)
            let tag = Tag(id: TagID(1), kind: .dish, text: "骨直令", anchor: NormalizedPoint(x: 0.06, y: 0.7), side: .right, labelEm: 0)
            let scene = try SceneLayout(tags: [tag], settings: settings, size: size, fonts: FontSystem()).scene
            var pixels = PixelBuffer(width: size.width, height: size.height, channels: 3) { storage in
                for i in stride(from: 0, to: storage.count, by: 3) { storage[i] = 192; storage[i + 1] = 128; storage[i + 2] = 64 }
            }
            pixels.bytes.withUnsafeMutableBufferPointer { scene.paint(into: RowBand($0, width: size.width, height: size.height, channels: 3)) }
            return pixels
        }

        static func golden(_ language: String) -> String { Fixtures.path("Tests/TagKitTests/Render/Golden/language-\(language).png") }

        @Test(arguments: [("zh-Hans", "Noto Sans CJK SC"), ("ja", "Noto Sans CJK JP")])
        func theLanguagePicksTheFormsAsTheGoldenShowsAndAsItsOwnFaceDrawsThem(_ language: String, _ face: String) throws {
            try SceneGoldenTests.expectMatch(try Self.render(language), golden: Self.golden(language))
            // The face of that language inside the collection, picked by its family, draws the same.
            #expect(try Self.render(language, font: face).bytes == Self.render(language).bytes)
        }

        @Test func chineseAndJapaneseFormsDiffer() throws {
            let chinese = try Self.render("zh-Hans"), japanese = try Self.render("ja")
            let differing = zip(chinese.bytes, japanese.bytes).filter { abs(Int($0) - Int($1)) > 48 }.count
            #expect(differing > 60, "\(differing) samples differ")
        }

        @Test func aProjectThatDoesNotSayItsLanguageDrawsHanInChineseFormsAsEveryProjectDidBefore() throws {
            for face in ["Noto Sans CJK SC", "Noto Sans CJK JP"] {
                #expect(try Self.render("und", font: face).bytes == Self.render("zh-Hans", font: face).bytes, "\(face)")
            }
        }
    }
}
