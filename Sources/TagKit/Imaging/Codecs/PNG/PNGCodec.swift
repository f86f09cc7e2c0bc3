extension ImageFormat {
    /// PNG, read and written through libpng.
    public static let png = ImageFormat("png", displayName: "PNG")
}

/// PNG in the registry: sniffed by its 8-byte signature, read by `PNGRowReader`, written by `PNGEncoder`.
struct PNGCodec: ImageCodec {
    var format: ImageFormat { .png }
    var suffixes: [String] { ["png"] }
    var canRead: Bool { true }
    var canWrite: Bool { true }
    var isLossless: Bool { true }
    var carriesResolution: Bool { true }

    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteView(bytes).matches(PNGProbe.signature, at: 0)
    }

    func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        try PNGProbe.probe(ByteView(bytes))
    }

    func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        try PNGRowReader(bytes, maxPixels: maxPixels)
    }

    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder {
        PNGEncoder(compressionLevel: settings.compressionLevel, iccProfile: settings.iccProfile, dpi: settings.dpi)
    }
}
