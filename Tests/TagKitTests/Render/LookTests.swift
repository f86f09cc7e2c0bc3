import Foundation
import Testing
import TagKit

extension RenderTests {
    /// Renders tags for a person to look at beside `reference/original-tag-*.png`.
    ///
    /// Writes PNGs only when `TAGPROJ_LOOK_DIR` names a directory:
    /// `TAGPROJ_LOOK_DIR=/tmp/look swift test --filter LookTests`. Either way each test checks that
    /// the tags are painted exactly where their geometry says, at the size its comment gives.
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

        /// The pixels of `image` (the `crop` of a picture) in `columns` that are not the brown
        /// ground, as the rectangle holding them in picture coordinates; nil when there are none.
        static func painted(_ image: PixelBuffer, at crop: PixelRect, columns: Range<Int>? = nil) -> PixelRect? {
            var found: PixelRect?
            for y in 0..<image.height {
                for x in 0..<image.width where (columns?.contains(crop.x0 + x) ?? true) && image[x, y] != TestPicture.brown {
                    let pixel = PixelRect(x0: crop.x0 + x, y0: crop.y0 + y, x1: crop.x0 + x + 1, y1: crop.y0 + y + 1)
                    found = found.map { PixelRect(x0: min($0.x0, pixel.x0), y0: min($0.y0, pixel.y0),
                                                  x1: max($0.x1, pixel.x1), y1: max($0.y1, pixel.y1)) } ?? pixel
                }
            }
            return found
        }

        /// The pixels `bounds` touches.
        static func covered(_ bounds: Rect) -> PixelRect {
            PixelRect(x0: Int(bounds.minX.rounded(.down)), y0: Int(bounds.minY.rounded(.down)),
                      x1: Int(bounds.maxX.rounded(.up)), y1: Int(bounds.maxY.rounded(.up)))
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
            let frame = PixelRect(x0: 100, y0: 100, x1: 244, y1: 175)
            let geometry = TagGeometry(anchor: anchor, side: .right, labelEm: 0.8312, size: size)
            #expect(abs(geometry.height - 75.04) < 0.005)
            #expect(abs(geometry.dotCentre.x - 118) < 1e-9 && abs(geometry.dotCentre.y - 157.1) < 1e-9)
            // The body ends at the frame's right edge (x = 144 in it); the rest lies inside it.
            #expect(abs(geometry.bounds.maxX - Double(frame.x1)) < 0.1)
            let around = PixelRect(x0: 50, y0: 50, x1: 300, y1: 230)
            let painted = Self.painted(Self.render([(anchor, .right, 0.8312)], size: size, crop: around), at: around)
            #expect(painted == Self.covered(geometry.bounds))
            #expect(painted.map { $0.x0 >= frame.x0 && $0.y0 >= frame.y0 && $0.y1 <= frame.y1 } == true)
            try Self.write(Self.render([(anchor, .right, 0.8312)], size: size, crop: frame), "right-as-reference.png")
        }

        /// Both sides at a tag height of about 150 px, with a fixed-width fake label (3 em, no glyphs).
        @Test func bothSidesAtDoubleTheArtworkSize() throws {
            let size = PictureSize(width: 2240, height: 2240)  // tag height 150.08 px
            let right = NormalizedPoint(x: 60 / 2240.0, y: 140 / 2240.0)
            let left = NormalizedPoint(x: 900 / 2240.0, y: 140 / 2240.0)
            let crop = PixelRect(x0: 10, y0: 10, x1: 950, y1: 190)
            let image = Self.render([(right, .right, 3.0), (left, .left, 3.0)], size: size, crop: crop)
            let rightTag = TagGeometry(anchor: right, side: .right, labelEm: 3.0, size: size)
            let leftTag = TagGeometry(anchor: left, side: .left, labelEm: 3.0, size: size)
            for tag in [rightTag, leftTag] { #expect(abs(tag.height - 150.08) < 0.005) }
            // Mirror images: the right-side tag starts at its dot's ring and runs right, the
            // left-side one ends at its ring, and both are as wide.
            #expect(abs(rightTag.bounds.minX - (rightTag.dotCentre.x - rightTag.ringRadius)) < 1e-9)
            #expect(abs(leftTag.bounds.maxX - (leftTag.dotCentre.x + leftTag.ringRadius)) < 1e-9)
            #expect(abs(rightTag.bounds.width - leftTag.bounds.width) < 1e-9)
            // Each is painted exactly over its bounds, whole inside the crop.
            let middle = Int((rightTag.bounds.maxX + leftTag.bounds.minX) / 2)
            #expect(rightTag.bounds.maxX < leftTag.bounds.minX)
            #expect(Self.painted(image, at: crop, columns: crop.x0..<middle) == Self.covered(rightTag.bounds))
            #expect(Self.painted(image, at: crop, columns: middle..<crop.x1) == Self.covered(leftTag.bounds))
            try Self.write(image, "both-sides.png")
        }
    }
}
