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
    /// A file appeared under a name found free while the picture was being written to it
    /// (`ExportDestination.newFile`): nothing was replaced.
    case nameTaken(path: String)

    /// One line naming what is wrong.
    public var message: String {
        switch self {
        case .unknownFormat(let p): return tr("cannot tell the format of '{path}' from its name", ["path": p])
        case .unknownFormatName(let name): return tr("unknown format '{name}'", ["name": name])
        case let .contradiction(p, format, suffix):
            let arguments: MessageArguments = ["path": p, "suffix": suffix.displayName, "format": format.displayName]
            // TRANSLATORS: {suffix} is the format the file's name says (its suffix), {format} the one asked for.
            return ImageError.startsWithVowel(suffix.displayName) ? tr("'{path}' is named as an {suffix} but {format} was asked for", arguments)
                : tr("'{path}' is named as a {suffix} but {format} was asked for", arguments)
        case .notWritable(let f): return tr("tagproj cannot write {format} images", ["format": f.displayName])
        case .notLossless(let f): return tr("{format} cannot be written losslessly", ["format": f.displayName])
        case let .outOfRange(what, value, range):
            // TRANSLATORS: {option} is the name of an export setting (the quality, the width).
            return tr("the {option} must be {lowest} to {highest}, not {value}",
                      ["option": what.name, "lowest": range.lowerBound, "highest": range.upperBound, "value": value])
        case .invalidScale(let s): return tr("the scale must be a positive number, not {scale}", ["scale": s])
        case .severalSizes(let n): return tr("{count} sizes were asked for; give one", ["count": n])
        case .outputTooLarge(let w, let h, let limit):
            if max(w, h) >= Self.uncountable { return tr("the output would be far larger than the limit of {limit} pixels", ["limit": limit]) }
            return tr("the output would be {width}×{height} pixels, more than the limit of {limit}", ["width": w, "height": h, "limit": limit])
        case .wouldOverwriteProject(let p): return tr("'{path}' is the project itself; export writes a picture, never the project", ["path": p])
        case .noFreeName(let p):
            return tr("no free name for a tagged picture like '{path}': every one is taken by a file this project did not write", ["path": p])
        case .nameTaken(let p):
            return tr("'{path}' appeared while the picture was being written; it was left as it is", ["path": p])
        case let .wouldReplaceDatabase(p, kind):
            return kind == .project ? tr("'{path}' is a tagproj project; export never replaces one", ["path": p])
                : tr("'{path}' is an SQLite database; export never replaces one", ["path": p])
        }
    }

    /// A side of an output too large to count (2⁵², where a `Double` stops holding every integer).
    public static let uncountable = 1 << 52

    /// The formats that can be written, for format errors.
    public var advice: String? {
        switch self {
        case .unknownFormat, .unknownFormatName, .notWritable, .contradiction:
            return tr("tagproj writes {formats}", ["formats": Codecs.names(Codecs.writable)])
        case .notLossless:
            return tr("tagproj writes {formats} losslessly", ["formats": Codecs.names(Codecs.writable.filter(\.writesLossless))])
        default: return nil
        }
    }

    /// A conflict for a project or database in the way, else an invalid request (an output
    /// over the pixel limit too: the size asked for is what is wrong, as for a width out of range).
    public var meaning: ErrorMeaning {
        switch self {
        case .wouldOverwriteProject, .wouldReplaceDatabase, .noFreeName, .nameTaken: return .conflict
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
    public var message: String { tr("cannot write '{path}': {reason}", ["path": path, "reason": reason]) }
    /// The output cannot be written.
    public var meaning: ErrorMeaning { .cannotWrite }
}
