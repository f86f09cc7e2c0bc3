import CShims

/// Encodes 8-bit RGB or RGBA rows as a JPEG through libjpeg-turbo.
///
/// Defaults match `cjpeg -quality N`: standard quantization tables scaled by quality, 4:2:0
/// chroma subsampling, the accurate integer DCT, no Huffman optimisation; so the encoder's speed
/// can be compared with libjpeg-turbo's own tools. Writes a JFIF header and, if given, the ICC
/// profile; never EXIF or any other metadata, so the output carries no orientation tag and no
/// location. RGBA rows are composited onto white (JPEG has no alpha).
public struct JPEGEncoder: Sendable {
    /// How the two chroma channels are stored.
    public enum ChromaSubsampling: Sendable {
        /// Half resolution both ways: smallest files; cjpeg's default.
        case halfBoth
        /// Full resolution: sharper coloured edges, about 30% larger files.
        case none
    }

    /// Quality 1–100 (libjpeg's scale; 92 is tagproj's default export quality).
    public var quality: Int
    /// Chroma subsampling; `.halfBoth` (4:2:0) unless asked otherwise.
    public var chroma: ChromaSubsampling
    /// The ICC profile to embed (APP2 markers), or `nil`.
    public var iccProfile: [UInt8]?

    /// An encoder with the given settings; `quality` is clamped to 1–100.
    public init(quality: Int = 92, chroma: ChromaSubsampling = .halfBoth, iccProfile: [UInt8]? = nil) {
        self.quality = min(max(quality, 1), 100)
        self.chroma = chroma
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
        try ShimCall.check(.jpeg) { msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_jpeg_encoder_open(fd, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                     Int32(quality), chroma == .halfBoth ? 1 : 0, icc.baseAddress, icc.count,
                                     &opened, msg, cap)
            }
        }
        let encoder = opened!
        defer { tp_jpeg_encoder_close(encoder) }
        let rowBytes = source.rowBytes
        let flatten: ((UnsafeMutableBufferPointer<UInt8>, Int) -> Void)? =
            channels == 4 ? { band, rows in Self.flattenOntoWhite(band, rows: rows, rowBytes: rowBytes) } : nil
        try BandEncoder.pump(&source, format: .jpeg, prepare: flatten) { band, n in
            try ShimCall.check(.jpeg) { msg, cap in
                tp_jpeg_encoder_write_rows(encoder, band.baseAddress, rowBytes, Int32(n), msg, cap)
            }
        }
        try ShimCall.check(.jpeg) { msg, cap in tp_jpeg_encoder_finish(encoder, msg, cap) }
        var data: UnsafePointer<UInt8>?
        var length = 0
        tp_jpeg_encoder_output(encoder, &data, &length)
        return BandEncoder.output(data, length)
    }

    /// Encodes a whole buffer; see `encode(_:to:)`.
    @discardableResult
    public func encode(_ pixels: PixelBuffer, to destination: EncodeDestination = .memory) throws -> [UInt8] {
        var rows = PixelBufferRows(pixels)
        return try encode(&rows, to: destination)
    }

    /// Composites RGBA samples onto white in place; opaque pixels are untouched.
    static func flattenOntoWhite(_ band: UnsafeMutableBufferPointer<UInt8>, rows: Int, rowBytes: Int) {
        var i = 0
        let end = rows * rowBytes
        while i < end {
            let alpha = UInt32(band[i + 3])
            if alpha != 255 {
                let white = 255 * (255 - alpha) + 127
                for c in 0..<3 {
                    band[i + c] = UInt8((UInt32(band[i + c]) * alpha + white) / 255)
                }
            }
            i += 4
        }
    }
}
