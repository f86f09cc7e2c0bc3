extension ImageFormat {
    /// TIFF: recognised, not read.
    public static let tiff = ImageFormat("tiff", displayName: "TIFF")
    /// GIF: recognised, not read.
    public static let gif = ImageFormat("gif", displayName: "GIF")
}

/// A format tagproj recognises by its magic bytes only, so that an error can say what a file is
/// (`'menu.gif' is a GIF image; tagproj reads JPEG, PNG, WebP, HEIC and AVIF`) instead of "not an
/// image". It keeps the `ImageCodec` defaults, which refuse to probe, read or write.
struct RecognisedCodec: ImageCodec {
    let format: ImageFormat
    let suffixes: [String]
    private let matches: @Sendable (ByteView) -> Bool

    init(_ format: ImageFormat, suffixes: [String], matches: @escaping @Sendable (ByteView) -> Bool) {
        self.format = format
        self.suffixes = suffixes
        self.matches = matches
    }

    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool { matches(ByteView(bytes)) }

    /// The recognised formats, for `Codecs.builtIn`.
    static let all: [RecognisedCodec] = [
        RecognisedCodec(.tiff, suffixes: ["tif", "tiff"]) { $0.matches([0x49, 0x49, 0x2A, 0x00], at: 0) || $0.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0) },
        RecognisedCodec(.gif, suffixes: ["gif"]) { $0.matches(Array("GIF87a".utf8), at: 0) || $0.matches(Array("GIF89a".utf8), at: 0) },
    ]
}
