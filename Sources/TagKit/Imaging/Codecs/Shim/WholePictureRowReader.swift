import CShims

/// The row reader of a codec whose library decodes a picture whole (libwebp, libheif): the shim
/// decodes at open and hands the rows out band by band, as the streaming readers do.
///
/// Rows are 8-bit RGB, or RGBA when the file has alpha, top-left first, in the orientation the
/// library produces (for HEIF, the file's own rotation and mirroring already applied).
public final class WholePictureRowReader: ImageRowReader {
    /// The file's format.
    public let format: ImageFormat
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// 3 (RGB) or 4 (RGBA).
    public let channels: Int
    /// The file's ICC profile when it describes RGB, else `nil`.
    public let iccProfile: [UInt8]?
    /// The first problem the decoder stepped over, if any.
    public var warning: String? { shim.warning }

    private let shim: ShimDecoder

    /// The `tp_whole_decoder_*` functions, for `ShimDecoder`; each codec has its own open function.
    static let functions = ShimDecoderFunctions(
        icc: tp_whole_decoder_icc, warning: tp_whole_decoder_warning,
        readRows: tp_whole_decoder_read_rows, close: tp_whole_decoder_close)

    /// Wraps a shim decoder opened by `tp_webp_decoder_open` or `tp_heif_decoder_open`; `described`
    /// is the profile to keep when the file has none of its own (one built from HEIF's `nclx`).
    init(_ shim: ShimDecoder, described: [UInt8]? = nil) {
        self.shim = shim
        var (w, h, c): (Int32, Int32, Int32) = (0, 0, 0)
        tp_whole_decoder_shape(shim.pointer, &w, &h, &c)
        format = shim.format
        width = Int(w)
        height = Int(h)
        channels = Int(c)
        iccProfile = shim.iccProfile ?? described
    }

    /// Copies up to `count` next rows; see `RowSource.readRows(into:count:)`.
    public func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        try shim.readRows(into: buffer, count: count, rowBytes: rowBytes)
    }
}
