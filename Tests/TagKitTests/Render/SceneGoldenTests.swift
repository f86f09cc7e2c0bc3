import Foundation
import Testing
@testable import TagKit

extension RenderTests {
    /// Whole tags with real text (FreeType glyphs through fontconfig's fallback) compared with a
    /// committed golden picture. `TAGPROJ_UPDATE_GOLDEN=1` rewrites the golden after a deliberate
    /// change of look; look at it before committing.
    @Suite struct SceneGoldenTests {
        static let golden = Fixtures.path("Tests/TagKitTests/Render/Golden/scene-text.png")

        /// Dish and price, Chinese and Latin, both sides, on flat brown: 480×320, tag height 21 px.
        static func render() throws -> PixelBuffer {
            let size = PictureSize(width: 480, height: 320)
            let tags = [
                Tag(id: TagID(1), kind: .dish, text: "宫保鸡丁", anchor: NormalizedPoint(x: 0.06, y: 0.3), side: .right, labelEm: 0),
                Tag(id: TagID(2), kind: .price, text: "38", anchor: NormalizedPoint(x: 0.94, y: 0.3), side: .left, labelEm: 0),
                Tag(id: TagID(3), kind: .dish, text: "Kung Pao Chicken", anchor: NormalizedPoint(x: 0.95, y: 0.75), side: .left, labelEm: 0),
                Tag(id: TagID(4), kind: .price, text: "12.50", anchor: NormalizedPoint(x: 0.08, y: 0.75), side: .right, labelEm: 0),
            ]
            let scene = try SceneLayout(tags: tags, settings: ProjectSettings(currency: "¥"), size: size, fonts: FontSystem()).scene
            var pixels = Self.brown()
            pixels.bytes.withUnsafeMutableBufferPointer { scene.paint(into: RowBand($0, width: 480, height: 320, channels: 3)) }
            return pixels
        }

        /// A flat brown 480×320 picture to draw on.
        static func brown() -> PixelBuffer {
            PixelBuffer(width: 480, height: 320, channels: 3) { storage in
                for i in stride(from: 0, to: storage.count, by: 3) { storage[i] = 192; storage[i + 1] = 128; storage[i + 2] = 64 }
            }
        }

        /// `rendered` against the golden at `path` (rewritten first under `TAGPROJ_UPDATE_GOLDEN=1`).
        static func expectMatch(_ rendered: PixelBuffer, golden path: String) throws {
            if ProcessInfo.processInfo.environment["TAGPROJ_UPDATE_GOLDEN"] == "1" {
                try Data(PNGEncoder(compressionLevel: 9).encode(rendered)).write(to: URL(fileURLWithPath: path))
            }
            let golden = try ImageDecoder.decode(Array(contents(path)!)).pixels
            #expect(golden.width == rendered.width && golden.height == rendered.height && golden.channels == 3)
            let diffs = zip(golden.bytes, rendered.bytes).map { abs(Int($0) - Int($1)) }
            let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
            let large = diffs.filter { $0 > 48 }.count
            // Font versions may move an edge pixel or two; the look may not change.
            #expect(mean < 0.5, "mean difference \(mean)")
            #expect(large < diffs.count / 500, "\(large) samples differ by more than 48")
        }

        @Test func tagsWithChineseAndLatinTextMatchTheGolden() throws {
            let rendered = try Self.render()
            try Self.expectMatch(rendered, golden: Self.golden)
            // Something was drawn: the tags cover a good part of the picture.
            #expect(rendered.bytes.enumerated().filter { $0.element != [192, 128, 64][$0.offset % 3] }.count > 5000)
        }
    }
}
