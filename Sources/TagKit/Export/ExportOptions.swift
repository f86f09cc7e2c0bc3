/// How big the exported picture is, relative to the picture as the user sees it.
public enum ExportSize: Equatable, Sendable {
    /// Full resolution: the oriented, cropped source size.
    case full
    /// Both sides multiplied by a factor.
    case scale(Double)
    /// This many pixels wide, the height following the aspect ratio.
    case width(Int)
    /// This many pixels high, the width following the aspect ratio.
    case height(Int)
    /// Fit inside an N×N box, aspect kept; never enlarged (as ImageMagick's `N×N>`).
    case maxSize(Int)
    /// Fit inside a `width × height` box, aspect kept; never enlarged.
    case box(width: Int, height: Int)

    /// The output size for a `picture`, at least 1×1, refused past `maxPixels`.
    ///
    /// The size is worked out in floating point and checked against the limit before it becomes
    /// an integer, so a factor no picture could have (`scale` 1e300, a million-pixel width of a
    /// one-pixel-high strip) is an error, never an overflow.
    /// - Throws: `ExportError.outputTooLarge` (an invalid request) past the limit; its sides
    ///   are those asked for, capped where they would not fit an integer.
    public func resolve(for picture: PictureSize, maxPixels: Int) throws(ExportError) -> PictureSize {
        let w = Double(picture.width), h = Double(picture.height)
        let factor: Double
        switch self {
        case .full: factor = 1
        case .scale(let s): factor = s
        case .width(let n): factor = Double(n) / w
        case .height(let n): factor = Double(n) / h
        case .maxSize(let n): factor = min(1, Double(n) / max(w, h))
        case .box(let bw, let bh): factor = min(1, Double(bw) / w, Double(bh) / h)
        }
        guard factor.isFinite, factor > 0 else { throw .invalidScale(factor) }
        let (ow, oh) = factor == 1 ? (w, h) : (max(1, (w * factor).rounded()), max(1, (h * factor).rounded()))
        guard ow * oh <= Double(maxPixels) else {
            // Named as asked, a side no integer holds (a scale of 1e300) as `uncountable`.
            let cap = Double(ExportError.uncountable)
            throw .outputTooLarge(width: Int(min(ow, cap)), height: Int(min(oh, cap)), limit: maxPixels)
        }
        return PictureSize(width: Int(ow), height: Int(oh))
    }

    /// The one size among `choices` (none: `.full`); two or more is an error.
    /// - Throws: `ExportError.severalSizes`.
    public static func choosing(_ choices: [ExportSize]) throws(ExportError) -> ExportSize {
        guard choices.count <= 1 else { throw .severalSizes(choices.count) }
        return choices.first ?? .full
    }
}

/// Everything `export` can be asked for, with the rules that make a request valid.
///
/// A front end fills these in from its own syntax and calls `validate()`; `RequestCodec` writes
/// and reads them as an export request's members (a batch export's children are handed them so).
public struct ExportOptions: Sendable, Equatable {
    /// The output's format; nil to take it from the output file's suffix.
    public var format: ImageFormat?
    /// Lossy quality, `qualityRange` (JPEG, WebP, AVIF); `nil` for `defaultQuality`. Given for a
    /// lossless format, it is reported by `ignored(for:)`.
    public var quality: Int?
    /// The quality used when none is asked for.
    public static let defaultQuality = 92
    /// The user's own default quality (`export.quality` in `UserConfig`), used where the export
    /// encodes and `quality` is nil. Unlike `quality` it is not a request to encode: the lossless
    /// JPEG path stays lossless, and a lossless format does not report it as ignored.
    public var preferredQuality: Int?
    /// `quality`, else `preferredQuality`, else the default.
    public var effectiveQuality: Int { quality ?? preferredQuality ?? Self.defaultQuality }

    /// These options with `preferredQuality` taken from the user's config file (`export.quality`,
    /// found from `environment`) where none is set: `Project.perform` resolves it, so every way of
    /// exporting (a single export, a batch's children, the editor) honours it.
    /// - Throws: `ConfigError` for a config file that cannot be used, `FileError` when it cannot be read.
    public func resolvingUserDefaults(environment: [String: String]) throws -> ExportOptions {
        guard preferredQuality == nil, let path = UserConfig.path(environment: environment) else { return self }
        var options = self
        options.preferredQuality = try UserConfig.load(path).value(.quality).flatMap { Int($0) }
        return options
    }
    /// The resolution written into the output in dots per inch (JPEG's JFIF density, PNG's
    /// `pHYs`), or `nil` for none. WebP and AVIF have no field for it (`ignored(for:)` says so).
    public var dpi: Int?
    /// A lossless encoding, for a format that can be either (WebP); PNG always is.
    public var lossless = false
    /// zlib level for PNG, 0–9 (no flag: always the default from the command line).
    public var pngCompression = 6
    /// The output's size.
    public var size = ExportSize.full
    /// Refuse a source or an output of more pixels than this (default 100 megapixels).
    public var maxPixels = ImageDecoder.defaultMaxPixels
    /// Take the classic decode–draw–encode path even where the lossless JPEG one could be used
    /// (a front end may set it whenever a quality is asked for). See `ExportPlan`.
    public var reencode = false

    /// The defaults: format from the suffix, quality 92, full size, no resolution, 100 megapixels.
    public init() {}

    /// A value of the options that has a range, for errors.
    public enum Field: String, Sendable, Equatable {
        /// `quality`.
        case quality = "quality"
        /// `pngCompression`.
        case pngCompression = "PNG compression"
        /// `maxPixels`.
        case maxPixels = "pixel limit"
        /// The width of `.width(_)`.
        case width = "width"
        /// The height of `.height(_)` or of `.box`.
        case height = "height"
        /// The box of `.maxSize(_)`.
        case maxSize = "box size"
        /// The width of `.box`.
        case boxWidth = "box width"
        /// `dpi`.
        case dpi = "resolution"

        /// The value's name in the current language, as a sentence names it (`the {option} must be…`).
        public var name: String {
            switch self {
            // TRANSLATORS: an export setting, in "the {option} must be 1 to 100, not 0".
            case .quality: return trc("export setting", "quality")
            case .pngCompression: return trc("export setting", "PNG compression")
            case .maxPixels: return trc("export setting", "pixel limit")
            case .width: return trc("export setting", "width")
            case .height: return trc("export setting", "height")
            case .maxSize: return trc("export setting", "box size")
            case .boxWidth: return trc("export setting", "box width")
            case .dpi: return trc("export setting", "resolution")
            }
        }
    }

    /// Allowed qualities.
    public static let qualityRange = 1...100
    /// Allowed widths and boxes, in pixels.
    public static let sideRange = 1...1_000_000
    /// Allowed resolutions, in dots per inch (JFIF stores 16 bits).
    public static let dpiRange = 1...65535
    /// Allowed pixel limits.
    public static let maxPixelsRange = 1...4_000_000_000

    /// The output's size for a `picture` of that size: `size` resolved, checked against
    /// `maxPixels` (see `ExportSize.resolve(for:maxPixels:)`). Every export asks this, once.
    /// - Throws: what `validate()` throws; `ExportError.outputTooLarge` past the limit.
    public func outputSize(for picture: PictureSize) throws(ExportError) -> PictureSize {
        try validate()
        return try size.resolve(for: picture, maxPixels: maxPixels)
    }

    /// Checks every value against its range.
    /// - Throws: `ExportError` (`.invalidRequest`) naming the first value out of range.
    public func validate() throws(ExportError) {
        if let quality, !Self.qualityRange.contains(quality) { throw .outOfRange(.quality, quality, Self.qualityRange) }
        if let dpi, !Self.dpiRange.contains(dpi) { throw .outOfRange(.dpi, dpi, Self.dpiRange) }
        guard (0...9).contains(pngCompression) else { throw .outOfRange(.pngCompression, pngCompression, 0...9) }
        guard Self.maxPixelsRange.contains(maxPixels) else { throw .outOfRange(.maxPixels, maxPixels, Self.maxPixelsRange) }
        switch size {
        case .full: break
        case .scale(let s): guard s.isFinite && s > 0 else { throw .invalidScale(s) }
        case .width(let n): guard Self.sideRange.contains(n) else { throw .outOfRange(.width, n, Self.sideRange) }
        case .height(let n): guard Self.sideRange.contains(n) else { throw .outOfRange(.height, n, Self.sideRange) }
        case .maxSize(let n): guard Self.sideRange.contains(n) else { throw .outOfRange(.maxSize, n, Self.sideRange) }
        case .box(let w, let h):
            guard Self.sideRange.contains(w) else { throw .outOfRange(.boxWidth, w, Self.sideRange) }
            guard Self.sideRange.contains(h) else { throw .outOfRange(.height, h, Self.sideRange) }
        }
    }

    /// The options given that `format` cannot honour, for a warning: a quality for a lossless
    /// format (PNG), a resolution for a format without a field for it (WebP, AVIF).
    public func ignored(for format: ImageFormat) -> [Field] {
        guard let codec = Codecs.codec(for: format) else { return [] }
        return (quality != nil && codec.isLossless ? [.quality] : []) + (dpi != nil && !codec.carriesResolution ? [.dpi] : [])
    }

    /// The format written to `destination`: `format` if set, else a file's suffix's (standard
    /// output and memory have none).
    /// - Throws: `ExportError.unknownFormat` without either, `.contradiction` when the suffix
    ///   names another format than `format`, `.notWritable` for a format tagproj only reads.
    public func format(for destination: ExportDestination) throws(ExportError) -> ImageFormat {
        try format(forOutput: destination.commandLineName ?? "-")
    }

    /// ``format(for:)`` for a file's path, or `-`.
    public func format(forOutput path: String) throws(ExportError) -> ImageFormat {
        let bySuffix = path == "-" ? nil : Codecs.codec(forPath: path)?.format
        if let format, let bySuffix, bySuffix != format { throw .contradiction(path: path, format: format, suffix: bySuffix) }
        guard let chosen = format ?? bySuffix else { throw .unknownFormat(path: path) }
        guard let codec = Codecs.codec(for: chosen), codec.canWrite else { throw .notWritable(chosen) }
        guard !lossless || codec.writesLossless else { throw .notLossless(chosen) }
        return chosen
    }

    /// The format a name asks for (`png`, `jpeg`, `jpg`).
    /// - Throws: `ExportError.unknownFormatName`, or `.notWritable` for a format only read.
    public static func format(named name: String) throws(ExportError) -> ImageFormat {
        guard let codec = Codecs.codec(named: name) else { throw .unknownFormatName(name) }
        guard codec.canWrite else { throw .notWritable(codec.format) }
        return codec.format
    }
}
