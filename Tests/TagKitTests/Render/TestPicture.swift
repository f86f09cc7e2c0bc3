import TagKit

/// A picture in memory for render tests: tightly packed RGB or RGBA rows filled with one colour.
struct TestPicture: Equatable {
    static let brown: [UInt8] = [192, 128, 64]

    let width: Int, height: Int, channels: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, channels: Int = 3, fill: [UInt8] = TestPicture.brown) {
        self.width = width; self.height = height; self.channels = channels
        let pixel = channels == 4 && fill.count == 3 ? fill + [255] : fill
        pixels = Array([[UInt8]](repeating: pixel, count: width * height).joined())
    }

    var size: PictureSize { PictureSize(width: width, height: height) }

    subscript(x: Int, y: Int) -> [UInt8] {
        let i = (y * width + x) * channels
        return Array(pixels[i..<(i + channels)])
    }

    /// Paints `tags` band by band, `bandHeight` rows at a time, each band in its own row buffer
    /// (copied in and out, as export streams), so a band can only write its own rows.
    mutating func paint(_ tags: [PreparedTag], bandHeight: Int? = nil) {
        let rowBytes = width * channels
        let step = max(1, bandHeight ?? height)
        for y0 in stride(from: 0, to: height, by: step) {
            let y1 = min(height, y0 + step)
            var band = Array(pixels[(y0 * rowBytes)..<(y1 * rowBytes)])
            band.withUnsafeMutableBufferPointer { buffer in
                let rows = RowBand(base: buffer.baseAddress!, width: width, channels: channels,
                                   bytesPerRow: rowBytes, rows: y0..<y1)
                TagPainter.paint(tags, into: rows)
            }
            pixels.replaceSubrange((y0 * rowBytes)..<(y1 * rowBytes), with: band)
        }
    }

    /// Prepares and paints tags at normalized anchors with a fake label `labelEm` wide (no glyphs).
    mutating func paintTags(_ anchors: [(NormalizedPoint, Side)], labelEm: Double = 3.0, bandHeight: Int? = nil) {
        let prepared = anchors.map { anchor, side in
            TagPainter.prepare(geometry(anchor, side, labelEm: labelEm), glyphs: [], picture: size)
        }
        paint(prepared, bandHeight: bandHeight)
    }

    func geometry(_ anchor: NormalizedPoint, _ side: Side, labelEm: Double = 3.0) -> TagGeometry {
        TagGeometry(anchor: anchor, side: side, labelEm: labelEm, size: size)
    }

    /// The rectangle `rect` of this picture, as a pixel buffer TagKit's encoders take.
    func crop(_ rect: PixelRect) -> PixelBuffer {
        var out: [UInt8] = []
        for y in rect.y0..<rect.y1 {
            let i = (y * width + rect.x0) * channels
            out += pixels[i..<(i + rect.width * channels)]
        }
        return PixelBuffer(width: rect.width, height: rect.height, channels: channels, bytes: out)
    }

    var image: PixelBuffer { crop(PixelRect(x0: 0, y0: 0, x1: width, y1: height)) }
}
