/// Decode → orient → crop → resample → paint tags → encode, as a chain of row sources: the
/// classic path of an export, and the editor's preview (a scene without tags).
///
/// Every step but turning streams a band at a time; a step that would change nothing (no turn,
/// a crop of the whole, the size already right) is left out of the chain.
struct ExportPipeline {
    /// How the decoded rows are turned upright.
    let orientation: Orientation
    /// The part of the upright picture kept.
    let crop: Crop
    /// The tags to paint, laid out for the output; its size is the output's.
    let scene: TagScene
    /// The format written.
    let format: ImageFormat
    /// The encoder's quality, compression, resolution and lossless choice.
    let options: ExportOptions
    /// Where the encoded bytes go.
    let sink: any OutputSink

    /// Runs the chain on `reader`, encoding to `sink`.
    func run(_ reader: inout some ImageRowReader) throws {
        let icc = reader.iccProfile
        if orientation == .upright {
            return try cropped(reader, icc: icc)
        }
        // Turning needs the whole picture, decoded into one buffer; every other step streams.
        try cropped(UprightRows(reader, orientation: orientation), icc: icc)
    }

    /// Runs the chain on rows already upright (a pipeline of `.upright` orientation), carrying
    /// `icc` to the encoder: a part of a photo decoded alone (`JPEGRegion`).
    func run(upright source: some RowSource, icc: [UInt8]?) throws {
        precondition(orientation == .upright, "rows given upright are not turned again")
        try cropped(source, icc: icc)
    }

    private func cropped(_ source: some RowSource, icc: [UInt8]?) throws {
        let rect = CropRect(crop, pictureWidth: source.width, pictureHeight: source.height)
        if rect.x == 0 && rect.y == 0 && rect.width == source.width && rect.height == source.height {
            return try resized(source, icc: icc)
        }
        try resized(CroppedRows(source, rect: rect), icc: icc)
    }

    private func resized(_ source: some RowSource, icc: [UInt8]?) throws {
        if source.width == scene.size.width && source.height == scene.size.height {
            return try encoded(TaggedRows(source, scene: scene), icc: icc)
        }
        try encoded(TaggedRows(ResampledRows(source, width: scene.size.width, height: scene.size.height), scene: scene), icc: icc)
    }

    private func encoded(_ source: some RowSource, icc: [UInt8]?) throws {
        guard let codec = Codecs.codec(for: format) else { throw ExportError.notWritable(format) }
        let settings = EncodeSettings(quality: options.effectiveQuality, compressionLevel: options.pngCompression,
                                      iccProfile: icc, lossless: options.lossless, dpi: options.dpi)
        var rows = source
        try codec.encoder(settings).encode(&rows, to: sink)
    }
}
