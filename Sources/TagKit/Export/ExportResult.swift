/// What an export wrote.
public struct ExportResult: Equatable, Sendable {
    /// The format written.
    public var format: ImageFormat
    /// The output's size in pixels.
    public var size: PictureSize
    /// The number of bytes written (counted as they went out, so exact for a pipe too).
    public var bytes: Int
    /// The first problem the decoder stepped over without losing pixels (extraneous bytes, a
    /// missing end marker, a bad ancillary PNG chunk), for a `warning:` line; nil for a clean file.
    /// Problems that lose pixels are errors instead (see `Sources/CShims/jpeg_codec.c`).
    public var warning: String? = nil
    /// Tags that no longer fit where they were placed (the fonts changed since) and were drawn
    /// where they fit; empty when every tag was drawn where it stands.
    public var layoutNotices: [SceneLayout.Notice] = []
    /// The path the export took: lossless (JPEG blocks copied) or classic, with why.
    public var plan = ExportPlan.classic(reason: "")
    /// On the lossless path, the re-encoded coefficients under the tags that the photo's own
    /// Huffman tables had no code for and that were brought to the nearest magnitude they code
    /// (`LosslessJPEG.Outcome.approximated`); 0 when every one was coded exactly.
    public var approximated = 0
}
