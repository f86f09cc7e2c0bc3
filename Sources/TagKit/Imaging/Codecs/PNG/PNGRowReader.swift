import CShims

/// Decodes a PNG row by row through libpng, producing 8-bit RGB, or RGBA when the file has
/// transparency (an alpha channel or a `tRNS` chunk).
///
/// Every colour type and bit depth is accepted: grey 1–16 bits, grey+alpha, RGB, RGBA, palette
/// 1–8 bits (with `tRNS`). 16-bit samples are scaled to 8 bits with rounding. Gamma, `cHRM` and
/// `sRGB` chunks are left alone, as the pixels are not colour-managed. Non-interlaced files are
/// decoded a row at a time; an Adam7-interlaced file spreads every row over seven passes, so it
/// is decoded whole at the first read.
public final class PNGRowReader: ImageRowReader {
    /// Always `.png`.
    public let format = ImageFormat.png
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// Bits per sample as stored in the file: 1, 2, 4, 8 or 16.
    public let storedBitDepth: Int
    /// Whether the file is Adam7-interlaced.
    public let isInterlaced: Bool
    /// The `iCCP` profile if libpng accepted it and it describes RGB, else `nil`.
    public let iccProfile: [UInt8]?
    /// The first problem the decoder stepped over so far; read it again after the last row.
    public var warning: String? { shim.warning }

    private let shim: ShimDecoder

    /// Opens a decoder on a PNG in memory (the bytes are copied) and reads the chunks before the
    /// image data.
    ///
    /// - Parameter maxPixels: refuse files declaring more pixels than this, before allocating.
    /// - Throws: `ImageError` — `.notAnImage`, `.damaged` (with libpng's reason),
    ///   `.unsupported`, `.tooManyPixels`.
    public convenience init(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = ImageDecoder.defaultMaxPixels) throws {
        self.init(try Self.open(bytes, maxPixels: maxPixels))
    }

    /// Opens a decoder on a PNG held in an array; see `init(_:maxPixels:)`.
    public convenience init(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.defaultMaxPixels) throws {
        self.init(try bytes.withUnsafeBytes { try Self.open($0, maxPixels: maxPixels) })
    }

    private static func open(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageError) -> ShimDecoder {
        try ShimDecoder(bytes, codec: PNGCodec(), maxPixels: maxPixels, functions: functions) { limit, opened, msg, cap in
            tp_png_decoder_open(bytes.baseAddress, bytes.count, limit, opened, msg, cap)
        }
    }

    private init(_ shim: ShimDecoder) {
        self.shim = shim
        var shape = tp_png_info()
        tp_png_decoder_info(shim.pointer, &shape)
        width = Int(shape.width)
        height = Int(shape.height)
        channels = Int(shape.channels)
        storedBitDepth = Int(shape.bit_depth)
        isInterlaced = shape.interlaced != 0
        iccProfile = shim.iccProfile
    }

    private static let functions = ShimDecoderFunctions(
        icc: tp_png_decoder_icc, warning: tp_png_decoder_warning,
        readRows: tp_png_decoder_read_rows, close: tp_png_decoder_close)

    /// Decodes up to `count` next rows; see `RowSource.readRows(into:count:)`.
    /// - Throws: `ImageError.damaged` with libpng's reason when the data is corrupt or ends early.
    public func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        try shim.readRows(into: buffer, count: count, rowBytes: rowBytes)
    }
}
