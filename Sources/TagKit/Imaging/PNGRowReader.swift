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
    public var warning: String? { ShimCall.string(tp_png_decoder_warning(decoder)) }

    private let decoder: OpaquePointer

    /// Opens a decoder on a PNG in memory (the bytes are copied) and reads the chunks before the
    /// image data.
    ///
    /// - Parameter maxPixels: refuse files declaring more pixels than this, before allocating.
    /// - Throws: `ImageError` — `.notAnImage`, `.damaged` (with libpng's reason),
    ///   `.unsupported`, `.tooManyPixels`.
    public convenience init(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = ImageDecoder.defaultMaxPixels) throws {
        self.init(opened: try Self.open(bytes, maxPixels: maxPixels))
    }

    /// Opens a decoder on a PNG held in an array; see `init(_:maxPixels:)`.
    public convenience init(_ bytes: [UInt8], maxPixels: Int = ImageDecoder.defaultMaxPixels) throws {
        let decoder = try bytes.withUnsafeBytes { try Self.open($0, maxPixels: maxPixels) }
        self.init(opened: decoder)
    }

    private static func open(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws(ImageError) -> OpaquePointer {
        let info = try ImageProbe.probeTyped(bytes)
        guard info.format == .png else { throw .damaged(.png, "the data is a JPEG, not a PNG") }
        let limit = max(maxPixels, 0)
        let tooLarge = ImageError.tooManyPixels(width: info.storedWidth, height: info.storedHeight, limit: limit)
        guard info.pixelCount <= limit else { throw tooLarge }
        var opened: OpaquePointer?
        try ShimCall.check(.png, tooLarge: tooLarge) { msg, cap in
            tp_png_decoder_open(bytes.baseAddress, bytes.count, UInt64(limit), &opened, msg, cap)
        }
        return opened!
    }

    private init(opened decoder: OpaquePointer) {
        self.decoder = decoder
        var shape = tp_png_info()
        tp_png_decoder_info(decoder, &shape)
        width = Int(shape.width)
        height = Int(shape.height)
        channels = Int(shape.channels)
        storedBitDepth = Int(shape.bit_depth)
        isInterlaced = shape.interlaced != 0
        var data: UnsafePointer<UInt8>?
        var length = 0
        tp_png_decoder_icc(decoder, &data, &length)
        iccProfile = ICCProfile.keepingRGB(ShimCall.bytes(data, length))
    }

    deinit { tp_png_decoder_close(decoder) }

    /// Decodes up to `count` next rows; see `RowSource.readRows(into:count:)`.
    /// - Throws: `ImageError.damaged` with libpng's reason when the data is corrupt or ends early.
    public func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        precondition(count >= 0 && buffer.count >= count * rowBytes, "row buffer too small")
        var done: Int32 = 0
        try ShimCall.check(.png) { msg, cap in
            tp_png_decoder_read_rows(decoder, buffer.baseAddress, rowBytes, Int32(clamping: count), &done, msg, cap)
        }
        return Int(done)
    }
}
