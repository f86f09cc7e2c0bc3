import Foundation
import Testing
@testable import TagKit

extension RenderTests {
    /// Prices as people write them, drawn by the real fonts: `38元`, `12.50元`, `12,50 €`, `€ 4.50`,
    /// `$12.50`, red price bubbles beside a black dish bubble. `TAGPROJ_UPDATE_GOLDEN=1` rewrites the golden.
    @Suite struct PriceGoldenTests {
        static let golden = Fixtures.path("Tests/TagKitTests/Render/Golden/price-formats.png")

        static func render() throws -> PixelBuffer {
            let size = PictureSize(width: 480, height: 320)
            func price(_ id: Int64, _ text: String, _ x: Double, _ y: Double) -> Tag {
                Tag(id: TagID(id), kind: .price, text: text, anchor: NormalizedPoint(x: x, y: y), side: .right, labelEm: 0)
            }
            let formats: [(ProjectSettings, [Tag])] = [
                (ProjectSettings(currency: "元", priceFormat: PriceFormat(symbol: .after)), [price(1, "38", 0.06, 0.2), price(2, "12.50", 0.56, 0.2)]),
                (ProjectSettings(currency: "€", priceFormat: PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")), [price(3, "12.50", 0.06, 0.45)]),
                (ProjectSettings(currency: "€", priceFormat: PriceFormat(spaced: true)), [price(4, "4.50", 0.56, 0.45)]),
                (ProjectSettings(currency: "$"), [price(5, "12.50", 0.06, 0.7),
                                                  Tag(id: TagID(6), kind: .dish, text: "Burger", anchor: NormalizedPoint(x: 0.56, y: 0.7), side: .right, labelEm: 0)]),
            ]
            var pixels = SceneGoldenTests.brown()
            for (settings, tags) in formats {
                let scene = try SceneLayout(tags: tags, settings: settings, size: size, fonts: FontSystem()).scene
                pixels.bytes.withUnsafeMutableBufferPointer { scene.paint(into: RowBand($0, width: 480, height: 320, channels: 3)) }
            }
            return pixels
        }

        @Test func everyPriceFormatIsDrawnAsWrittenInTheKindsColours() throws {
            try SceneGoldenTests.expectMatch(try Self.render(), golden: Self.golden)
        }
    }
}
