/// One image format's behaviour, behind which the rest of TagKit never asks "JPEG or PNG?".
///
/// A codec says what its format is called, which file-name suffixes ask for it, how its bytes are
/// recognised, and, as far as it supports them, how to read its headers (`probe`), decode it row
/// by row (`rowReader`; from wherever the file is, `rowReader(from:maxPixels:reduction:)`) and
/// encode rows (`encoder`). A format tagproj only recognises (so that a
/// message can say "a HEIC image") implements `format`, `suffixes` and `sniff` and keeps the
/// defaults, which refuse. Codecs are found through `Codecs`.
public protocol ImageCodec: Sendable {
    /// The format this codec handles.
    var format: ImageFormat { get }
    /// Lowercase file-name suffixes without the dot, the preferred one first (`jpg`, `jpeg`, `jpe`).
    var suffixes: [String] { get }
    /// Whether tagproj can read this format (`probe` and `rowReader` work).
    var canRead: Bool { get }
    /// Whether tagproj can write this format (`encoder` works).
    var canWrite: Bool { get }
    /// Whether every encoding of this format is lossless, so a quality means nothing (PNG).
    var isLossless: Bool { get }
    /// Whether the format carries a resolution that `EncodeSettings.dpi` is written into.
    var carriesResolution: Bool { get }
    /// Whether the encoder can be asked for a lossless encoding (`EncodeSettings.lossless`).
    var writesLossless: Bool { get }
    /// Whether decoding holds only a band of rows at a time (false: the whole picture at once).
    var streams: Bool { get }
    /// Whether `reducedReader` decodes at a fraction of the size for a fraction of the work (JPEG):
    /// when not, every view of a photo, however small, costs a whole decode.
    var decodesReduced: Bool { get }

    /// Whether `bytes` start like a file of this format (magic bytes; never the file name).
    func sniff(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// The file's size, orientation and ICC presence from its headers, without decoding pixels.
    /// - Throws: `ImageError.damaged` or `.unsupported`; `.otherFormat` for a format not read.
    func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo
    /// A streaming decoder over a copy of `bytes`, refusing more than `maxPixels` stored pixels.
    /// - Throws: `ImageError`.
    func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader
    /// A decoder producing the picture reduced `reduction` times (2, 4 or 8) each way, sizes
    /// rounded up, or `nil` when the library cannot decode reduced (the caller then resamples the
    /// whole picture). By default, `nil`.
    func reducedReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int, reduction: Int) throws -> (any ImageRowReader)?
    /// A decoder reading `bytes` in place (kept alive, not copied) at 1/`reduction` of the size
    /// (1, 2, 4 or 8; for a reduction the codec cannot do, at full size). By default, the
    /// `reducedReader` or `rowReader` over a copy.
    func rowReader(sharing bytes: SharedBytes, maxPixels: Int, reduction: Int) throws -> any ImageRowReader
    /// A decoder for the file `source` holds, which is said to be of this format (a project's
    /// source row says so), at 1/`reduction` of the size as `rowReader(sharing:…)`, holding the
    /// compressed file as little as the format allows: what export and the editor's preview
    /// decode with (`ImageDecoder.rowReader(from:format:maxPixels:picture:output:)`).
    ///
    /// By default the file is read whole and decoded by its content
    /// (`ImageDecoder.rowReader(sharing:maxPixels:reduction:)`), so a file that is not what it is
    /// said to be decodes as what it is, and a caller comparing the reader's `format` with the
    /// claim can say so. A codec that reads the file a piece at a time relies on the claim: its
    /// decoder refuses a file of another format as damaged.
    /// - Throws: `ImageError`, or what `source` throws.
    func rowReader(from source: some ImageSource, maxPixels: Int, reduction: Int) throws -> any ImageRowReader
    /// A decoder for checking that every part of the picture decodes (`ImageDecoder.verify`): its
    /// rows are thrown away, so it may produce fewer, smaller ones as long as it decodes all the
    /// data. By default, `rowReader`.
    func checkingReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader
    /// An encoder with `settings` (each codec uses the settings that apply to it).
    /// - Throws: `ImageError.cannotWrite` for a format not written.
    func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder
}

extension ImageCodec {
    /// Not read unless the codec says so.
    public var canRead: Bool { false }
    /// Not written unless the codec says so.
    public var canWrite: Bool { false }
    /// Streams unless the codec says otherwise.
    public var streams: Bool { true }
    /// No reduced decode unless the codec says otherwise.
    public var decodesReduced: Bool { false }
    /// Lossy (or both) unless the codec says otherwise.
    public var isLossless: Bool { false }
    /// No resolution unless the codec says otherwise.
    public var carriesResolution: Bool { false }
    /// A lossless format writes losslessly; a lossy one only if the codec says so.
    public var writesLossless: Bool { isLossless }

    /// Refuses: tagproj does not read this format.
    public func probe(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        throw .otherFormat(format)
    }

    /// Refuses: tagproj does not read this format.
    public func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        throw ImageError.otherFormat(format)
    }

    /// None: the whole picture is decoded and resampled.
    public func reducedReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int, reduction: Int) throws -> (any ImageRowReader)? {
        nil
    }

    /// The reduced reader, else the full-size one, each over a copy of the bytes.
    public func rowReader(sharing bytes: SharedBytes, maxPixels: Int, reduction: Int) throws -> any ImageRowReader {
        if reduction > 1, let reader = try reducedReader(for: bytes.buffer, maxPixels: maxPixels, reduction: reduction) {
            return reader
        }
        return try rowReader(for: bytes.buffer, maxPixels: maxPixels)
    }

    /// The whole file, decoded by its content in place.
    public func rowReader(from source: some ImageSource, maxPixels: Int, reduction: Int) throws -> any ImageRowReader {
        try ImageDecoder.rowReader(sharing: source.wholeBytes(), maxPixels: maxPixels, reduction: reduction)
    }

    /// The ordinary row reader.
    public func checkingReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> any ImageRowReader {
        try rowReader(for: bytes, maxPixels: maxPixels)
    }

    /// Refuses: tagproj does not write this format.
    public func encoder(_ settings: EncodeSettings) throws -> any ImageEncoder {
        throw ImageError.cannotWrite(format)
    }
}

/// What an encoder may be asked for; each codec takes the settings that apply to its format.
public struct EncodeSettings: Sendable, Equatable {
    /// Lossy quality 1–100 (JPEG, WebP, AVIF).
    public var quality: Int
    /// Lossless compression effort 0–9 (PNG's zlib level).
    public var compressionLevel: Int
    /// The ICC profile to embed, or `nil`.
    public var iccProfile: [UInt8]?
    /// Lossless instead of lossy, for a format that can be either (WebP).
    public var lossless: Bool
    /// The resolution in dots per inch, for formats that carry one (JPEG, PNG), or `nil`.
    public var dpi: Int?

    /// Settings with tagproj's defaults: quality 92, compression 6, no profile, lossy, no resolution.
    public init(quality: Int = 92, compressionLevel: Int = 6, iccProfile: [UInt8]? = nil, lossless: Bool = false,
                dpi: Int? = nil) {
        self.quality = quality
        self.compressionLevel = compressionLevel
        self.iccProfile = iccProfile
        self.lossless = lossless
        self.dpi = dpi
    }
}

/// Encodes rows into one format, writing through a sink the caller owns.
public protocol ImageEncoder: Sendable {
    /// Encodes every row of `source` (at its first row) to `sink`.
    /// - Throws: the sink's error if it refuses the bytes; the source's errors; `ImageError`.
    func encode<Source: RowSource>(_ source: inout Source, to sink: any OutputSink) throws
}

extension ImageEncoder {
    /// Encodes every row of `source` into memory and returns the bytes.
    public func encode<Source: RowSource>(_ source: inout Source) throws -> [UInt8] {
        let memory = MemorySink()
        try encode(&source, to: memory)
        return memory.bytes
    }

    /// Encodes a whole buffer to `sink`.
    public func encode(_ pixels: PixelBuffer, to sink: any OutputSink) throws {
        var rows = PixelBufferRows(pixels)
        try encode(&rows, to: sink)
    }

    /// Encodes a whole buffer into memory and returns the bytes.
    public func encode(_ pixels: PixelBuffer) throws -> [UInt8] {
        var rows = PixelBufferRows(pixels)
        return try encode(&rows)
    }
}
