import TagKit

/// The outcome classes a `tagproj` invocation can end in, with their process exit codes.
///
/// The numbers follow BSD's `sysexits.h`, so scripts can tell a usage mistake from bad data
/// from a busy project without parsing messages.
enum ExitCode: Int32, Sendable, CaseIterable {
    /// The command did what it was asked.
    case success = 0
    /// The command could not be done: unknown id, nothing to undo, no font for a character.
    case failure = 1
    /// Usage error: unknown command or option, missing argument, unknown kind or side,
    /// a number that does not parse, invalid tag text.
    case usage = 64
    /// Bad input data: not an image, a damaged image, not a tagproj project, a damaged project,
    /// a project from a newer tagproj.
    case dataError = 65
    /// An input file is missing.
    case noInput = 66
    /// The output file cannot be created.
    case cannotCreate = 73
    /// An I/O error while reading or writing.
    case ioError = 74
    /// The project stayed busy (locked by another process) for longer than the busy timeout.
    case busy = 75

    /// What the code means, as `--help` and the man page list it.
    var summary: String {
        switch self {
        case .success: return tr("success")
        case .failure: return tr("the command could not be done (unknown id, nothing to undo, no font for a character)")
        case .usage: return tr("usage error (unknown command or option, missing argument, bad number, invalid tag text)")
        case .dataError: return tr("bad input data (not an image, damaged image, not a tagproj project, damaged or newer project)")
        case .noInput: return tr("input file missing")
        case .cannotCreate: return tr("output cannot be created (or is a special file export will not write)")
        case .ioError: return tr("I/O error")
        case .busy: return tr("project busy for longer than the busy timeout (TAGPROJ_BUSY_TIMEOUT_MS, default 5000)")
        }
    }

    /// The exit code for what a TagKit error means.
    init(_ meaning: ErrorMeaning) {
        switch meaning {
        case .invalidRequest: self = .usage
        case .badData: self = .dataError
        case .missingInput: self = .noInput
        case .notFound, .notPossible, .internalFailure, .refused: self = .failure
        case .conflict, .cannotWrite: self = .cannotCreate
        case .io: self = .ioError
        case .busy: self = .busy
        }
    }
}

/// An error raised by the command line itself, which knows its exit code and hint directly.
protocol CommandLineError: Error {
    /// The `error:` line.
    var message: String { get }
    /// The `hint:` line, if any.
    var hint: String? { get }
    /// The exit code.
    var exitCode: ExitCode { get }
}

/// A mistake in how the command was invoked (exit 64). `tagproj` prints the command's usage after it.
struct UsageError: CommandLineError {
    let message: String
    var hint: String? = nil
    var exitCode: ExitCode { .usage }
}

/// How `tagproj` reports any error: the message, the exit code, and a hint that may name the
/// command line's own flags (which TagKit never does).
struct ErrorReport {
    let message: String
    let hint: String?
    let exitCode: ExitCode
    /// Further problems, for `note:` lines after the error (what `check` found besides the first).
    private(set) var notes: [String] = []

    init(_ error: Error, project: String? = nil) {
        switch error {
        case let error as CheckProblems:
            self.init(error.problems[0])
            // The project is named once, in the error line; a note says only what else is wrong.
            notes = error.problems.dropFirst().map { problem in
                // TRANSLATORS: a note after an error: a further problem check found.
                if case let ProjectError.damaged(_, reason) = problem { return tr("also: {problem}", ["problem": reason]) }
                return tr("also: {problem}", ["problem": ErrorReport(problem, project: project).message])
            }
        case let error as CommandLineError:
            self.init(message: error.message, hint: error.hint, exitCode: error.exitCode)
        case let error as TagProjError:
            self.init(message: error.message, hint: Self.hint(for: error, project: project ?? "PROJECT") ?? error.advice,
                      exitCode: ExitCode(error.meaning))
        default:
            self.init(message: "\(error)", hint: nil, exitCode: .failure)
        }
    }

    private init(message: String, hint: String?, exitCode: ExitCode) {
        // One line, whatever the C library's message holds.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.hint = hint
        self.exitCode = exitCode
    }

    /// The hints that name `tagproj`'s commands, flags and environment; a command to run names
    /// `project`, the project the failed command was given.
    static func hint(for error: TagProjError, project: String) -> String? {
        switch error {
        case let e as ProjectError:
            switch e {
            case .missing: return tr("create one with 'tagproj new {project} IMAGE'", ["project": shellWord(project)])
            case .exists: return tr("pass --force to replace it")
            default: return nil
            }
        case let e as ImageError:
            if case .tooManyPixels = e { return tr("if you trust this file, raise the limit with --max-pixels") }
            return nil
        case let e as ImageFileError:
            return hint(for: e.error, project: project) ?? e.advice
        case let e as HistoryError:
            switch e {
            case .nothingToUndo, .nothingToRedo: return tr("run 'tagproj history {project}' to see the history", ["project": shellWord(project)])
            case .tooFewSteps(_, let available, let undo):
                return undo ? tr("pass --steps {steps} to undo them all", ["steps": available])
                    : tr("pass --steps {steps} to redo them all", ["steps": available])
            case .noSuchEntry, .alreadyAt: return tr("run 'tagproj history {project} --tree' to see every entry", ["project": shellWord(project)])
            }
        case let e as PlacementError:
            if case .doesNotFit = e {
                return tr("use a shorter text, or smaller tags: 'tagproj set {project} --tag-scale 0.75'", ["project": shellWord(project)])
            }
            guard case let .sideDoesNotFit(id, side, _, room) = e else { return e.advice }
            if let id {
                // TRANSLATORS: {position} is a point such as 0.412,0.520.
                return tr("move the dot in first ('tagproj move {project} {id} --to {position}'), then flip it",
                          ["project": shellWord(project), "id": id.rawValue, "position": room.formatted])
            }
            switch side {
            case .left:
                return tr("leave out --side to let the bubble go where it fits, or put the dot at {position} or further in for the left side",
                          ["position": room.formatted])
            case .right:
                return tr("leave out --side to let the bubble go where it fits, or put the dot at {position} or further in for the right side",
                          ["position": room.formatted])
            }
        case let e as BatchError:
            return hint(for: e.error, project: project) ?? e.advice
        case let e as UnknownTagError:
            return tr("run 'tagproj list {project}' to see the tag ids", ["project": shellWord(e.path ?? project)])
        case let e as ExportError:
            switch e {
            case .unknownFormat, .unknownFormatName, .notWritable, .contradiction: return ExportCommand.formatHint
            case .notLossless: return tr("drop --lossless, or write .webp or .png")
            case .outputTooLarge: return tr("ask for a smaller size, or pass --max-pixels to raise the limit")
            case .severalSizes: return tr("give at most one of --scale, --width, --height, --max-size and --size")
            case .outOfRange(let field, _, let range):
                let flag: String? = switch field {
                case .quality: "--quality"
                case .width: "--width"
                case .height: "--height"
                case .maxSize: "--max-size"
                case .boxWidth: "--size"
                case .dpi: "--dpi"
                case .maxPixels: "--max-pixels"
                case .pngCompression: nil
                }
                return flag.map { tr("pass {option} {lowest}-{highest}", ["option": $0, "lowest": range.lowerBound, "highest": range.upperBound]) }
            case .invalidScale: return tr("pass --scale with a positive number such as 0.5")
            case .wouldOverwriteProject, .nameTaken: return nil
            case .wouldReplaceDatabase: return tr("choose another name for the picture")
            case .noFreeName: return tr("move some of those files away, or export with 'tagproj export' to a name of your choice")
            }
        case let e as SettingsError:
            switch e.setting {
            case .currency: return tr("pass --currency a symbol such as '$' or '元'")
            case .font: return tr("pass --font a fontconfig family such as 'DejaVu Sans' (see 'fc-list : family')")
            case .language: return tr("pass --language a tag such as zh-Hans (Simplified Chinese), zh-Hant (Traditional), ja, ko or en")
            case .decimalSeparator, .groupingSeparator, .priceFormat: return tr("pass --price-format a sample such as '12,50 €' or '¥1,280'")
            case .tagScale: return tr("pass --tag-scale a number from 0.25 to 4: 1 is the usual size, 1.25 a quarter larger")
            case .crop: return cropHint
            }
        case is CropError:
            return cropHint
        case let e as CropCutsOffError:
            // TRANSLATORS: the tags a new crop would cut off; {id} is the first of them.
            return trn("move it inside the new crop first ('tagproj move {project} {id} --to X,Y'), or delete it",
                       "move them inside the new crop first ('tagproj move {project} {id} --to X,Y'), or delete them",
                       count: e.tags.count, ["project": shellWord(project), "id": e.tags[0].rawValue])
        case let e as TagTextError:
            switch e {
            case .otherCurrency(_, let symbol, _): return "tagproj set \(shellWord(project)) --currency \(shellWord(symbol))"
            case .separator(let text, _):
                // Only a sample `set` takes is worth suggesting (`12,50` is one, `1,2345` none).
                guard (try? PriceFormat.sample(text)) != nil else { return tr("write the amount as this project does") }
                return tr("write the amount as this project does, or 'tagproj set {project} --price-format {sample}' to change its format",
                          ["project": shellWord(project), "sample": shellWord(text)])
            case let .ungrouped(_, amount, format):
                // TRANSLATORS: {amount} is a price as the project writes it (1288); the rest is a command to run.
                return tr("write {amount}, or group thousands: tagproj set {project} --price-format {sample}",
                          ["amount": amount, "project": shellWord(project), "sample": shellWord(format)])
            default: return nil
            }
        case is EmbeddedFontError:
            return tr("on a machine with the fonts installed, 'tagproj set {project} --refresh-fonts' embeds them again", ["project": shellWord(project)])
        case let e as SQLiteError where e.meaning == .busy:
            return tr("another tagproj is editing this project; try again, or raise TAGPROJ_BUSY_TIMEOUT_MS")
        default:
            return nil
        }
    }
}

/// How `--crop` is written, for the hints of a crop that is not one.
private var cropHint: String { tr("pass --crop square, W:H (4:5), X,Y,W,H (fractions) or none") }

/// `text` as one word of a shell command: as it is when that is safe, else in single quotes.
func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./+,:=@%^".unicodeScalars.contains($0) }
    return plain ? text : "'" + text.replacingAll("'", with: "'\\''") + "'"
}
