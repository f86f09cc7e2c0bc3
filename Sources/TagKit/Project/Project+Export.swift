import Glibc

/// What an export wrote.
public struct ExportResult: Equatable, Sendable {
    public var format: ExportFormat
    public var size: PictureSize
    public var bytes: Int
    /// The first problem the decoder stepped over without losing pixels (extraneous bytes, a
    /// missing end marker, a bad ancillary PNG chunk), for a `warning:` line; nil for a clean file.
    /// Problems that lose pixels are errors instead (see `Sources/CShims/jpeg_codec.c`).
    public var warning: String? = nil
    /// Tags that no longer fit where they were placed (the fonts changed since) and were drawn
    /// where they fit; empty when every tag was drawn where it stands.
    public var layoutNotices: [SceneLayout.Notice] = []
}

extension Project {
    /// Renders the picture with its tags and writes it to `output` (`-`: standard output).
    ///
    /// The photo is decoded with its orientation and crop applied, resampled when a size is asked
    /// for, and the tags are drawn at the output's own resolution as it streams to the encoder.
    /// The file appears only when complete (see `OutputFile`). The project is only read.
    public func export(to output: String, options: ExportOptions, fonts: some FontProvider) throws -> ExportResult {
        guard let format = options.format ?? ExportFormat.from(path: output) else { throw ExportError.unknownFormat(path: output) }
        if output != "-", FileIO.sameFile(output, path) { throw ExportError.wouldOverwriteProject(path: output) }
        let records = self.records
        let source = try records.source()
        let size = options.size.resolve(for: source.size)
        guard size.width * size.height <= options.maxPixels else {
            throw ExportError.outputTooLarge(width: size.width, height: size.height, limit: options.maxPixels)
        }
        let layout = try SceneLayout(tags: try records.tags(), settings: try records.header().settings, size: size, fonts: fonts)
        let scene = layout.scene
        // The decoder keeps its own copy of the bytes; ours is freed as soon as it is made.
        var reader = try records.sourceBytes().withUnsafeBytes { try ImageDecoder.rowReader(for: $0, maxPixels: options.maxPixels) }
        let file = try OutputFile(path: output)
        let pipeline = ExportPipeline(orientation: source.orientation, crop: source.crop, scene: scene, format: format,
                                      options: options, destination: file.fd)
        let written: Int
        do {
            written = try pipeline.run(&reader)
            try file.commit()
        } catch let error as ImageError {
            file.abandon()
            if case .writeFailed(_, let reason) = error { throw ExportWriteError(path: output, reason: reason) }
            throw error
        } catch let error as FileError where error.operation == .write {
            // A write or sync of the output that fails (disk full, say) is the output's failure: 73.
            file.abandon()
            throw ExportWriteError(path: output, reason: error.reason)
        } catch {
            file.abandon()
            throw error
        }
        return ExportResult(format: format, size: size, bytes: written, warning: reader.warning, layoutNotices: layout.notices)
    }
}

/// The output could not be written (disk full, a closed pipe): exit 73, as for an output that
/// cannot be created; no partial file is left.
public struct ExportWriteError: TagProjError {
    public let path: String
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
    let format: ExportFormat
    let options: ExportOptions
    let destination: Int32

    /// Runs the chain on `reader`; returns the encoded byte count.
    func run(_ reader: inout some ImageRowReader) throws -> Int {
        let icc = reader.iccProfile
        if orientation == 1 {
            return try cropped(reader, icc: icc)
        }
        // Turning needs the whole picture; every other step streams.
        return try cropped(PixelBufferRows(try Orientation.readUpright(&reader, orientation: orientation)), icc: icc)
    }

    private func cropped(_ source: some RowSource, icc: [UInt8]?) throws -> Int {
        let rect = CropRect(crop, pictureWidth: source.width, pictureHeight: source.height)
        if rect.x == 0 && rect.y == 0 && rect.width == source.width && rect.height == source.height {
            return try resized(source, icc: icc)
        }
        return try resized(CroppedRows(source, rect: rect), icc: icc)
    }

    private func resized(_ source: some RowSource, icc: [UInt8]?) throws -> Int {
        if source.width == scene.size.width && source.height == scene.size.height {
            return try encoded(TaggedRows(source, scene: scene), icc: icc)
        }
        return try encoded(TaggedRows(ResampledRows(source, width: scene.size.width, height: scene.size.height), scene: scene), icc: icc)
    }

    private func encoded(_ source: some RowSource, icc: [UInt8]?) throws -> Int {
        var rows = source
        var counter = CountingDestination(fd: destination)
        switch format {
        case .jpeg:
            _ = try JPEGEncoder(quality: options.quality, iccProfile: icc).encode(&rows, to: .fileDescriptor(counter.fd))
        case .png:
            _ = try PNGEncoder(compressionLevel: options.pngCompression, iccProfile: icc).encode(&rows, to: .fileDescriptor(counter.fd))
        }
        return counter.written()
    }
}

/// How many bytes went to a descriptor, from its offset (0 for a pipe).
struct CountingDestination {
    let fd: Int32
    let start: Int
    init(fd: Int32) {
        self.fd = fd
        start = max(0, Int(lseek(fd, 0, SEEK_CUR)))
    }
    mutating func written() -> Int { max(0, Int(lseek(fd, 0, SEEK_CUR)) - start) }
}
