import Testing
@testable import TagKit

extension RenderTests {
    /// The same two tags drawn at tag scales 1.5 (top) and 0.75 (bottom) of one 480×320 picture,
    /// against a committed golden. `TAGPROJ_UPDATE_GOLDEN=1` rewrites it; look at it first.
    @Suite struct ScaleGoldenTests {
        static let golden = Fixtures.path("Tests/TagKitTests/Render/Golden/tag-scales.png")

        static func render() throws -> PixelBuffer {
            let size = PictureSize(width: 480, height: 320)
            func tags(_ y: Double) -> [Tag] {
                [Tag(id: TagID(1), kind: .dish, text: "Flat white", anchor: NormalizedPoint(x: 0.06, y: y), side: .right, labelEm: 0),
                 Tag(id: TagID(2), kind: .price, text: "28", anchor: NormalizedPoint(x: 0.94, y: y), side: .left, labelEm: 0)]
            }
            var pixels = SceneGoldenTests.brown()
            for (scale, y) in [(1.5, 0.3), (0.75, 0.75)] {
                let scene = try SceneLayout(tags: tags(y), settings: ProjectSettings(tagScale: scale), size: size, fonts: FontSystem()).scene
                pixels.bytes.withUnsafeMutableBufferPointer { scene.paint(into: RowBand($0, width: 480, height: 320, channels: 3)) }
            }
            return pixels
        }

        @Test func tagsAtScales1Point5And0Point75MatchTheGolden() throws {
            try SceneGoldenTests.expectMatch(try Self.render(), golden: Self.golden)
        }

        @Test func theScaledTagsAreThoseOfScale1EnlargedAboutTheirDots() throws {
            let size = PictureSize(width: 480, height: 320)
            let tag = Tag(id: TagID(1), kind: .dish, text: "Flat white", anchor: .centre, side: .right, labelEm: 0)
            let one = try SceneLayout(tags: [tag], settings: ProjectSettings(), size: size, fonts: FontSystem()).drawings[0]
            let big = try SceneLayout(tags: [tag], settings: ProjectSettings(tagScale: 1.5), size: size, fonts: FontSystem()).drawings[0]
            #expect(abs(big.geometry.bounds.width - 1.5 * one.geometry.bounds.width) < 1e-6)
            #expect(abs(big.geometry.fontSize - 1.5 * one.geometry.fontSize) < 1e-9)
            let inkWidth = { (d: TagDrawing) in Double(d.glyphs.map { $0.x + $0.width }.max()! - d.glyphs.map(\.x).min()!) }
            #expect(abs(inkWidth(big) / inkWidth(one) - 1.5) < 0.05, "the text grows with the tag")
        }
    }
}
