import Glibc

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

extension Project {
    /// Renders the picture with its tags and writes it to `output` (`-`: standard output), each
    /// tag drawn from the font subsets the project carries for it in the state drawn, and any
    /// tag without them from the installed fonts (see ``fonts(at:)``): the caller matches no fonts.
    ///
    /// The photo is decoded with its orientation and crop applied, resampled when a size is asked
    /// for (a JPEG at most half the size is decoded reduced by libjpeg first, see
    /// `ImageDecoder.rowReader(for:maxPixels:picture:output:)`), and the tags are drawn at the output's own resolution as it streams to the encoder.
    /// The file appears only when complete (see `OutputFile`). The project is only read. With
    /// `at`, the tags and settings are those of history entry `at`'s state (0: the empty start),
    /// computed in memory (`state(at:)`), drawn with the subsets they had then.
    ///
    /// - Throws: ``EmbeddedFontError`` for a damaged subset of the state drawn, before anything is
    ///   written; `ExportError`, `ImageFileError`, `ProjectError`, ``ExportWriteError``.
    public func export(to output: String, options: ExportOptions, at: Int64? = nil) throws -> ExportResult {
        try export(to: output, options: options, reusing: FontSystem(), at: at)
    }

    /// ``export(to:options:at:)`` drawing with `fonts`, a font system the caller keeps (the
    /// editor's, loaded once): the subsets of the state drawn are adopted into it first, as
    /// ``adoptFonts(into:at:)`` does, and the ones it holds already are not opened again.
    public func export(to output: String, options: ExportOptions, reusing fonts: FontSystem, at: Int64? = nil) throws -> ExportResult {
        try options.validate()
        let format = try options.format(forOutput: output)
        if output != "-", FileIO.sameFile(output, path) { throw ExportError.wouldOverwriteProject(path: output) }
        if output != "-", let kind = OutputFile.databaseKind(at: output) { throw ExportError.wouldReplaceDatabase(path: output, kind) }
        let source = try store.source()
        let size = options.size.resolve(for: source.size)
        guard size.width * size.height <= options.maxPixels else {
            throw ExportError.outputTooLarge(width: size.width, height: size.height, limit: options.maxPixels)
        }
        let state = try drawnState(at: at)
        try adopt(state, into: fonts)
        let layout = try SceneLayout(tags: state.tags, settings: state.settings, size: size, fonts: fonts)
        let scene = layout.scene
        let plan = try exportPlan(source: source, format: format, options: options)
        if plan == .lossless {
            return try exportLossless(to: output, source: source, scene: scene, options: options, layout: layout)
        }
        let photo = ImageFileError.Subject.photo(inProject: path)
        var reader = try ImageFileError.naming(photo) { try photoReader(source, maxPixels: options.maxPixels, output: size) }
        let bytes = try writeOutput(output, photo: photo) { sink in
            try ExportPipeline(orientation: source.orientation, crop: source.crop, scene: scene, format: format,
                               options: options, sink: sink).run(&reader)
        }
        return ExportResult(format: format, size: size, bytes: bytes, warning: reader.warning,
                            layoutNotices: layout.notices, plan: plan)
    }
}

extension Project {
    /// A decoder for the photo, to be drawn at `output`, holding the compressed photo as little
    /// as its format allows.
    ///
    /// A multi-scan (progressive) JPEG is fed to libjpeg from the project's blob a piece at a time
    /// (`JPEGRowReader.multipleScans(reading:…)`): libjpeg absorbs every scan into its coefficients
    /// before the first row, so the blob, and the read transaction with it, is closed before this
    /// returns and the photo is never in memory whole beside them. Any other photo is read whole
    /// into memory that its decoder reads in place (the photo in memory once), and its blob closed
    /// at once too: a baseline JPEG streamed from the blob would keep the project locked until
    /// its last row is written.
    func photoReader(_ source: ProjectStore.Source, maxPixels: Int, output: PictureSize) throws -> any ImageRowReader {
        let reduction = ImageDecoder.reduction(picture: source.size, output: output)
        let reader: any ImageRowReader
        if source.format == ImageFormat.jpeg.rawValue, let streamed = try store.withSourceBlob({ blob in
            try JPEGRowReader.multipleScans(reading: blob.read(into:), rereading: { blob.pieces() }, maxPixels: maxPixels,
                                            reduction: reduction)
        }) {
            reader = streamed
        } else {
            reader = try ImageDecoder.rowReader(sharing: store.sharedSourceBytes(), maxPixels: maxPixels, picture: source.size, output: output)
        }
        try checkAgainstRow(reader, source, reduction: reduction)
        return reader
    }

    /// Refuses a photo blob that is not what the project's `source` row says (its format, its
    /// stored size), before a row is decoded: everything sized from the row (the scene, the
    /// crop, the bands) would be wrong, and a blob far larger than its row would cost its own
    /// size in time and memory.
    private func checkAgainstRow(_ reader: any ImageRowReader, _ source: ProjectStore.Source, reduction: Int) throws {
        guard reader.format.rawValue == source.format else {
            throw store.damaged("the photo is \(ImageError.article(reader.format.displayName)), not the \(ImageFormat(rawValue: source.format)?.displayName ?? source.format) its row says")
        }
        // Only libjpeg decodes reduced (its DCT scaling, rounding up); every other codec at full size.
        let r = reader.format == .jpeg ? reduction : 1
        let width = (source.storedWidth + r - 1) / r, height = (source.storedHeight + r - 1) / r
        guard reader.width == width, reader.height == height else {
            let stored = r == 1 ? "\(reader.width)×\(reader.height)" : "about \(reader.width * r)×\(reader.height * r)"
            throw store.damaged("the photo is \(stored) pixels, not the \(source.storedWidth)×\(source.storedHeight) its row says")
        }
    }
}

/// The output could not be written (disk full, a closed pipe): exit 73, as for an output that
/// cannot be created; no partial file is left.
public struct ExportWriteError: TagProjError {
    /// The output's path (`-` for standard output).
    public let path: String
    /// The system's reason.
    public let reason: String
    /// `cannot write 'out.jpg': No space left on device`.
    public var message: String { "cannot write '\(path)': \(reason)" }
    /// The output cannot be written.
    public var meaning: ErrorMeaning { .cannotWrite }
}

/// Decode → orient → crop → resample → paint tags → encode, as a chain of row sources.
struct ExportPipeline {
    let orientation: Int
    let crop: Crop
    let scene: TagScene
    let format: ImageFormat
    let options: ExportOptions
    let sink: any OutputSink

    /// Runs the chain on `reader`, encoding to `sink`.
    func run(_ reader: inout some ImageRowReader) throws {
        let icc = reader.iccProfile
        if orientation == 1 {
            return try cropped(reader, icc: icc)
        }
        // Turning needs the whole picture, decoded into one buffer; every other step streams.
        try cropped(UprightRows(reader, orientation: orientation), icc: icc)
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
