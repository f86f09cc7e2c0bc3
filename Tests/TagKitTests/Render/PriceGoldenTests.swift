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
            var pixels = PixelBuffer(width: 480, height: 320, channels: 3) { storage in
                for i in stride(from: 0, to: storage.count, by: 3) { storage[i] = 192; storage[i + 1] = 128; storage[i + 2] = 64 }
            }
            for (settings, tags) in formats {
                let scene = try SceneLayout(tags: tags, settings: settings, size: size, fonts: FontSystem()).scene
                pixels.bytes.withUnsafeMutableBufferPointer { scene.paint(into: RowBand($0, width: 480, height: 320, channels: 3)) }
            }
            return pixels
        }

        @Test func everyPriceFormatIsDrawnAsWrittenInTheKindsColours() throws {
            let rendered = try Self.render()
            if ProcessInfo.processInfo.environment["TAGPROJ_UPDATE_GOLDEN"] == "1" {
                try Data(PNGEncoder(compressionLevel: 9).encode(rendered)).write(to: URL(fileURLWithPath: Self.golden))
            }
            let golden = try ImageDecoder.decode(Array(contents(Self.golden)!)).pixels
            #expect(golden.width == rendered.width && golden.height == rendered.height && golden.channels == 3)
            let diffs = zip(golden.bytes, rendered.bytes).map { abs(Int($0) - Int($1)) }
            let mean = Double(diffs.reduce(0, +)) / Double(diffs.count)
            // Font versions may move an edge pixel or two; the look may not change.
            #expect(mean < 0.5, "mean difference \(mean)")
            #expect(diffs.filter { $0 > 48 }.count < diffs.count / 500)
        }
    }
}
