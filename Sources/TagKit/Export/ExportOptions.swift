/// How big the exported picture is, relative to the picture as the user sees it.
public enum ExportSize: Equatable, Sendable {
    /// Full resolution: the oriented, cropped source size.
    case full
    /// Both sides multiplied by a factor.
    case scale(Double)
    /// This many pixels wide, the height following the aspect ratio.
    case width(Int)
    /// Fit inside an N×N box, aspect kept (smaller or larger than the source).
    case maxSize(Int)

    /// The output size for a `picture`; at least 1×1.
    public func resolve(for picture: PictureSize) -> PictureSize {
        let w = Double(picture.width), h = Double(picture.height)
        let factor: Double
        switch self {
        case .full: return picture
        case .scale(let s): factor = s
        case .width(let n): factor = Double(n) / w
        case .maxSize(let n): factor = Double(n) / max(w, h)
        }
        return PictureSize(width: max(1, Int((w * factor).rounded())), height: max(1, Int((h * factor).rounded())))
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
/// A front end fills these in from its own syntax and calls `validate()`; `arguments` writes them
/// back out as `export` flags for a child process (batch export), so an option is added here once.
public struct ExportOptions: Sendable, Equatable {
    /// The output's format; nil to take it from the output file's suffix.
    public var format: ImageFormat?
    /// Lossy quality, `qualityRange` (JPEG).
    public var quality = 92
    /// zlib level for PNG, 0–9 (no flag: always the default from the command line).
    public var pngCompression = 6
    /// The output's size.
    public var size = ExportSize.full
    /// Refuse a source or an output of more pixels than this (default 100 megapixels).
    public var maxPixels = ImageDecoder.defaultMaxPixels
    /// Take the classic decode–draw–encode path even where the lossless JPEG one could be used
    /// (`--reencode`; the command line sets it for `--quality` too). See `ExportPlan`.
    public var reencode = false

    /// The defaults: format from the suffix, quality 92, full size, 100 megapixels.
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
        /// The box of `.maxSize(_)`.
        case maxSize = "box size"
    }

    /// Allowed qualities.
    public static let qualityRange = 1...100
    /// Allowed widths and boxes, in pixels.
    public static let sideRange = 1...1_000_000
    /// Allowed pixel limits.
    public static let maxPixelsRange = 1...4_000_000_000

    /// Checks every value against its range.
    /// - Throws: `ExportError` (`.invalidRequest`) naming the first value out of range.
    public func validate() throws(ExportError) {
        guard Self.qualityRange.contains(quality) else { throw .outOfRange(.quality, quality, Self.qualityRange) }
        guard (0...9).contains(pngCompression) else { throw .outOfRange(.pngCompression, pngCompression, 0...9) }
        guard Self.maxPixelsRange.contains(maxPixels) else { throw .outOfRange(.maxPixels, maxPixels, Self.maxPixelsRange) }
        switch size {
        case .full: break
        case .scale(let s): guard s.isFinite && s > 0 else { throw .invalidScale(s) }
        case .width(let n): guard Self.sideRange.contains(n) else { throw .outOfRange(.width, n, Self.sideRange) }
        case .maxSize(let n): guard Self.sideRange.contains(n) else { throw .outOfRange(.maxSize, n, Self.sideRange) }
        }
    }

    /// The format written to `path` (`-`: standard output): `format` if set, else the suffix's.
    /// - Throws: `ExportError.unknownFormat` without either, `.contradiction` when the suffix
    ///   names another format than `format`, `.notWritable` for a format tagproj only reads.
    public func format(forOutput path: String) throws(ExportError) -> ImageFormat {
        let bySuffix = path == "-" ? nil : Codecs.codec(forPath: path)?.format
        if let format, let bySuffix, bySuffix != format { throw .contradiction(path: path, format: format, suffix: bySuffix) }
        guard let chosen = format ?? bySuffix else { throw .unknownFormat(path: path) }
        guard Codecs.codec(for: chosen)?.canWrite == true else { throw .notWritable(chosen) }
        return chosen
    }

    /// The format a name asks for (`png`, `jpeg`, `jpg`).
    /// - Throws: `ExportError.unknownFormatName`, or `.notWritable` for a format only read.
    public static func format(named name: String) throws(ExportError) -> ImageFormat {
        guard let codec = Codecs.codec(named: name) else { throw .unknownFormatName(name) }
        guard codec.canWrite else { throw .notWritable(codec.format) }
        return codec.format
    }

    /// The options as `tagproj export` flags, defaults left out: `["--format", "png", "--quality", "85"]`.
    public var arguments: [String] {
        var out: [String] = []
        if let format { out += ["--format", format.rawValue] }
        if quality != ExportOptions().quality { out += ["--quality", "\(quality)"] }
        switch size {
        case .full: break
        case .scale(let s): out += ["--scale", "\(s)"]
        case .width(let n): out += ["--width", "\(n)"]
        case .maxSize(let n): out += ["--max-size", "\(n)"]
        }
        if maxPixels != ExportOptions().maxPixels { out += ["--max-pixels", "\(maxPixels)"] }
        if reencode { out.append("--reencode") }
        return out
    }
}
