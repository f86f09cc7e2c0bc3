import CShims

/// Encodes 8-bit RGB or RGBA rows as a PNG through libpng.
///
/// Lossless: decoding the output gives back exactly the rows written. Writes IHDR, the ICC
/// profile as `iCCP` if given, the image data and IEND; no other metadata (no gamma, no text,
/// no EXIF). Rows are streamed; nothing picture-sized is held.
public struct PNGEncoder: Sendable {
    /// zlib compression level 0–9; 6 (zlib's default) balances size and speed.
    public var compressionLevel: Int
    /// The ICC profile to embed, or `nil`. libpng checks it; one it rejects is left out.
    public var iccProfile: [UInt8]?

    /// An encoder with the given settings; `compressionLevel` is clamped to 0–9.
    public init(compressionLevel: Int = 6, iccProfile: [UInt8]? = nil) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.iccProfile = iccProfile
    }

    /// Encodes every row of `source` (at its first row) to `destination`.
    /// - Returns: the encoded bytes for `.memory`, an empty array for a file descriptor.
    /// - Throws: `ImageError.writeFailed` if writing fails; the source's errors.
    @discardableResult
    public func encode(_ source: inout some RowSource, to destination: EncodeDestination = .memory) throws -> [UInt8] {
        let (width, height, channels) = (source.width, source.height, source.channels)
        let fd: Int32 = if case let .fileDescriptor(fd) = destination { fd } else { -1 }
        var opened: OpaquePointer?
        let profile = iccProfile ?? []
        try ShimCall.check(.png) { msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_png_encoder_open(fd, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                    Int32(compressionLevel), icc.baseAddress, icc.count, &opened, msg, cap)
            }
        }
        let encoder = opened!
        defer { tp_png_encoder_close(encoder) }
        let rowBytes = source.rowBytes
        try BandEncoder.pump(&source, format: .png) { band, n in
            try ShimCall.check(.png) { msg, cap in
                tp_png_encoder_write_rows(encoder, band.baseAddress, rowBytes, Int32(n), msg, cap)
            }
        }
        try ShimCall.check(.png) { msg, cap in tp_png_encoder_finish(encoder, msg, cap) }
        var data: UnsafePointer<UInt8>?
        var length = 0
        tp_png_encoder_output(encoder, &data, &length)
        return BandEncoder.output(data, length)
    }

    /// Encodes a whole buffer; see `encode(_:to:)`.
    @discardableResult
    public func encode(_ pixels: PixelBuffer, to destination: EncodeDestination = .memory) throws -> [UInt8] {
        var rows = PixelBufferRows(pixels)
        return try encode(&rows, to: destination)
    }
}
