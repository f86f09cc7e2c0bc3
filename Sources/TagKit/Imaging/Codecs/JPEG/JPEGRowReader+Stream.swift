import CShims

extension JPEGRowReader {
    /// The bytes libjpeg asks for at a time when a file is read a piece at a time.
    public static let streamChunk = 64 << 10

    /// Opens a decoder on a multi-scan JPEG (progressive, or sequential but not interleaved) that
    /// `read` hands to libjpeg a piece at a time, or returns nil, having read only its headers,
    /// when the file has a single scan.
    ///
    /// libjpeg keeps a multi-scan file's coefficients whole, and absorbs all of its scans before
    /// the first row: so `read` is called only while this runs, and once it returns the caller
    /// may let go of the source (close a blob, end a transaction) while the rows are read. The
    /// compressed file is then never in memory whole, beside its coefficients. A single-scan file
    /// would need its source to the last row, which is why it is left to
    /// `init(sharing:maxPixels:maxScans:reduction:)`.
    ///
    /// - Parameters:
    ///   - read: writes the file's next bytes into the buffer and returns how many (0 at the end);
    ///     what it throws is thrown from here unchanged.
    ///   - rereading: gives the file again from its start, in the same way, for its scans to be
    ///     counted (`JPEGScanCounter`) before libjpeg decodes any: a file of more than `maxScans`
    ///     is refused at once, as `JPEGProbe` refuses it in a file held whole.
    ///   - chunk: the size of libjpeg's input buffer, the most `read` is asked for at once.
    ///   - maxPixels, maxScans, reduction: as for `init(_:maxPixels:maxScans:reduction:)`.
    /// - Throws: `ImageError` (a file that ends early is `.damaged`), or what `read` threw.
    public static func multipleScans(reading read: (UnsafeMutableRawBufferPointer) throws -> Int,
                                     rereading: () throws -> (UnsafeMutableRawBufferPointer) throws -> Int,
                                     maxPixels: Int = ImageDecoder.defaultMaxPixels, maxScans: Int = defaultMaxScans,
                                     reduction: Int = 1, chunk: Int = streamChunk) throws -> JPEGRowReader? {
        precondition([1, 2, 4, 8].contains(reduction), "reduction must be 1, 2, 4 or 8")
        return try multipleScans(reading: read, rereading: rereading, maxPixels: maxPixels, maxScans: maxScans,
                                 eighths: 8 / reduction, chunk: chunk)
    }

    /// A multi-scan JPEG decoded at `eighths`/8 of its size (1 to 8), as
    /// `multipleScans(reading:rereading:maxPixels:maxScans:reduction:chunk:)`.
    public static func multipleScans(reading read: (UnsafeMutableRawBufferPointer) throws -> Int,
                                     rereading: () throws -> (UnsafeMutableRawBufferPointer) throws -> Int,
                                     maxPixels: Int = ImageDecoder.defaultMaxPixels, maxScans: Int = defaultMaxScans,
                                     eighths: Int, chunk: Int = streamChunk) throws -> JPEGRowReader? {
        precondition((1...8).contains(eighths), "a JPEG is decoded at 1 to 8 eighths of its size")
        return try withoutActuallyEscaping(read) { read in
            let source = StreamSource(read)
            let context = Unmanaged.passUnretained(source).toOpaque()
            var opened: OpaquePointer?
            try source.check {
                tp_jpeg_decoder_open_stream(StreamSource.callback, context, chunk, Int32(clamping: max(maxScans, 1)), &opened, $0, $1)
            }
            let shim = ShimDecoder(handle: opened!, format: .jpeg, functions: functions)
            var shape = tp_jpeg_info()
            tp_jpeg_decoder_info(shim.pointer, &shape)
            guard shape.multiple_scans != 0 else { return nil }
            guard try JPEGScanCounter.count(reading: rereading(), chunk: chunk) <= maxScans else {
                throw ImageError.damaged(.jpeg, tr("progressive JPEG has more than {limit} scans", ["limit": maxScans]))
            }
            let limit = max(maxPixels, 0)
            guard Int(shape.stored_width) * Int(shape.stored_height) <= limit else {
                throw ImageError.tooManyPixels(width: Int(shape.stored_width), height: Int(shape.stored_height), limit: limit)
            }
            try source.check { tp_jpeg_decoder_start(shim.pointer, UInt64(limit), Int32(eighths), $0, $1) }
            return JPEGRowReader(shim, keeping: nil)
        }
    }
}

/// The caller's `read` for libjpeg's source callback, and what it threw.
private final class StreamSource {
    let read: (UnsafeMutableRawBufferPointer) throws -> Int
    var error: (any Error)?
    init(_ read: @escaping (UnsafeMutableRawBufferPointer) throws -> Int) { self.read = read }

    static let callback: tp_read_fn = { context, data, capacity, got in
        let source = Unmanaged<StreamSource>.fromOpaque(context!).takeUnretainedValue()
        do {
            got!.pointee = try source.read(UnsafeMutableRawBufferPointer(start: data, count: capacity))
            return 0
        } catch {
            source.error = error
            return 1
        }
    }

    /// Runs a shim call; a failure is what `read` threw if it threw, else the shim's `ImageError`.
    func check(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        guard let (code, message) = ShimCall.run(body) else { return }
        if let error { throw error }
        throw ShimCall.error(code: code, message: message, format: .jpeg, tooLarge: nil)
    }
}
