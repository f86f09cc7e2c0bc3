/// An export that cannot be done as asked.
public enum ExportError: TagProjError, Equatable {
    /// No format given and none follows from the output's name.
    case unknownFormat(path: String)
    /// A format name no codec answers to.
    case unknownFormatName(String)
    /// The format asked for and the output's suffix disagree.
    case contradiction(path: String, format: ImageFormat, suffix: ImageFormat)
    /// A format tagproj recognises but does not write.
    case notWritable(ImageFormat)
    /// A lossless output was asked for in a format that is always lossy.
    case notLossless(ImageFormat)
    /// A value outside its range: what it is, the value, the range.
    case outOfRange(ExportOptions.Field, Int, ClosedRange<Int>)
    /// A scale that is not a positive number.
    case invalidScale(Double)
    /// More than one size was asked for.
    case severalSizes(Int)
    /// The output would have more pixels than the limit: a size asked for that the limit does
    /// not allow. A side of `uncountable` or more stands for one too large to count.
    case outputTooLarge(width: Int, height: Int, limit: Int)
    /// The output is the project being exported.
    case wouldOverwriteProject(path: String)
    /// The output is another project or another SQLite database, which export never replaces.
    case wouldReplaceDatabase(path: String, OutputFile.DatabaseKind)
    /// Every name for a tagged picture beside the project is taken by a file it did not write.
    case noFreeName(path: String)

    /// One line naming what is wrong.
    public var message: String {
        switch self {
        case .unknownFormat(let p): return "cannot tell the format of '\(p)' from its name"
        case .unknownFormatName(let name): return "unknown format '\(name)'"
        case let .contradiction(p, format, suffix):
            return "'\(p)' is named as \(ImageError.article(suffix.displayName)) but \(format.displayName) was asked for"
        case .notWritable(let f): return "tagproj cannot write \(f.displayName) images"
        case .notLossless(let f): return "\(f.displayName) cannot be written losslessly"
        case let .outOfRange(what, value, range):
            return "the \(what.rawValue) must be \(range.lowerBound) to \(range.upperBound), not \(value)"
        case .invalidScale(let s): return "the scale must be a positive number, not \(s)"
        case .severalSizes(let n): return "\(n) sizes were asked for; give one"
        case .outputTooLarge(let w, let h, let limit):
            if max(w, h) >= Self.uncountable { return "the output would be far larger than the limit of \(limit) pixels" }
            return "the output would be \(w)×\(h) pixels, more than the limit of \(limit)"
        case .wouldOverwriteProject(let p): return "'\(p)' is the project itself; export writes a picture, never the project"
        case .noFreeName(let p): return "no free name for a tagged picture like '\(p)': every one is taken by a file this project did not write"
        case let .wouldReplaceDatabase(p, kind):
            return "'\(p)' is \(kind == .project ? "a tagproj project" : "an SQLite database"); export never replaces one"
        }
    }

    /// A side of an output too large to count (2⁵², where a `Double` stops holding every integer).
    public static let uncountable = 1 << 52

    /// The formats that can be written, for format errors.
    public var advice: String? {
        switch self {
        case .unknownFormat, .unknownFormatName, .notWritable, .contradiction:
            return "tagproj writes \(Codecs.names(Codecs.writable))"
        case .notLossless:
            return "tagproj writes \(Codecs.names(Codecs.writable.filter(\.writesLossless))) losslessly"
        default: return nil
        }
    }

    /// A conflict for a project or database in the way, else an invalid request (an output
    /// over the pixel limit too: the size asked for is what is wrong, as for a width out of range).
    public var meaning: ErrorMeaning {
        switch self {
        case .wouldOverwriteProject, .wouldReplaceDatabase, .noFreeName: return .conflict
        default: return .invalidRequest
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
