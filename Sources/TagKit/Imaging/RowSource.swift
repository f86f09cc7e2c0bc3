/// A producer of picture rows, top to bottom, for processing a picture band by band.
///
/// Decoders, resamplers and in-memory buffers all produce rows this way, so an export can
/// decode, draw and encode a 100-megapixel photo while holding only a few rows at a time.
/// Rows have the `PixelBuffer` layout: `width * channels` bytes, no padding.
public protocol RowSource {
    /// Pixels per row.
    var width: Int { get }
    /// Total number of rows the source produces.
    var height: Int { get }
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    var channels: Int { get }

    /// Writes up to `count` next rows, packed, into `buffer` (at least `count * rowBytes`
    /// bytes) and returns how many were written. Fewer than `count` only at the end; 0 after it.
    /// - Throws: the source's error (for decoders, `ImageError`) if a row cannot be produced.
    mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int
}

extension RowSource {
    /// Bytes per row: `width * channels`.
    public var rowBytes: Int { width * channels }

    /// Reads every remaining row into one buffer; the source must be at its first row.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    public mutating func readAll() throws -> PixelBuffer {
        let (width, height, channels, rowBytes) = (self.width, self.height, self.channels, self.rowBytes)
        return try PixelBuffer(width: width, height: height, channels: channels) { storage in
            var row = 0
            while row < height {
                let band = UnsafeMutableBufferPointer(rebasing: storage[(row * rowBytes)...])
                let n = try readRows(into: band, count: height - row)
                guard n > 0 else { throw ImageError.incomplete(rows: row, of: height) }
                row += n
            }
        }
    }
}

/// The rows of an in-memory `PixelBuffer`, as a `RowSource`.
public struct PixelBufferRows: RowSource {
    /// The buffer being read.
    public let buffer: PixelBuffer
    /// The next row to produce.
    public private(set) var nextRow = 0

    /// Reads `buffer` from its top row.
    public init(_ buffer: PixelBuffer) { self.buffer = buffer }

    /// The buffer's width.
    public var width: Int { buffer.width }
    /// The buffer's height.
    public var height: Int { buffer.height }
    /// The buffer's channels.
    public var channels: Int { buffer.channels }

    /// Copies the next rows out of the buffer.
    public mutating func readRows(into target: UnsafeMutableBufferPointer<UInt8>, count: Int) -> Int {
        let n = min(count, height - nextRow)
        guard n > 0 else { return 0 }
        let rowBytes = buffer.rowBytes
        precondition(target.count >= n * rowBytes, "row buffer too small")
        buffer.bytes.withUnsafeBufferPointer { source in
            target.baseAddress!.update(from: source.baseAddress! + nextRow * rowBytes, count: n * rowBytes)
        }
        nextRow += n
        return n
    }
}
