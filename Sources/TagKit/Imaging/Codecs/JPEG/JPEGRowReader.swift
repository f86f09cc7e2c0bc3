import CShims

/// Decodes a JPEG row by row through libjpeg-turbo, producing 8-bit RGB.
///
/// Handles baseline, extended, progressive and arithmetic-coded files; greyscale, YCbCr, RGB,
/// CMYK and YCCK (Adobe-inverted CMYK is recognised by its APP14 marker); restart markers.
/// A file that lacks only its final EOI marker decodes; a file cut short inside the image data
/// throws. Only a few rows are held at a time, except for progressive files, whose coefficients
/// libjpeg buffers whole (about 3 bytes a pixel for 4:2:0 colour).
public final class JPEGRowReader: ImageRowReader {
    /// The default cap on progressive scans, the probe's own (see `JPEGProbe.maxScans`): real
    /// encoders write at most a few dozen.
    public static let defaultMaxScans = JPEGProbe.maxScans

    /// Always `.jpeg`.
    public let format = ImageFormat.jpeg
    /// Width of the rows produced (the stored width divided by `reduction`, rounded up; after
    /// `crop(_:)`, the columns libjpeg gives of the rectangle, widened to whole MCUs).
    public private(set) var width: Int
    /// Number of rows produced.
    public private(set) var height: Int
    /// Always 3: RGB.
    public let channels = 3
    /// Size declared in the file.
    public let storedWidth: Int, storedHeight: Int
    /// Whether the file is CMYK or YCCK (converted to RGB without a colour profile).
    public let isCMYK: Bool
    /// The APP2 ICC profile if it describes RGB (not for grey or CMYK files), else `nil`.
    public let iccProfile: [UInt8]?
    /// The first problem the decoder stepped over so far; read it again after the last row.
    public var warning: String? { shim.warning }

    private let shim: ShimDecoder
    /// The file, which libjpeg reads in place for as long as the decoder lives; nil for a file
    /// that was read a piece at a time (`init(multipleScansReading:…)`).
    private let bytes: SharedBytes?

    /// Opens a decoder on a JPEG in memory (the bytes are copied) and reads its headers.
    ///
    /// - Parameters:
    ///   - maxPixels: refuse files declaring more stored pixels than this, before allocating.
    ///   - maxScans: refuse progressive files with more scans than this.
    ///   - reduction: 1, 2, 4 or 8; decode at that fraction of the size using libjpeg's DCT
    ///     scaling, much faster than decoding whole and shrinking (for previews and thumbnails).
    /// - Throws: `ImageError` — `.notAnImage`, `.damaged` (with libjpeg's reason),
    ///   `.unsupported`, `.tooManyPixels`.
    public convenience init(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = ImageDecoder.defaultMaxPixels,
                            maxScans: Int = JPEGRowReader.defaultMaxScans, reduction: Int = 1) throws {
        try self.init(sharing: SharedBytes(copying: bytes), maxPixels: maxPixels, maxScans: maxScans, reduction: reduction)
    }

    /// Opens a decoder that reads `bytes` in place, keeping them alive instead of copying them;
    /// see `init(_:maxPixels:maxScans:reduction:)`.
    public convenience init(sharing bytes: SharedBytes, maxPixels: Int = ImageDecoder.defaultMaxPixels,
                maxScans: Int = JPEGRowReader.defaultMaxScans, reduction: Int = 1) throws {
        precondition([1, 2, 4, 8].contains(reduction), "reduction must be 1, 2, 4 or 8")
        try self.init(sharing: bytes, maxPixels: maxPixels, maxScans: maxScans, eighths: 8 / reduction)
    }

    /// Opens a decoder that reads `bytes` in place at `eighths`/8 of the stored size (1 to 8;
    /// libjpeg's DCT scaling, each side rounded up): see `init(_:maxPixels:maxScans:reduction:)`.
    public convenience init(sharing bytes: SharedBytes, maxPixels: Int = ImageDecoder.defaultMaxPixels,
                maxScans: Int = JPEGRowReader.defaultMaxScans, eighths: Int) throws {
        self.init(try Self.open(bytes.buffer, maxPixels: maxPixels, maxScans: maxScans, eighths: eighths), keeping: bytes)
    }

    /// The size of a side of `stored` pixels decoded at `eighths`/8, as libjpeg rounds it.
    public static func scaled(_ stored: Int, eighths: Int) -> Int { (stored * eighths + 7) / 8 }

    init(_ shim: ShimDecoder, keeping bytes: SharedBytes?) {
        self.shim = shim
        self.bytes = bytes
        var shape = tp_jpeg_info()
        tp_jpeg_decoder_info(shim.pointer, &shape)
        width = Int(shape.width)
        height = Int(shape.height)
        storedWidth = Int(shape.stored_width)
        storedHeight = Int(shape.stored_height)
        isCMYK = shape.cmyk != 0
        iccProfile = shim.iccProfile
    }

    /// Opens a decoder on a JPEG held in an array; see `init(_:maxPixels:maxScans:reduction:)`.
    public convenience init(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.defaultMaxPixels,
                            maxScans: Int = JPEGRowReader.defaultMaxScans, reduction: Int = 1) throws {
        try self.init(sharing: bytes.withUnsafeBytes { SharedBytes(copying: $0) }, maxPixels: maxPixels, maxScans: maxScans,
                      reduction: reduction)
    }

    private static func open(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, maxScans: Int,
                             eighths: Int) throws(ImageError) -> ShimDecoder {
        precondition((1...8).contains(eighths), "a JPEG is decoded at 1 to 8 eighths of its size")
        return try ShimDecoder(bytes, codec: JPEGCodec(), maxPixels: maxPixels, functions: functions) { limit, opened, msg, cap in
            tp_jpeg_decoder_open(bytes.baseAddress, bytes.count, limit, Int32(clamping: max(maxScans, 1)),
                                 Int32(eighths), opened, msg, cap)
        }
    }

    /// The shim's decoder, for tests of its argument checks.
    var decoderPointer: OpaquePointer { shim.pointer }

    /// Limits the decoder, before its first row is read, to `rect` of its rows (at their scale):
    /// the rows above are skipped without being transformed (`jpeg_skip_scanlines`), only
    /// `rect.height` rows are given, and libjpeg decodes only the columns of `rect` widened to
    /// whole MCUs (`jpeg_crop_scanline`). Returns the column of the rows given where `rect.x`
    /// lies; `width` is then the columns given, which the caller cuts to `rect.width`.
    /// - Throws: `ImageError.damaged` with libjpeg's reason (the rows skipped are still read).
    public func crop(_ rect: CropRect) throws -> Int {
        precondition(rect.fits(width: width, height: height), "crop \(rect) outside the \(width)×\(height) rows")
        var left: Int32 = 0, columns: Int32 = 0
        try ShimCall.check(.jpeg) { msg, cap in
            tp_jpeg_decoder_crop(shim.pointer, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
                                 &left, &columns, msg, cap)
        }
        width = Int(columns)
        height = rect.height
        return rect.x - Int(left)
    }

    static let functions = ShimDecoderFunctions(
        icc: tp_jpeg_decoder_icc, warning: tp_jpeg_decoder_warning,
        readRows: tp_jpeg_decoder_read_rows, close: tp_jpeg_decoder_close)

    /// Decodes up to `count` next rows; see `RowSource.readRows(into:count:)`.
    /// - Throws: `ImageError.damaged` with libjpeg's reason when the data is corrupt or ends early.
    public func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        try shim.readRows(into: buffer, count: count, rowBytes: rowBytes)
    }
}
