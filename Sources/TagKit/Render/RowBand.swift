/// A horizontal strip of a picture's rows, in memory the caller owns: what painting writes into.
///
/// Export streams a picture through bands: decode some rows, paint the parts of the tags that fall
/// in them, encode them, move on. Layout: interleaved 8-bit samples, `channels` per pixel (3 = RGB,
/// 4 = RGBA with straight, not premultiplied, alpha), rows `bytesPerRow` apart, the first byte
/// at `base` being the left pixel of picture row `rows.lowerBound`. A window holds only some
/// columns of those rows (`columns`), rows as far apart as it is wide.
///
/// A band is a view: it neither owns nor retains its memory, which must stay valid and unaliased
/// while anything paints into it.
public struct RowBand {
    /// Where the band's first row's pixel 0 is. For a window (`columns` not the whole width) this
    /// lies outside the memory the band was given: only the pixels in `columns` may be reached.
    public let base: UnsafeMutablePointer<UInt8>
    /// The picture's width in pixels (every row holds all of them).
    public let width: Int
    /// Samples per pixel: 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// Distance between the starts of two consecutive rows, in bytes.
    public let bytesPerRow: Int
    /// The picture rows the band holds.
    public let rows: Range<Int>
    /// The picture columns the band holds: all of them, or a window's.
    public let columns: Range<Int>

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
        columns = 0..<width
    }

    /// A window of a `width`-pixel-wide picture: its `columns` of `rows`, stored at `first` (the
    /// first row's first pixel in the window) with rows `bytesPerRow` apart. Painting a window
    /// touches only the memory of the pixels it holds, however wide the picture is.
    /// - Precondition: `channels` is 3 or 4, `columns` lies inside the picture and
    ///   `bytesPerRow ≥ columns.count × channels`.
    public init(window first: UnsafeMutablePointer<UInt8>, width: Int, columns: Range<Int>, channels: Int,
                bytesPerRow: Int, rows: Range<Int>) {
        precondition(channels == 3 || channels == 4, "a row band holds RGB or RGBA pixels")
        precondition(columns.lowerBound >= 0 && columns.upperBound <= width, "a window outside the picture")
        precondition(bytesPerRow >= columns.count * channels, "rows are shorter than the window")
        base = first - columns.lowerBound * channels
        self.width = width
        self.channels = channels
        self.bytesPerRow = bytesPerRow
        self.rows = rows
        self.columns = columns
    }

    /// A band over a whole tightly packed picture (`bytesPerRow == width × channels`) held in `buffer`.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, channels: Int) {
        precondition(buffer.count >= width * height * channels, "the buffer is smaller than the picture")
        self.init(base: buffer.baseAddress!, width: width, channels: channels,
                  bytesPerRow: width * channels, rows: 0..<height)
    }

    /// The pixels of the band as a rectangle of the picture.
    public var pixelRect: PixelRect {
        PixelRect(x0: columns.lowerBound, y0: rows.lowerBound, x1: columns.upperBound, y1: rows.upperBound)
    }

    /// The first byte of picture row `y`'s pixel 0 (`y` one of `rows`): index it by picture column,
    /// inside `columns`.
    @inlinable
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        base + (y - rows.lowerBound) * bytesPerRow
    }

    /// This band's rows `sub` (a subrange of `rows`): the same memory, a shorter band.
    public func rows(_ sub: Range<Int>) -> RowBand {
        precondition(sub.lowerBound >= rows.lowerBound && sub.upperBound <= rows.upperBound, "rows outside the band")
        return RowBand(window: row(sub.lowerBound) + columns.lowerBound * channels, width: width, columns: columns,
                       channels: channels, bytesPerRow: bytesPerRow, rows: sub)
    }
}
