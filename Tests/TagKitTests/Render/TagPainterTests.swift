import Foundation
import Testing
@testable import TagKit

extension RenderTests {
    @Suite struct TagPainterTests {
        /// Ten tags spread over a 400×300 picture, both sides, some overlapping, one at each edge.
        static let tenTags: [(NormalizedPoint, Side)] = [
            (NormalizedPoint(x: 0.1, y: 0.2), .right), (NormalizedPoint(x: 0.9, y: 0.2), .left),
            (NormalizedPoint(x: 0.33, y: 0.41), .right), (NormalizedPoint(x: 0.35, y: 0.45), .left),
            (NormalizedPoint(x: 0.5, y: 0.5), .right), (NormalizedPoint(x: 0.27, y: 0.77), .right),
            (NormalizedPoint(x: 0.73, y: 0.7), .left), (NormalizedPoint(x: 0.0, y: 1.0), .right),
            (NormalizedPoint(x: 1.0, y: 0.0), .left), (NormalizedPoint(x: 0.6123, y: 0.3377), .right),
        ]

        @Test(arguments: [3, 4])
        func paintingInBandsOfAnyHeightGivesTheSamePixels(channels: Int) {
            var whole = TestPicture(width: 400, height: 300, channels: channels)
            whole.paintTags(Self.tenTags)
            for bandHeight in [1, 7, 64] {
                var banded = TestPicture(width: 400, height: 300, channels: channels)
                banded.paintTags(Self.tenTags, bandHeight: bandHeight)
                #expect(banded == whole, "bands of \(bandHeight) rows")
            }
            #expect(whole != TestPicture(width: 400, height: 300, channels: channels))
        }

        @Test func pixelsOutsideEveryTagAreUntouched() {
            let blank = TestPicture(width: 400, height: 300)
            var painted = blank
            painted.paintTags(Self.tenTags)
            let boxes = Self.tenTags.map { PixelRect(enclosing: blank.geometry($0.0, $0.1).bounds) }
            var changedInside = 0
            for y in 0..<300 {
                for x in 0..<400 {
                    let inside = boxes.contains { x >= $0.x0 && x < $0.x1 && y >= $0.y0 && y < $0.y1 }
                    if painted[x, y] != blank[x, y] {
                        if inside { changedInside += 1 } else { Issue.record("pixel \(x),\(y) outside every tag changed") }
                    }
                }
            }
            #expect(changedInside > 5000)
        }

        @Test func theTwoSidesAreMirrorImages() {
            var right = TestPicture(width: 300, height: 200), left = right
            right.paintTags([(NormalizedPoint(x: 0.137, y: 0.61), .right)], labelEm: 2.4)
            left.paintTags([(NormalizedPoint(x: 1 - 0.137, y: 0.61), .left)], labelEm: 2.4)
            var worst = 0
            for y in 0..<200 {
                for x in 0..<300 {
                    for (a, b) in zip(right[x, y], left[299 - x, y]) { worst = max(worst, abs(Int(a) - Int(b))) }
                }
            }
            #expect(worst <= 1)
        }

        @Test func theTagLooksLikeTheArtwork() {
            var picture = TestPicture(width: 1200, height: 900)
            let geometry = picture.geometry(NormalizedPoint(x: 0.2, y: 0.5), .right)
            picture.paintTags([(NormalizedPoint(x: 0.2, y: 0.5), .right)])
            let dot = geometry.dotCentre, h = geometry.height
            func at(_ dx: Double, _ dy: Double) -> [UInt8] { picture[Int(dot.x + dx * h), Int(dot.y + dy * h)] }
            #expect(at(1.5, -0.3) == [77, 51, 26])              // bubble: 60% black
            #expect(at(-0.19, 0) == [96, 64, 32])               // ring: 50% black
            #expect(at(0, -0.1)[0] > at(0, 0.1)[0])             // disc shades from top to bottom
            #expect(at(0, -0.1)[0] >= 0xDB && at(0, 0.1)[0] <= 0xFD)
            #expect(at(0.3, -0.4) == TestPicture.brown)         // above the tail: the photo
            #expect(at(0, -0.3) == TestPicture.brown)           // above the dot
        }

        @Test func glyphsArePaintedInTheTextColourAndCutToTheTag() {
            var picture = TestPicture(width: 400, height: 300)
            let geometry = picture.geometry(NormalizedPoint(x: 0.2, y: 0.5), .right)
            let box = PixelRect(enclosing: geometry.bounds)
            let x = Int(geometry.textStart.x), y = Int(geometry.textStart.y)
            let mask = PlacedGlyph(x: x, y: y - 2, width: 3, height: 2, pixels: [255, 128, 0, 255, 255, 255], isColor: false)
            // Opaque blue, premultiplied BGRA, straddling the tag's bottom edge.
            let colour = PlacedGlyph(x: x + 10, y: box.y1 - 1, width: 1, height: 3,
                                     pixels: [UInt8](repeating: 0, count: 3).flatMap { _ in [255, 0, 0, 255] }, isColor: true)
            let tag = TagPainter.prepare(geometry, glyphs: [mask, colour], picture: picture.size)
            picture.paint([tag])
            #expect(picture[x, y - 2] == [255, 255, 255])
            #expect(picture[x + 1, y - 2] == [166, 153, 141])   // half white over the bubble's (77, 51, 26)
            #expect(picture[x + 10, box.y1 - 1] == [0, 0, 255])
            #expect(picture[x + 10, box.y1] == TestPicture.brown)
        }

        @Test func aTagHangingOffThePictureIsClipped() {
            var picture = TestPicture(width: 200, height: 150)
            let geometry = picture.geometry(NormalizedPoint(x: 0.97, y: 0.02), .right)
            let tag = TagPainter.prepare(geometry, glyphs: [], picture: picture.size)
            #expect(tag.bounds.x1 == 200 && tag.bounds.y0 == 0)
            picture.paint([tag], bandHeight: 5)
            #expect(picture[199, 0] == [77, 51, 26] || picture[199, 0] != TestPicture.brown)
        }

        @Test func dishAndPriceTagsKeepTheShapeAndDifferInTheBubblesColour() {
            var dish = TestPicture(width: 200, height: 150), price = TestPicture(width: 200, height: 150)
            let geometry = dish.geometry(NormalizedPoint(x: 0.3, y: 0.5), .right)
            let d = TagPainter.prepare(geometry, glyphs: [], picture: dish.size, kind: .dish)
            let p = TagPainter.prepare(geometry, glyphs: [], picture: price.size, kind: .price)
            #expect(d.bounds == p.bounds)
            dish.paint([d], bandHeight: 7)
            price.paint([p], bandHeight: 7)
            // Inside the body, well away from the dot and the edges.
            let x = Int(geometry.textStart.x) + 3, y = Int(geometry.textStart.y)
            #expect(dish[x, y] == [77, 51, 26], "black at 60% over brown (192, 128, 64)")
            let red = price[x, y]
            #expect(red[0] > red[1] + 60 && red[0] > red[2] + 60, "a red bubble: \(red)")
            // The same outline: a pixel one picture changed visibly, the other changed too (an edge
            // pixel of faint coverage may round to the background in one colour and not the other).
            func changed(_ a: [UInt8]) -> Int { zip(a, TestPicture.brown).map { abs(Int($0) - Int($1)) }.max()! }
            for yy in 0..<150 { for xx in 0..<200 where max(changed(dish[xx, yy]), changed(price[xx, yy])) > 3 {
                #expect(changed(dish[xx, yy]) > 0 && changed(price[xx, yy]) > 0, "\(xx),\(yy)")
            } }
        }

        /// A crop of a 700×700 picture (tag height 46.9 px) holding a right and a left tag, against
        /// `Golden/tags-on-brown.png`. `TAGPROJ_UPDATE_GOLDEN=1` rewrites the golden after a deliberate
        /// change of look.
        @Test func tagsOnBrownMatchTheGoldenImage() throws {
            let size = PictureSize(width: 700, height: 700)
            let crop = PixelRect(x0: 100, y0: 100, x1: 300, y1: 220)
            let image = LookTests.render([(NormalizedPoint(x: 115.5 / 700, y: 140 / 700), .right, 3.0),
                                          (NormalizedPoint(x: 284 / 700, y: 190 / 700), .left, 3.0)],
                                         size: size, crop: crop)
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden/tags-on-brown.png")
            if ProcessInfo.processInfo.environment["TAGPROJ_UPDATE_GOLDEN"] != nil {
                try Data(PNGEncoder(compressionLevel: 9).encode(image)).write(to: url)
            }
            let golden = try ImageDecoder.decode(Array(try Data(contentsOf: url))).pixels
            try #require(golden.width == image.width && golden.height == image.height && golden.channels == 3)
            var worst = 0, differing = 0
            for (a, b) in zip(golden.bytes, image.bytes) where a != b {
                worst = max(worst, abs(Int(a) - Int(b)))
                differing += 1
            }
            #expect(worst <= 2, "\(differing) samples differ, by up to \(worst)")
        }
    }
}
