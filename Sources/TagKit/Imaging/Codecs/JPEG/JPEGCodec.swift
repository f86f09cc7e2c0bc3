extension ImageFormat {
    /// JPEG, read and written through libjpeg-turbo.
    public static let jpeg = ImageFormat("jpeg", displayName: "JPEG")
}

/// JPEG in the registry: sniffed by its SOI marker, read by `JPEGRowReader`, written by `JPEGEncoder`.
struct JPEGCodec: ImageCodec {
    var format: ImageFormat { .jpeg }
    var suffixes: [String] { ["jpg", "jpeg", "jpe"] }
    var canRead: Bool { true }
    var canWrite: Bool { true }
    var carriesResolution: Bool { true }
    var decodesReduced: Bool { true }

    /// `FF D8 FF`: SOI followed by the first marker.
    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ByteView(bytes).matches([0xFF, 0xD8, 0xFF], at: 0)
    }

    func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        try JPEGProbe.probe(ByteView(bytes))
    }

    func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        try JPEGRowReader(bytes, maxPixels: maxPixels)
    }

    /// libjpeg's DCT scaling: 1/2, 1/4 or 1/8 of the size for a fraction of a full decode's work.
    func reducedReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int, reduction: Int) throws -> (any ImageRowReader)? {
        try JPEGRowReader(bytes, maxPixels: maxPixels, reduction: reduction)
    }

    /// libjpeg reads the shared bytes in place.
    func rowReader(sharing bytes: SharedBytes, maxPixels: Int, reduction: Int) throws -> any ImageRowReader {
        try JPEGRowReader(sharing: bytes, maxPixels: maxPixels, reduction: reduction)
    }

    /// A multi-scan (progressive) JPEG is fed to libjpeg a piece at a time
    /// (`JPEGRowReader.multipleScans(reading:…)`): libjpeg absorbs every scan into its
    /// coefficients before the first row, so `source` is let go of before this returns and the
    /// file is never in memory whole beside them. A single-scan JPEG is read whole and decoded in
    /// place (the file in memory once): read a piece at a time, it would need its source until its
    /// last row, and a project's blob would keep the project locked as long.
    func rowReader(from source: some ImageSource, maxPixels: Int, reduction: Int) throws -> any ImageRowReader {
        try rowReader(from: source, maxPixels: maxPixels, eighths: 8 / reduction)
    }

    /// The same reader at `eighths`/8 of the size (1 to 8: libjpeg's scaling by M/8), so a
    /// picture shown at 0.6 of its size is decoded at 5/8, not whole. A file that is not a JPEG
    /// is decoded whole by its content, for the caller to say what it is.
    func rowReader(from source: some ImageSource, maxPixels: Int, eighths: Int) throws -> any ImageRowReader {
        let streamed = try source.withPieces { read, rereading in
            try JPEGRowReader.multipleScans(reading: read, rereading: rereading, maxPixels: maxPixels, eighths: eighths)
        }
        if let streamed { return streamed }
        let bytes = try source.wholeBytes()
        guard sniff(bytes.buffer) else { return try ImageDecoder.rowReader(sharing: bytes, maxPixels: maxPixels, reduction: 1) }
        return try JPEGRowReader(sharing: bytes, maxPixels: maxPixels, eighths: eighths)
    }

    /// At 1/8 scale: libjpeg still entropy-decodes every coefficient (where damage is found) but
    /// does almost no inverse DCT or colour work.
    func checkingReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        try JPEGRowReader(bytes, maxPixels: maxPixels, reduction: 8)
    }

    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder {
        JPEGEncoder(quality: settings.quality, iccProfile: settings.iccProfile, dpi: settings.dpi)
    }
}
