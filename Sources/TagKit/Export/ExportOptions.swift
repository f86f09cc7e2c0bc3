/// The file format an export writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    case png, jpeg

    /// The format a file name's suffix asks for (`.png`, `.jpg`, `.jpeg`, any case), if any.
    public static func from(path: String) -> ExportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return .png
        case "jpg", "jpeg", "jpe": return .jpeg
        default: return nil
        }
    }
}

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
}

/// Everything `export` can be asked for.
public struct ExportOptions: Sendable {
    /// The output's format; nil to take it from the output file's suffix.
    public var format: ExportFormat?
    /// JPEG quality, 1–100.
    public var quality = 92
    /// zlib level for PNG, 0–9.
    public var pngCompression = 6
    public var size = ExportSize.full
    /// Refuse a source or an output of more pixels than this (default 100 megapixels).
    public var maxPixels = 100_000_000

    public init() {}
}

/// An export that cannot be done as asked.
public enum ExportError: TagProjError {
    case unknownFormat(path: String)
    case outputTooLarge(width: Int, height: Int, limit: Int)
    case wouldOverwriteProject(path: String)

    public var message: String {
        switch self {
        case .unknownFormat(let p): return "cannot tell the format of '\(p)' from its name"
        case .outputTooLarge(let w, let h, let limit): return "the output would be \(w)×\(h) pixels, more than the limit of \(limit)"
        case .wouldOverwriteProject(let p): return "'\(p)' is the project itself; export writes a picture, never the project"
        }
    }

    /// An invalid request for an unknown format, not possible over the limit, a conflict for
    /// the project itself.
    public var meaning: ErrorMeaning {
        switch self {
        case .unknownFormat: return .invalidRequest
        case .outputTooLarge: return .notPossible
        case .wouldOverwriteProject: return .conflict
        }
    }
}
