import CShims

/// Encodes 8-bit RGB or RGBA rows as a JPEG through libjpeg-turbo.
///
/// Defaults match `cjpeg -quality N`: standard quantization tables scaled by quality, 4:2:0
/// chroma subsampling, the accurate integer DCT, no Huffman optimisation; so the encoder's speed
/// can be compared with libjpeg-turbo's own tools. Writes a JFIF header and, if given, the ICC
/// profile; never EXIF or any other metadata, so the output carries no orientation tag and no
/// location; the resolution only if `dpi` is given (JFIF density). RGBA rows are composited onto
/// white (JPEG has no alpha).
public struct JPEGEncoder: ImageEncoder {
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
    /// The resolution written as the JFIF density in dots per inch, or `nil` for none.
    public var dpi: Int?

    /// An encoder with the given settings; `quality` is clamped to 1–100, `dpi` to 1–65535.
    public init(quality: Int = 92, chroma: ChromaSubsampling = .halfBoth, iccProfile: [UInt8]? = nil, dpi: Int? = nil) {
        self.quality = min(max(quality, 1), 100)
        self.chroma = chroma
        self.iccProfile = iccProfile
        self.dpi = dpi.map { min(max($0, 1), 65535) }
    }

    /// Encodes every row of `source` (at its first row) to `sink`.
    /// - Throws: the sink's error if it refuses the bytes; the source's errors.
    public func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws {
        let (width, height, channels, rowBytes) = (source.width, source.height, source.channels, source.rowBytes)
        let profile = iccProfile ?? []
        let flatten: ((UnsafeMutableBufferPointer<UInt8>, Int) -> Void)? =
            channels == 4 ? { band, rows in Self.flattenOntoWhite(band, rows: rows, rowBytes: rowBytes) } : nil
        try ShimEncoding.encode(&source, format: .jpeg, to: sink, functions: Self.functions, prepare: flatten) { write, context, opened, msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_jpeg_encoder_open(write, context, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                     Int32(quality), chroma == .halfBoth ? 1 : 0, Int32(dpi ?? 0), icc.baseAddress, icc.count, opened, msg, cap)
            }
        }
    }

    private static let functions = ShimEncoderFunctions(
        writeRows: tp_jpeg_encoder_write_rows, finish: tp_jpeg_encoder_finish, close: tp_jpeg_encoder_close)

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
