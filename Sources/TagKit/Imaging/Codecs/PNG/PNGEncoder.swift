import CShims

/// Encodes 8-bit RGB or RGBA rows as a PNG through libpng.
///
/// Lossless: decoding the output gives back exactly the rows written. Writes IHDR, the ICC
/// profile as `iCCP` and the resolution as `pHYs` if given, the image data and IEND; no other
/// metadata (no gamma, no text, no EXIF). Rows are streamed; nothing picture-sized is held.
public struct PNGEncoder: ImageEncoder {
    /// zlib compression level 0–9; 6 (zlib's default) balances size and speed.
    public var compressionLevel: Int
    /// Whether libpng picks a filter for each row (the default: smaller for photographs), or
    /// writes every row unfiltered: about three times faster, and no bigger for flat artwork such
    /// as a tag on a transparent picture.
    public var adaptiveFilters: Bool
    /// The ICC profile to embed, or `nil`. libpng checks it; one it rejects is left out.
    public var iccProfile: [UInt8]?
    /// The resolution written as `pHYs` (in pixels per metre, from dots per inch), or `nil`.
    public var dpi: Int?

    /// An encoder with the given settings; `compressionLevel` is clamped to 0–9, `dpi` to 1–65535.
    public init(compressionLevel: Int = 6, adaptiveFilters: Bool = true, iccProfile: [UInt8]? = nil, dpi: Int? = nil) {
        self.compressionLevel = min(max(compressionLevel, 0), 9)
        self.adaptiveFilters = adaptiveFilters
        self.iccProfile = iccProfile
        self.dpi = dpi.map { min(max($0, 1), 65535) }
    }

    /// Encodes every row of `source` (at its first row) to `sink`.
    /// - Throws: the sink's error if it refuses the bytes; the source's errors.
    public func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws {
        let (width, height, channels) = (source.width, source.height, source.channels)
        let profile = iccProfile ?? []
        try ShimEncoding.encode(&source, format: .png, to: sink, functions: Self.functions) { write, context, opened, msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_png_encoder_open(write, context, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                    Int32(compressionLevel), adaptiveFilters ? 1 : 0, Int32(dpi ?? 0), icc.baseAddress, icc.count, opened, msg, cap)
            }
        }
    }

    private static let functions = ShimEncoderFunctions(
        writeRows: tp_png_encoder_write_rows, finish: tp_png_encoder_finish, close: tp_png_encoder_close)
}
