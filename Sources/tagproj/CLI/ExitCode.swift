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
        case .success: return "success"
        case .failure: return "the command could not be done (unknown id, nothing to undo, no font for a character)"
        case .usage: return "usage error (unknown command or option, missing argument, bad number, invalid tag text)"
        case .dataError: return "bad input data (not an image, damaged image, not a tagproj project, damaged or newer project)"
        case .noInput: return "input file missing"
        case .cannotCreate: return "output cannot be created (or is a special file export will not write)"
        case .ioError: return "I/O error"
        case .busy: return "project busy for longer than the busy timeout (TAGPROJ_BUSY_TIMEOUT_MS, default 5000)"
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
                if case let ProjectError.damaged(_, reason) = problem { return "also: " + reason }
                return "also: " + ErrorReport(problem, project: project).message
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
            case .missing: return "create one with 'tagproj new \(shellWord(project)) IMAGE'"
            case .exists: return "pass --force to replace it"
            default: return nil
            }
        case let e as ImageError:
            if case .tooManyPixels = e { return "if you trust this file, raise the limit with --max-pixels" }
            return nil
        case let e as ImageFileError:
            return hint(for: e.error, project: project) ?? e.advice
        case let e as HistoryError:
            switch e {
            case .nothingToUndo, .nothingToRedo: return "run 'tagproj history \(shellWord(project))' to see the history"
            case .tooFewSteps(_, let available, let undo): return "pass --steps \(available) to \(undo ? "undo" : "redo") them all"
            case .noSuchEntry, .alreadyAt: return "run 'tagproj history \(shellWord(project)) --tree' to see every entry"
            }
        case let e as PlacementError:
            if case .doesNotFit = e {
                return "use a shorter text, or smaller tags: 'tagproj set \(shellWord(project)) --tag-scale 0.75'"
            }
            guard case let .sideDoesNotFit(id, side, _, room) = e else { return e.advice }
            if let id {
                return "move the dot in first ('tagproj move \(shellWord(project)) \(id.rawValue) --to \(room.formatted)'), then flip it"
            }
            return "leave out --side to let the bubble go where it fits, or put the dot at \(room.formatted) or further in for the \(side.rawValue) side"
        case let e as BatchError:
            return hint(for: e.error, project: project) ?? e.advice
        case let e as UnknownTagError:
            return "run 'tagproj list \(shellWord(e.path ?? project))' to see the tag ids"
        case let e as ExportError:
            switch e {
            case .unknownFormat, .unknownFormatName, .notWritable, .contradiction: return ExportCommand.formatHint
            case .notLossless: return "drop --lossless, or write .webp or .png"
            case .outputTooLarge: return "ask for a smaller size, or pass --max-pixels to raise the limit"
            case .severalSizes: return "give at most one of --scale, --width, --height, --max-size and --size"
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
                return flag.map { "pass \($0) \(range.lowerBound)-\(range.upperBound)" }
            case .invalidScale: return "pass --scale with a positive number such as 0.5"
            case .wouldOverwriteProject: return nil
            case .wouldReplaceDatabase: return "choose another name for the picture"
            case .noFreeName: return "move some of those files away, or export with 'tagproj export' to a name of your choice"
            }
        case let e as SettingsError:
            switch e.setting {
            case .currency: return "pass --currency a symbol such as '$' or '元'"
            case .font: return "pass --font a fontconfig family such as 'DejaVu Sans' (see 'fc-list : family')"
            case .language: return "pass --language a tag such as zh-Hans (Simplified Chinese), zh-Hant (Traditional), ja, ko or en"
            case .decimalSeparator, .groupingSeparator, .priceFormat: return "pass --price-format a sample such as '12,50 €' or '¥1,280'"
            case .tagScale: return "pass --tag-scale a number from 0.25 to 4: 1 is the usual size, 1.25 a quarter larger"
            case .crop: return "pass --crop square, W:H (4:5), X,Y,W,H (fractions) or none"
            }
        case is CropError:
            return "pass --crop square, W:H (4:5), X,Y,W,H (fractions) or none"
        case let e as CropCutsOffError:
            let them = e.tags.count == 1 ? "it" : "them"
            return "move \(them) inside the new crop first ('tagproj move \(shellWord(project)) \(e.tags[0].rawValue) --to X,Y'), or delete \(them)"
        case let e as TagTextError:
            switch e {
            case .otherCurrency(_, let symbol, _): return "tagproj set \(shellWord(project)) --currency \(shellWord(symbol))"
            case .separator(let text, _):
                // Only a sample `set` takes is worth suggesting (`12,50` is one, `1,2345` none).
                guard (try? PriceFormat.sample(text)) != nil else { return "write the amount as this project does" }
                return "write the amount as this project does, or 'tagproj set \(shellWord(project)) --price-format \(shellWord(text))' to change its format"
            case let .ungrouped(_, amount, format):
                return "write \(amount), or group thousands: tagproj set \(shellWord(project)) --price-format \(shellWord(format))"
            default: return nil
            }
        case is EmbeddedFontError:
            return "on a machine with the fonts installed, 'tagproj set \(shellWord(project)) --refresh-fonts' embeds them again"
        case let e as SQLiteError where e.meaning == .busy:
            return "another tagproj is editing this project; try again, or raise TAGPROJ_BUSY_TIMEOUT_MS"
        default:
            return nil
        }
    }
}

/// `text` as one word of a shell command: as it is when that is safe, else in single quotes.
func shellWord(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./+,:=@%^".unicodeScalars.contains($0) }
    return plain ? text : "'" + text.replacingAll("'", with: "'\\''") + "'"
}
