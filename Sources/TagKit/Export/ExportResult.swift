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
    /// On the lossless path, how the blocks no tag touches were written: copied bit for bit, or
    /// coded again with new Huffman tables (their coefficients the source's either way); nil on
    /// the classic path.
    public var coding: LosslessJPEG.Coding? = nil
    /// On the lossless path, whether a greyscale photo was written with colour planes (its tags
    /// have colour; its luma blocks are the photo's).
    public var gainedColour = false
    /// For an export to memory (`ExportDestination.memory`), the picture's bytes; nil otherwise.
    public var picture: [UInt8]? = nil
}
