import CShims

/// Encodes 8-bit RGB or RGBA rows as an AVIF through libheif's AV1 encoder (libaom).
///
/// `quality` is libheif's lossy quality on the same 1–100 scale as JPEG's (as `heif-enc -q`);
/// 4:2:0 chroma, alpha kept. The ICC profile is attached if given; no EXIF, no resolution (HEIF
/// has no density field). The encoder needs the whole picture: rows are gathered as the YCbCr
/// planes libaom takes, turned as libheif would turn them, so the file is the one `heif-enc`
/// writes from the same pixels.
public struct AVIFEncoder: ImageEncoder {
    /// Quality 1–100.
    public var quality: Int
    /// The ICC profile to attach, or `nil`.
    public var iccProfile: [UInt8]?

    /// An encoder with the given settings; `quality` is clamped to 1–100.
    public init(quality: Int = 92, iccProfile: [UInt8]? = nil) {
        self.quality = min(max(quality, 1), 100)
        self.iccProfile = iccProfile
    }

    /// Encodes every row of `source` (at its first row) to `sink`.
    /// - Throws: the sink's error if it refuses the bytes; the source's errors; `ImageError`
    ///   (`.unsupported` when libheif has no AV1 encoder).
    public func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws {
        let (width, height, channels) = (source.width, source.height, source.channels)
        let profile = iccProfile ?? []
        try ShimEncoding.encode(&source, format: .avif, to: sink, functions: Self.functions) { write, context, opened, msg, cap in
            profile.withUnsafeBufferPointer { icc in
                tp_heif_encoder_open(write, context, Int32(clamping: width), Int32(clamping: height), Int32(channels),
                                     Int32(quality), icc.baseAddress, icc.count, opened, msg, cap)
            }
        }
    }

    private static let functions = ShimEncoderFunctions(
        writeRows: tp_heif_encoder_write_rows, finish: tp_heif_encoder_finish, close: tp_heif_encoder_close)
}
