/// A horizontal strip of a picture's rows, in memory the caller owns: what painting writes into.
///
/// Export streams a picture through bands: decode some rows, paint the parts of the tags that fall
/// in them, encode them, move on. Layout: interleaved 8-bit samples, `channels` per pixel (3 = RGB,
/// 4 = RGBA with straight, not premultiplied, alpha), rows `bytesPerRow` apart, the first byte
/// at `base` being the left pixel of picture row `rows.lowerBound`.
///
/// A band is a view: it neither owns nor retains its memory, which must stay valid and unaliased
/// while anything paints into it.
public struct RowBand {
    /// The first byte of the band's first row.
    public let base: UnsafeMutablePointer<UInt8>
    /// The picture's width in pixels (every row holds all of them).
    public let width: Int
    /// Samples per pixel: 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// Distance between the starts of two consecutive rows, in bytes.
    public let bytesPerRow: Int
    /// The picture rows the band holds.
    public let rows: Range<Int>

    /// A band over `rows` of a `width`-pixel-wide picture stored at `base`.
    /// - Precondition: `channels` is 3 or 4 and `bytesPerRow ≥ width × channels`.
    public init(base: UnsafeMutablePointer<UInt8>, width: Int, channels: Int, bytesPerRow: Int, rows: Range<Int>) {
        precondition(channels == 3 || channels == 4, "a row band holds RGB or RGBA pixels")
        precondition(width >= 0 && bytesPerRow >= width * channels, "rows are shorter than the picture's width")
        self.base = base
        self.width = width
        self.channels = channels
        self.bytesPerRow = bytesPerRow
        self.rows = rows
    }

    /// A band over a whole tightly packed picture (`bytesPerRow == width × channels`) held in `buffer`.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, channels: Int) {
        precondition(buffer.count >= width * height * channels, "the buffer is smaller than the picture")
        self.init(base: buffer.baseAddress!, width: width, channels: channels,
                  bytesPerRow: width * channels, rows: 0..<height)
    }

    /// The pixels of the band as a rectangle of the picture.
    public var pixelRect: PixelRect {
        PixelRect(x0: 0, y0: rows.lowerBound, x1: width, y1: rows.upperBound)
    }

    /// The first byte of picture row `y`, which must be one of `rows`.
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + (y - rows.lowerBound) * bytesPerRow
    }

    /// This band's rows `sub` (a subrange of `rows`): the same memory, a shorter band.
    public func rows(_ sub: Range<Int>) -> RowBand {
        precondition(sub.lowerBound >= rows.lowerBound && sub.upperBound <= rows.upperBound, "rows outside the band")
        return RowBand(base: row(sub.lowerBound), width: width, channels: channels,
                       bytesPerRow: bytesPerRow, rows: sub)
    }
}
