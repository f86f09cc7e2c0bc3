/// Where an encoder writes its bytes.
public enum EncodeDestination {
    /// An open file descriptor; the encoder writes and never closes it. Writes retry after
    /// EINTR and short writes; a failure throws `ImageError.writeFailed` (exit 74).
    case fileDescriptor(Int32)
    /// A growing memory buffer, returned by the encoder.
    case memory
}

/// The loop both encoders share: pull a band of rows from a `RowSource`, hand it to the C shim.
enum BandEncoder {
    /// Rows per band: a multiple of the 16-row JPEG MCU, small enough to stay in cache.
    static let bandRows = 16

    /// Feeds every row of `source` to `write` in bands, after `prepare` (which may change the
    /// band in place, e.g. to flatten alpha) has seen them.
    static func pump(_ source: inout some RowSource, format: ImageFormat,
                     prepare: ((UnsafeMutableBufferPointer<UInt8>, Int) -> Void)? = nil,
                     write: (UnsafeMutableBufferPointer<UInt8>, Int) throws -> Void) throws {
        let rowBytes = source.rowBytes
        var band = [UInt8](repeating: 0, count: bandRows * rowBytes)
        var row = 0
        while row < source.height {
            try band.withUnsafeMutableBufferPointer { buffer in
                let n = try source.readRows(into: buffer, count: min(bandRows, source.height - row))
                guard n > 0 else { throw ImageError.incomplete(rows: row, of: source.height) }
                prepare?(buffer, n)
                try write(buffer, n)
                row += n
            }
        }
    }

    /// Copies a finished memory encoder's output into an array.
    static func output(_ data: UnsafePointer<UInt8>?, _ length: Int) -> [UInt8] {
        ShimCall.bytes(data, length) ?? []
    }
}
