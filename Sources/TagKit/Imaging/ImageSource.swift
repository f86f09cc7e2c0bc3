/// Where a codec reads a compressed picture from to make its row reader
/// (`ImageCodec.rowReader(from:maxPixels:reduction:)`): whole, into memory a decoder may keep
/// reading in place, or a piece at a time, by a codec that can let go of the file before its
/// first row (a multi-scan JPEG). A project's photo blob is one (`StoredPhoto`).
public protocol ImageSource {
    /// The whole file, in memory of its own that a decoder may keep reading in place.
    func wholeBytes() throws -> SharedBytes

    /// Calls `body` with the file open to be read a piece at a time, lets go of it when `body`
    /// returns, and returns what `body` returns. `read` gives the file's bytes in order;
    /// `rereading` gives the file again from its start, for a second pass. Neither may be used
    /// after `body` returns.
    func withPieces<T>(_ body: (_ read: ByteReader, _ rereading: () throws -> ByteReader) throws -> T) throws -> T
}

/// Writes a file's next bytes into the buffer and returns how many (0 at the end).
public typealias ByteReader = (UnsafeMutableRawBufferPointer) throws -> Int
