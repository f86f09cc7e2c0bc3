import CShims

/// Encodes 8-bit RGB or RGBA rows as a WebP through libwebp.
///
/// Lossy (VP8, `quality` on the same 1–100 scale as JPEG's, as `cwebp -q`) unless `lossless`
/// (VP8L: decoding gives back exactly the rows written, colour under transparent pixels too).
/// Alpha is kept. Writes the ICC profile as an `ICCP` chunk if given; no EXIF or XMP, and no
/// resolution (WebP has no density field). libwebp encodes a whole picture, so the rows are
/// gathered first: memory is one copy of the output picture.
public struct WebPEncoder: ImageEncoder {
    /// Quality 1–100; for lossless, libwebp's effort (higher: smaller and slower).
    public var quality: Int
    /// Whether to encode losslessly.
    public var lossless: Bool
    /// The ICC profile to embed, or `nil`.
    public var iccProfile: [UInt8]?

    /// An encoder with the given settings; `quality` is clamped to 1–100.
    public init(quality: Int = 92, lossless: Bool = false, iccProfile: [UInt8]? = nil) {
        self.quality = min(max(quality, 1), 100)
        self.lossless = lossless
        self.iccProfile = iccProfile
    }

    /// Encodes every row of `source` (at its first row) to `sink`.
    /// - Throws: the sink's error if it refuses the bytes; the source's errors; `ImageError`
    ///   (`.unsupported` for a picture over WebP's 16383 pixels a side).
    public func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws {
        let (width, height, channels) = (source.width, source.height, source.channels)
        let profile = iccProfile ?? []
        try ShimEncoding.encode(&source, format: .webp, to: sink, functions: Self.functions) { write, context, opened, msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_webp_encoder_open(write, context, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                     Int32(quality), lossless ? 1 : 0, icc.baseAddress, icc.count, opened, msg, cap)
            }
        }
    }

    private static let functions = ShimEncoderFunctions(
        writeRows: tp_whole_encoder_write_rows, finish: tp_webp_encoder_finish, close: tp_whole_encoder_close)
}
