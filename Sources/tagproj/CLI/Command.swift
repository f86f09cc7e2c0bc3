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
    /// Longer explanation: its paragraphs, each one message (help wraps them, the man page fills them).
    var discussion: [String] = []
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

    /// The discussion's paragraphs.
    var paragraphs: [String] { discussion }

    /// The main usage line, then the other forms.
    var usages: [String] { [usage] + otherUsages }

    /// The options the command takes, then the global ones every command takes.
    var allOptions: [OptionSpec] { options + globalOptions }

    /// The whole help page: what `tagproj help CMD` and `tagproj CMD --help` print.
    var help: String {
        // TRANSLATORS: a help page's usage line: {usage} is the command line (not translated); the other forms of the
        // command follow on the next lines, under {usage}.
        let indent = String(repeating: " ", count: displayWidth(tr("usage: {usage}", ["usage": ""])))
        var lines = ["\(name): \(abstract)", "", tr("usage: {usage}", ["usage": usage])] + otherUsages.map { indent + $0 }
        if !positionals.isEmpty {
            lines += ["", tr("arguments:")] + positionals.map { "  " + pad($0.synopsis, 24) + $0.help }
        }
        if !options.isEmpty {
            lines += ["", tr("options:")] + options.map(\.helpLine)
        }
        lines += ["", tr("global options:")] + globalOptions.map(\.helpLine)
        for paragraph in paragraphs { lines += [""] + wrap(paragraph, width: 100) }
        if !examples.isEmpty { lines += ["", tr("examples:")] + examples.map { "  " + $0 } }
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
        "  " + pad(synopsis, 24) + (defaultValue.map { tr("{help} (default: {default})", ["help": help, "default": $0]) } ?? help)
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

/// Left-justifies `text` in a column `width` terminal cells wide (at least one space after it);
/// a Chinese character takes two cells.
func pad(_ text: String, _ width: Int) -> String {
    let cells = displayWidth(text)
    return cells >= width ? text + "  " : text + String(repeating: " ", count: width - cells)
}

/// How many terminal cells `text` takes: two for an East Asian wide or full-width character
/// (CJK ideographs, kana, Hangul, CJK punctuation, full-width forms), none for a combining mark
/// or a zero-width character, one for the rest (what `wcwidth` says for the ranges that matter).
func displayWidth(_ text: String) -> Int {
    var cells = 0
    for character in text {
        guard let first = character.unicodeScalars.first else { continue }
        if isWide(first) || character.unicodeScalars.dropFirst().contains(where: { $0.value == 0xFE0F }) {
            cells += 2
        } else if !isZeroWidth(first) {
            cells += 1
        }
    }
    return cells
}

/// Whether `scalar` is East Asian wide or full-width (Unicode's EastAsianWidth W and F, the ranges
/// tagproj's text meets).
func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE, 0x2614...0x2615,
         0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
         0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
         0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        return true
    default:
        return false
    }
}

/// Whether `scalar` takes no cell of its own: a combining mark, a zero-width space or joiner.
private func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return scalar.value == 0x200B
    }
}

/// `text` broken into lines of at most `width` cells: at spaces, and in Chinese text between any
/// two characters (not before closing punctuation such as ，。）, nor after opening punctuation
/// such as （“); a longer run without a break stays whole.
func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = "", cells = 0
    for (word, spaced) in breakableUnits(text) {
        let wordCells = displayWidth(word)
        let gap = line.isEmpty || !spaced ? 0 : 1
        if !line.isEmpty && cells + gap + wordCells > width {
            lines.append(line)
            (line, cells) = ("", 0)
        }
        if !line.isEmpty && spaced { line += " "; cells += 1 }
        line += word
        cells += wordCells
    }
    if !line.isEmpty { lines.append(line) }
    return lines
}

/// The pieces a line may break between: each word between spaces (`spaced`: a space comes before
/// it), and within a word each wide character on its own, closing punctuation kept with what it
/// follows and opening punctuation with what it precedes.
private func breakableUnits(_ text: String) -> [(word: String, spaced: Bool)] {
    let closing: Set<Character> = ["，", "。", "、", "；", "：", "！", "？", "）", "》", "」", "』", "”", "’", "…", ")", ",", ".", ";", ":", "!", "?"]
    let opening: Set<Character> = ["（", "《", "「", "『", "“", "‘", "("]
    func wide(_ c: Character) -> Bool { c.unicodeScalars.first.map(isWide) ?? false }
    var units: [(word: String, spaced: Bool)] = []
    for word in text.split(separator: " ") {
        var run = "", spaced = !units.isEmpty
        var previous: Character?
        for character in word {
            if let p = previous, wide(p) || wide(character), !closing.contains(character), !opening.contains(p) {
                units.append((run, spaced))
                run = ""
                spaced = false
            }
            run.append(character)
            previous = character
        }
        if !run.isEmpty { units.append((run, spaced)) }
    }
    return units
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
            throw UsageError(message: tr("missing argument <{name}>", ["name": spec.positionals[index].name]))
        }
        return arguments.positionals[index]
    }

    /// Refuses positionals beyond those the command takes.
    static func noExtraPositionals(_ arguments: ParsedArguments) throws {
        if arguments.positionals.count > spec.positionals.count {
            throw UsageError(message: tr("unexpected argument '{argument}'", ["argument": arguments.positionals[spec.positionals.count]]))
        }
    }
}

// The shared arguments and options are worded each time they are used (not once, in the first
// language asked for): `completions` words its scripts in English, whatever the messages' language.

/// The project argument every command but `new` and `demo` starts with.
var projectArgument: PositionalSpec { PositionalSpec(name: "project", help: tr("The project file (.tagproj)."), completion: .files(["tagproj"])) }
/// `--json` on data commands.
var jsonOption: OptionSpec { OptionSpec(name: .json, value: nil, help: tr("Print one JSON object on stdout instead of text.")) }
/// `--at N` on the commands that read the project: the state of history entry N.
var atOption: OptionSpec {
    OptionSpec(name: .at, value: "N", help: tr("Use the state of history entry N (0: the empty start); the project is not changed."),
               defaultValue: tr("the current state"))
}
/// The entry `--at` names, if given.
func atEntry(_ a: ParsedArguments) throws -> Int64? {
    try a.value(.at).map { Int64(try Values.integer($0, for: "--at", in: 0...Int.max)) }
}
/// Options every command takes, wherever they appear on the line.
var globalOptions: [OptionSpec] { [
    OptionSpec(name: .quiet, value: nil, help: tr("Print no informational lines (created/wrote/undid); warnings and errors stay."),
               short: "q"),
    OptionSpec(name: .help, value: nil, help: tr("Show this help."), short: "h"),
] }

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
var tagIDArgument: PositionalSpec { PositionalSpec(name: "id", help: tr("The tag's id (see 'tagproj list').")) }

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
                if case .otherBranch = notice, let branchHint {
                    // TRANSLATORS: a note that another history branch continues here, then the command that shows it.
                    note(tr("{note}; {command}", ["note": notice.message, "command": branchHint]))
                } else {
                    note(notice.message)
                }
            case .info: message(notice.message)
            }
        }
    }
}
