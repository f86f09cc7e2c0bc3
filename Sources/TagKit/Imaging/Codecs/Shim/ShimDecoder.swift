import CShims

/// The C functions of one shim decoder (`tp_jpeg_decoder_*`, `tp_png_decoder_*`), which all have
/// the same shapes.
struct ShimDecoderFunctions: Sendable {
    let icc: @Sendable (OpaquePointer?, UnsafeMutablePointer<UnsafePointer<UInt8>?>?, UnsafeMutablePointer<Int>?) -> Void
    let warning: @Sendable (OpaquePointer?) -> UnsafePointer<CChar>?
    let readRows: @Sendable (OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int, Int32, UnsafeMutablePointer<Int32>?,
                   UnsafeMutablePointer<CChar>?, Int) -> Int32
    let close: @Sendable (OpaquePointer?) -> Void
}

/// What the shim row readers (JPEG, PNG, WebP, HEIF) share: opening a shim decoder after the header probe and the
/// pixel-limit check, and then its ICC profile, its warning, reading rows and closing it.
final class ShimDecoder {
    let format: ImageFormat
    private let handle: OpaquePointer
    private let functions: ShimDecoderFunctions

    /// Probes `bytes` with `codec`, refuses another format or more than `maxPixels`, then opens the
    /// shim decoder with `open(limit, &handle, msg, cap)`.
    convenience init(_ bytes: UnsafeRawBufferPointer, codec: some ImageCodec, maxPixels: Int, functions: ShimDecoderFunctions,
         open: (UInt64, UnsafeMutablePointer<OpaquePointer?>, UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ImageError) {
        let format = codec.format
        let info = try ImageProbe.probeTyped(bytes)
        guard info.format == format else {
            // TRANSLATORS: {found} and {format} are image formats' names (PNG, AVIF).
            throw .damaged(format, tr("the data is a {found}, not a {format}", ["found": info.format.displayName, "format": format.displayName]))
        }
        let limit = max(maxPixels, 0)
        let tooLarge = ImageError.tooManyPixels(width: info.storedWidth, height: info.storedHeight, limit: limit)
        guard info.pixelCount <= limit else { throw tooLarge }
        var opened: OpaquePointer?
        try ShimCall.check(format, tooLarge: tooLarge) { msg, cap in open(UInt64(limit), &opened, msg, cap) }
        self.init(handle: opened!, format: format, functions: functions)
    }

    /// Takes over a shim decoder the caller opened (and checked) itself; closes it on `deinit`.
    init(handle: OpaquePointer, format: ImageFormat, functions: ShimDecoderFunctions) {
        self.format = format
        self.handle = handle
        self.functions = functions
    }

    deinit { functions.close(handle) }

    /// The raw decoder, for the codec's own info call.
    var pointer: OpaquePointer { handle }

    /// The file's ICC profile when it describes RGB (see `ImageRowReader.iccProfile`).
    var iccProfile: [UInt8]? {
        var data: UnsafePointer<UInt8>?
        var length = 0
        functions.icc(handle, &data, &length)
        return ICCProfile.keepingRGB(ShimCall.bytes(data, length))
    }

    /// The first problem the decoder stepped over so far.
    var warning: String? { ShimCall.string(functions.warning(handle)) }

    /// Decodes up to `count` next rows of `rowBytes` each into `buffer`.
    func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int, rowBytes: Int) throws(ImageError) -> Int {
        precondition(count >= 0 && buffer.count >= count * rowBytes, "row buffer too small")
        var done: Int32 = 0
        try ShimCall.check(format) { msg, cap in
            functions.readRows(handle, buffer.baseAddress, rowBytes, Int32(clamping: count), &done, msg, cap)
        }
        return Int(done)
    }
}
