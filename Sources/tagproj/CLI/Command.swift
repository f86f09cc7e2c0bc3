import TagKit

/// What a shell may offer when completing a value: the same list drives bash, zsh and fish.
enum CompletionKind: Equatable {
    /// Free text: offer nothing.
    case none
    /// One of these words.
    case choices([String])
    /// A file name with one of these suffixes (any file when empty), or a folder on the way to it.
    case files([String])
    /// A folder.
    case directories
    /// The name of a `tagproj` command.
    case commands
}

/// What `--help` and the command list say about a command.
struct CommandSpec {
    let name: String
    /// One line for the command list.
    let abstract: String
    let positionals: [PositionalSpec]
    let options: [OptionSpec]
    /// Longer explanation, wrapped by hand.
    var discussion: String = ""
    var examples: [String] = []
    /// Hidden from the command list (still accepted and documented in its own page).
    var hidden = false
    /// Other forms of the command line, shown under the main usage (`export`'s batch form).
    var otherUsages: [String] = []
    /// How arguments after the last positional complete, when the command takes more of them.
    var moreArguments: CompletionKind? = nil

    /// `tagproj move <project> <id> [--to X,Y] [--by DX,DY]`
    var usage: String {
        let args = positionals.map { $0.synopsis }
        let opts = options.map { "[\($0.synopsis)]" }
        return (["tagproj", name] + args + opts).joined(separator: " ")
    }

    /// The discussion's paragraphs (split at blank lines), each joined into one line.
    var paragraphs: [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty {
                if !current.isEmpty { result.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(trimmed)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result
    }

    /// The main usage line, then the other forms.
    var usages: [String] { [usage] + otherUsages }

    /// The options the command takes, then the global ones every command takes.
    var allOptions: [OptionSpec] { options + globalOptions }

    /// The whole help page: what `tagproj help CMD` and `tagproj CMD --help` print.
    var help: String {
        var lines = ["\(name): \(abstract)", "", "usage: \(usage)"] + otherUsages.map { "       " + $0 }
        if !positionals.isEmpty {
            lines += ["", "arguments:"] + positionals.map { "  " + pad($0.synopsis, 24) + $0.help }
        }
        if !options.isEmpty {
            lines += ["", "options:"] + options.map(\.helpLine)
        }
        lines += ["", "global options:"] + globalOptions.map(\.helpLine)
        for paragraph in paragraphs { lines += [""] + wrap(paragraph, width: 100) }
        if !examples.isEmpty { lines += ["", "examples:"] + examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}

/// Every long option of `tagproj`, by the name it is written with (`maxPixels`: `--max-pixels`).
///
/// A command declares its options and reads them by these cases, so a misspelled name is a
/// compile error, not a read that always finds nothing. The tests check that every case is
/// declared somewhere.
enum OptionName: String, CaseIterable {
    case quiet, help, version
    case json, at
    case crop, currency, font, language, priceFormat = "price-format", tagScale = "tag-scale", maxPixels = "max-pixels", force
    case price, side
    case to, by
    case replace
    case photos, projects, prune
    case refreshFonts = "refresh-fonts"
    case list, unset
    case steps
    case tree, all
    case format, quality, reencode, scale, width, height, maxSize = "max-size", size, lossless, dpi, outDir = "out-dir", jobs
    case port, noBrowser = "no-browser", lan, maxUpload = "max-upload"
    case man
}

/// One option a command accepts, with the help text that `--help` shows beside it.
struct OptionSpec {
    /// The long name: `.at` for `--at`; its `rawValue` is how it is written, without the dashes.
    let name: OptionName
    /// The value's placeholder (`X,Y`), or nil for a flag that takes no value.
    let value: String?
    let help: String
    /// The default, as help shows it; nil for a flag (off unless given).
    var defaultValue: String? = nil
    /// What a shell offers for the value.
    var completion: CompletionKind = .none
    /// A one-letter alias without the dash: `q` for `-q`.
    var short: Character? = nil

    /// `--at X,Y`, or `-q, --quiet`
    var synopsis: String {
        let long = value.map { "--\(name.rawValue) \($0)" } ?? "--\(name.rawValue)"
        return short.map { "-\($0), " + long } ?? long
    }

    /// Its line in a help page: synopsis, meaning, default.
    var helpLine: String {
        "  " + pad(synopsis, 24) + help + (defaultValue.map { " (default: \($0))" } ?? "")
    }
}

/// A positional argument a command takes.
struct PositionalSpec {
    let name: String
    let help: String
    var optional = false
    /// What a shell offers for it.
    var completion: CompletionKind = .none

    /// `<project>` or `[<dir>]`
    var synopsis: String { optional ? "[<\(name)>]" : "<\(name)>" }
}

/// Left-justifies `text` in a column `width` wide (at least one space after it).
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays whole).
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
            lines.append(line)
            line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

/// One `tagproj` command: it validates its arguments in `init`, then `run` hands the work to TagKit
/// and prints the result. Commands hold no logic of their own.
protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws
    func run(_ out: Output) throws
}

extension Command {
    /// The positional at `index`, or a usage error naming it.
    static func positional(_ arguments: ParsedArguments, _ index: Int) throws -> String {
        guard index < arguments.positionals.count else {
            throw UsageError(message: "missing argument <\(spec.positionals[index].name)>")
        }
        return arguments.positionals[index]
    }

    /// Refuses positionals beyond those the command takes.
    static func noExtraPositionals(_ arguments: ParsedArguments) throws {
        if arguments.positionals.count > spec.positionals.count {
            throw UsageError(message: "unexpected argument '\(arguments.positionals[spec.positionals.count])'")
        }
    }
}

/// The project argument every command but `new` and `demo` starts with.
let projectArgument = PositionalSpec(name: "project", help: "The project file (.tagproj).", completion: .files(["tagproj"]))
/// `--json` on data commands.
let jsonOption = OptionSpec(name: .json, value: nil, help: "Print one JSON object on stdout instead of text.")
/// `--at N` on the commands that read the project: the state of history entry N.
let atOption = OptionSpec(name: .at, value: "N", help: "Use the state of history entry N (0: the empty start); the project is not changed.",
                          defaultValue: "the current state")
/// The entry `--at` names, if given.
func atEntry(_ a: ParsedArguments) throws -> Int64? {
    try a.value(.at).map { Int64(try Values.integer($0, for: "--at", in: 0...Int.max)) }
}
/// Options every command takes, wherever they appear on the line.
let globalOptions = [
    OptionSpec(name: .quiet, value: nil, help: "Print no informational lines (created/wrote/undid); warnings and errors stay.",
               short: "q"),
    OptionSpec(name: .help, value: nil, help: "Show this help.", short: "h"),
]

/// `<project>` and `--json`: what every command on one project takes.
struct ProjectArguments {
    /// The project file.
    let project: String
    /// Whether `--json` was given.
    let json: Bool

    /// Reads them for `command`, refusing positionals beyond those it declares.
    init<C: Command>(_ a: ParsedArguments, of command: C.Type) throws {
        project = try C.positional(a, 0)
        try C.noExtraPositionals(a)
        json = a.has(.json)
    }
}

/// `<project> <id>` and `--json`: what the commands on one tag take.
struct TagArguments {
    /// The project file.
    let project: String
    /// The tag (`3` or `#3`).
    let id: TagID
    /// Whether `--json` was given.
    let json: Bool

    /// Reads them for `command`, refusing positionals beyond those it declares.
    init<C: Command>(_ a: ParsedArguments, of command: C.Type) throws {
        let target = try ProjectArguments(a, of: command)
        project = target.project
        json = target.json
        id = try Values.tagID(try C.positional(a, 1))
    }
}

/// The id argument of the commands on one tag.
let tagIDArgument = PositionalSpec(name: "id", help: "The tag's id (see 'tagproj list').")

/// Opens `project` and carries out `request`: how every command reaches the library. Returns the
/// project (for what the command prints after) and the answer.
func perform(_ request: Request, on project: String, frontEnd: String = "cli") throws -> (project: Project, answer: Answer) {
    let opened = try Project.open(project, forWriting: request.changesProject, frontEnd: frontEnd)
    return (opened, try opened.perform(request))
}

extension Output {
    /// What an edit prints: its notices, then with `--json` the tag as it now is (for `add`
    /// without `--json`: its id).
    func report(_ answer: Answer, json: Bool, idAlone: Bool = false) {
        notices(answer.notices)
        guard case .edited(let tag?, _) = answer.result else { return }
        if json {
            line(tag.json.text)
        } else if idAlone {
            line(String(tag.id.rawValue))
        }
    }

    /// Each notice as its severity says: a `warning:` line, a `note:` line (with `hint` after
    /// it, for a branch: where to see it), or a plain line on stderr.
    func notices(_ notices: [Notice], branchHint: String? = nil) {
        for notice in notices {
            switch notice.severity {
            case .warning: warning(notice.message)
            case .note:
                if case .otherBranch = notice, let branchHint { note(notice.message + "; " + branchHint) } else { note(notice.message) }
            case .info: message(notice.message)
            }
        }
    }
}
