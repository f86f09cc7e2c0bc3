import Glibc

/// The rows of a picture stored with an EXIF orientation, produced upright: a `RowSource` for an
/// export, which needs the upright picture a band at a time, never whole.
///
/// Orientations 1 and 2 stream (2 mirrors each band as it is read). For 3–8 the picture must be
/// read whole first (the first upright row needs the last stored row, or a pixel of every stored
/// row); it is decoded straight into one buffer in stored order, with no band copied on the way,
/// and every band of upright rows is then taken from that buffer. For 5–8 a band of upright rows
/// is a band of stored columns: the picture is walked down once per band, each stored row giving
/// a short run of neighbouring pixels that becomes one pixel of every row of the band, so the band
/// stays in cache while it is filled. Nothing is turned twice and no upright copy of the picture
/// is made.
public struct UprightRows<Source: RowSource>: RowSource {
    private var source: Source
    private let orientation: Orientation
    private var stored: PictureMemory?  // in stored order
    private var nextRow = 0
    /// The upright width.
    public let width: Int
    /// The upright height.
    public let height: Int
    /// The source's channels.
    public var channels: Int { source.channels }

    /// The rows of `source` (at its first row, in stored orientation) as seen upright with
    /// `orientation`. See `Orientation` for what each does.
    public init(_ source: Source, orientation: Orientation) {
        self.source = source
        self.orientation = orientation
        (width, height) = orientation.uprightSize(width: source.width, height: source.height)
    }

    /// Writes the next upright rows; see `RowSource.readRows(into:count:)`.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let n = min(count, height - nextRow)
        guard n > 0 else { return 0 }
        precondition(buffer.count >= n * rowBytes, "row buffer too small")
        let target = buffer.baseAddress!
        switch orientation {
        case .upright, .mirrorLeftRight:
            let read = try source.readRows(into: buffer, count: n)
            guard read == n else { throw ImageError.incomplete(rows: nextRow + read, of: height) }
            if orientation == .mirrorLeftRight {
                for i in 0..<n { Self.mirror(target + i * rowBytes, pixels: width, channels: channels) }
            }
        default:
            if stored == nil { stored = try PictureMemory(reading: &source) }
            let (picture, first) = (stored!, nextRow)
            let pixels = UnsafePointer(picture.pixels)
            if orientation.swapsAxes {
                Self.turn(pixels, width: source.width, height: source.height, channels: channels,
                          orientation: orientation, rows: first..<first + n, into: target)
            } else {
                for i in 0..<n {  // 3 and 4: rows from the bottom; 3 also mirrored
                    let row = target + i * rowBytes
                    row.update(from: pixels + (source.height - 1 - first - i) * rowBytes, count: rowBytes)
                    if orientation == .rotate180 { Self.mirror(row, pixels: width, channels: channels) }
                }
            }
        }
        nextRow += n
        return n
    }

    /// Reverses the order of the pixels of one row in place.
    private static func mirror(_ row: UnsafeMutablePointer<UInt8>, pixels: Int, channels c: Int) {
        var (left, right) = (row, row + (pixels - 1) * c)
        while left < right {
            for k in 0..<c { swap(&left[k], &right[k]) }
            left += c
            right -= c
        }
    }

    /// Fills upright rows `rows` (orientation 5–8) from the stored `width × height` picture.
    ///
    /// Upright row `y` is stored column `y` (5, 6) or `width − 1 − y` (7, 8), and upright pixel `x`
    /// comes from stored row `x` (5, 8) or `height − 1 − x` (6, 7). Stored rows are visited so
    /// that `x` grows, which lets an RGB pixel be copied as four bytes: the byte too many lands on
    /// the next pixel, written after it. The last upright column, and the last stored row (whose
    /// fourth byte would lie past the picture), are copied three bytes at a time.
    private static func turn(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, channels c: Int, orientation: Orientation,
                             rows: Range<Int>, into target: UnsafeMutablePointer<UInt8>) {
        let (n, uprightRowBytes) = (rows.count, height * c)
        let mirroredColumns = orientation.rawValue >= 7, storedRowsDown = orientation == .transpose || orientation == .rotateCounterClockwise
        let columnStep = mirroredColumns ? -c : c
        let storedRowStep = storedRowsDown ? width * c : -width * c
        var from = pixels + ((storedRowsDown ? 0 : height - 1) * width + (mirroredColumns ? width - 1 - rows.lowerBound : rows.lowerBound)) * c
        var to = target
        for x in 0..<height {
            // The last upright column, and the last stored row (the first column when turning back).
            if c == 3 && (x == height - 1 || (x == 0 && !storedRowsDown)) {
                var (p, q) = (from, to)
                for _ in 0..<n {
                    q[0] = p[0]; q[1] = p[1]; q[2] = p[2]
                    p += columnStep
                    q += uprightRowBytes
                }
            } else {
                var (p, q, i) = (from, to, 0)
                while i + 4 <= n {
                    move(p, q)
                    move(p + columnStep, q + uprightRowBytes)
                    move(p + 2 * columnStep, q + 2 * uprightRowBytes)
                    move(p + 3 * columnStep, q + 3 * uprightRowBytes)
                    p += 4 * columnStep
                    q += 4 * uprightRowBytes
                    i += 4
                }
                while i < n {
                    move(p, q)
                    p += columnStep
                    q += uprightRowBytes
                    i += 1
                }
            }
            from += storedRowStep
            to += c
        }
    }

    /// Four bytes from `p` to `q`: a whole RGBA pixel, or an RGB pixel and one byte more.
    @inline(__always)
    private static func move(_ p: UnsafePointer<UInt8>, _ q: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(q).storeBytes(of: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self), as: UInt32.self)
    }
}
