import Foundation
import Testing
import TagKit

extension RenderTests {
    /// Renders tags for a person to look at beside `reference/original-tag-*.png`.
    ///
    /// Writes PNGs only when `TAGPROJ_LOOK_DIR` names a directory:
    /// `TAGPROJ_LOOK_DIR=/tmp/look swift test --filter LookTests`.
    @Suite struct LookTests {
        static let directory = ProcessInfo.processInfo.environment["TAGPROJ_LOOK_DIR"]

        /// Paints tags on a brown picture of `size`, holding only the rows of `crop` in memory, and
        /// returns the `crop` rectangle.
        static func render(_ tags: [(NormalizedPoint, Side, Double)], size: PictureSize, crop: PixelRect) -> PixelBuffer {
            var band = TestPicture(width: size.width, height: crop.height)
            let prepared = tags.map { anchor, side, em in
                TagPainter.prepare(TagGeometry(anchor: anchor, side: side, labelEm: em, size: size), glyphs: [], picture: size)
            }
            let rowBytes = size.width * 3
            band.pixels.withUnsafeMutableBufferPointer { buffer in
                TagPainter.paint(prepared, into: RowBand(base: buffer.baseAddress!, width: size.width, channels: 3,
                                                         bytesPerRow: rowBytes, rows: crop.y0..<crop.y1))
            }
            return band.crop(PixelRect(x0: crop.x0, y0: 0, x1: crop.x1, y1: crop.height))
        }

        static func write(_ image: PixelBuffer, _ name: String) throws {
            guard let directory else { return }
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(PNGEncoder().encode(image)).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
        }

        /// The artwork's own frame: 75 px tall, dot centre at (18, 57.1), body ending at x = 144,
        /// so `right-as-reference.png` scaled ×4 lies exactly over `original-tag-right.png`.
        @Test func rightTagInTheReferenceFrame() throws {
            let size = PictureSize(width: 1120, height: 1120)  // tag height 75.04 px
            let anchor = NormalizedPoint(x: 118 / 1120, y: 157.1 / 1120)
            let image = Self.render([(anchor, .right, 0.8312)], size: size, crop: PixelRect(x0: 100, y0: 100, x1: 244, y1: 175))
            #expect(image.width == 144)
            try Self.write(image, "right-as-reference.png")
        }

        /// Both sides at a tag height of about 150 px, with a fixed-width fake label (3 em, no glyphs).
        @Test func bothSidesAtDoubleTheArtworkSize() throws {
            let size = PictureSize(width: 2240, height: 2240)  // tag height 150.08 px
            let right = NormalizedPoint(x: 60 / 2240.0, y: 140 / 2240.0)
            let left = NormalizedPoint(x: 900 / 2240.0, y: 140 / 2240.0)
            let image = Self.render([(right, .right, 3.0), (left, .left, 3.0)], size: size, crop: PixelRect(x0: 10, y0: 10, x1: 950, y1: 190))
            try Self.write(image, "both-sides.png")
        }
    }
}
