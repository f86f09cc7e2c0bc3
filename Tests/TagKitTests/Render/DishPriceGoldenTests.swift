import Foundation
import Testing
@testable import TagKit

extension RenderTests {
    /// A dish carrying its price, drawn by the real fonts at 600 px: one dot and one bubble, the
    /// name on the dish's black and the price on the price's red, on either side of the dot and for
    /// a name read right to left. `TAGPROJ_UPDATE_GOLDEN=1` rewrites the golden.
    @Suite struct DishPriceGoldenTests {
        static let golden = Fixtures.path("Tests/TagKitTests/Render/Golden/dish-price.png")
        static let size = PictureSize(width: 600, height: 400)

        static func tags(fonts: FontSystem, settings: ProjectSettings) throws -> [Tag] {
            func dish(_ id: Int64, _ text: String, _ price: String?, _ x: Double, _ y: Double, _ side: Side) throws -> Tag {
                var tag = Tag(id: TagID(id), kind: .dish, text: text, price: price, anchor: NormalizedPoint(x: x, y: y), side: side, labelEm: 0)
                tag.labelEm = try fonts.labelEm(of: tag, settings: settings)
                return tag
            }
            return [try dish(1, "宫保鸡丁", "38", 0.08, 0.25, .right), try dish(2, "Matcha mille crêpe", "36", 0.92, 0.5, .left),
                    try dish(3, "شاورما", "12.50", 0.08, 0.75, .right),
                    Tag(id: TagID(4), kind: .price, text: "38", anchor: NormalizedPoint(x: 0.7, y: 0.8), side: .right, labelEm: 0)]
        }

        static func layout() throws -> (SceneLayout, PixelBuffer) {
            let fonts = try FontSystem(), settings = ProjectSettings()
            let layout = try SceneLayout(tags: try tags(fonts: fonts, settings: settings), settings: settings, size: size, fonts: fonts)
            var pixels = PixelBuffer(width: size.width, height: size.height, channels: 3) { storage in
                for i in stride(from: 0, to: storage.count, by: 3) { storage[i] = 192; storage[i + 1] = 128; storage[i + 2] = 64 }
            }
            pixels.bytes.withUnsafeMutableBufferPointer { layout.scene.paint(into: RowBand($0, width: size.width, height: size.height, channels: 3)) }
            return (layout, pixels)
        }

        @Test func aDishWithItsPriceIsOneBubbleInTwoColoursAsTheGoldenShows() throws {
            let (layout, pixels) = try Self.layout()
            try SceneGoldenTests.expectMatch(pixels, golden: Self.golden)
            #expect(layout.notices.isEmpty, "measured as it is drawn, so no tag had to move")
            func pixel(_ x: Double, _ y: Double) -> [UInt8] {
                let i = (Int(y) * Self.size.width + Int(x)) * 3
                return Array(pixels.bytes[i..<i + 3])
            }
            let price = Self.blend(TagStyle.priceBubbleColor), dish = Self.blend(TagStyle.bubbleColor)
            for drawing in layout.drawings.prefix(3) {
                let split = try #require(drawing.priceSplit)
                let g = drawing.geometry
                // Just under the bubble's top edge, above the text: the bubble's own colour.
                let y = g.dotCentre.y + (TagStyle.bubbleTop + 0.08) * g.height
                let (priceX, dishX) = split.priceOnTheRight ? (split.x + 3, split.x - 3) : (split.x - 3, split.x + 3)
                #expect(Self.close(pixel(priceX, y), price), "the price part is the price's red, \(pixel(priceX, y))")
                #expect(Self.close(pixel(dishX, y), dish), "the name part is the dish's black, \(pixel(dishX, y))")
            }
            #expect(layout.drawings[0].priceSplit?.priceOnTheRight == true && layout.drawings[1].priceSplit?.priceOnTheRight == true)
            #expect(layout.drawings[2].priceSplit?.priceOnTheRight == false, "a right-to-left name has its price at its left")
            #expect(layout.drawings[3].priceSplit == nil, "a price tag on its own is as it was")
        }

        @Test func thePriceWidensTheBubbleByTheGapAndThePriceItself() throws {
            let fonts = try FontSystem(), settings = ProjectSettings()
            let tag = try Self.tags(fonts: fonts, settings: settings)[0]
            var bare = tag
            bare.price = nil
            let withPrice = try SceneLayout(tags: [tag], settings: settings, size: Self.size, fonts: fonts).drawings[0].geometry.bounds
            let without = try SceneLayout(tags: [bare], settings: settings, size: Self.size, fonts: fonts).drawings[0].geometry.bounds
            let font = TagStyle.fontSize(on: Self.size, scale: 1)
            let expected = (TagStyle.priceGapEm + (try fonts.labelEm("¥38", font: "", language: .undetermined))) * font
            #expect(abs((withPrice.width - without.width) - expected) < 0.01)
        }

        /// The brown background under `colour` at its opacity.
        static func blend(_ colour: RGBA) -> [UInt8] {
            zip([192.0, 128, 64], [colour.r, colour.g, colour.b]).map { UInt8((($0 * (1 - colour.alpha)) + Double($1) * colour.alpha).rounded()) }
        }

        static func close(_ a: [UInt8], _ b: [UInt8]) -> Bool { zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= 3 } }
    }
}
