import TagKit

/// The `tagproj` program: finds the command, parses its arguments, runs it, and turns every thrown
/// error into one `error:` line (plus a `hint:` where there is an obvious next step) and its exit code.
enum TagProjCLI {
    /// Every command by its name (its spec's `name`), in the order help lists them.
    ///
    /// The name stands beside the type so that finding a command builds no other command's spec:
    /// `new`'s alone, worded from the codec registry, cost every `move` 0.4M instructions at start-up.
    /// A name that differs from its spec's is caught by the help tests (`tagproj <name> --help`).
    private static var table: [(name: String, command: any Command.Type)] { [
        ("new", NewCommand.self), ("add", AddCommand.self), ("move", MoveCommand.self), ("flip", FlipCommand.self),
        ("edit", EditCommand.self), ("delete", DeleteCommand.self), ("apply", ApplyCommand.self), ("menu", MenuCommand.self), ("arrange", ArrangeCommand.self),
        ("set", SetCommand.self), ("config", ConfigCommand.self), ("undo", UndoCommand.self), ("redo", RedoCommand.self), ("restore", RestoreCommand.self),
        ("history", HistoryCommand.self), ("list", ListCommand.self), ("info", InfoCommand.self), ("export", ExportCommand.self),
        ("open", OpenCommand.self), ("request", RequestCommand.self),
        ("check", CheckCommand.self), ("demo", DemoCommand.self), ("help", HelpCommand.self), ("completions", CompletionsCommand.self),
    ] }

    /// Every command, in the order help lists them.
    static var commands: [any Command.Type] { table.map(\.command) }

    /// Runs `tagproj` with `arguments` (without the program name); returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        let out = Output()
        let code = run(arguments, out)
        if !out.flush() && code == ExitCode.success.rawValue {
            out.error(tr("cannot write to standard output"))
            return ExitCode.ioError.rawValue
        }
        return code
    }

    private static func run(_ arguments: [String], _ out: Output) -> Int32 {
        // Global flags may come before the command: `tagproj -q new …`, `tagproj --json list …`,
        // and short ones together (`-qV`).
        var arguments = ArraySlice(expandingShortFlags(arguments))
        var json = false
        while let first = arguments.first, ["-q", "--quiet", "--json"].contains(first) {
            if first == "--json" { json = true } else { out.quiet = true }
            arguments = arguments.dropFirst()
        }
        guard let name = arguments.first else {
            Output.stderr(overview + "\n")
            return ExitCode.usage.rawValue
        }
        switch name {
        case "--help", "-h":
            out.line(overview)
            return 0
        case "--version", "-V":
            out.line("tagproj \(TagKitVersion.string)")
            return 0
        default: break
        }
        guard let command = find(name) else {
            let error: UsageError = name.hasPrefix("-")
                ? UsageError(message: tr("unknown option '{option}'", ["option": name]), hint: suggestion(for: name, among: leadingOptions))
                : unknownCommand(name)
            return fail(error, nil, out)
        }
        var rest = Array(arguments.dropFirst())
        if json {
            guard command.spec.allOptions.contains(where: { $0.name == .json }) else {
                return fail(UsageError(message: tr("'{command}' has no JSON output", ["command": command.spec.name]), hint: tr("leave out --json")),
                            command.spec, out)
            }
            rest.insert("--json", at: 0)
        }
        let beforeDashes = rest.prefix { $0 != "--" }
        if beforeDashes.contains("--help") || beforeDashes.contains("-h") {
            out.line(command.spec.help)
            return 0
        }
        var project: String?
        do {
            let parsed = try parseArguments(rest, options: command.spec.allOptions)
            if parsed.has(.quiet) { out.quiet = true }
            // The hints that name a command to run name this project.
            if command.spec.positionals.first?.name == "project" { project = parsed.positionals.first }
            try command.init(parsed).run(out)
            return 0
        } catch {
            return fail(error, command.spec, out, project: project)
        }
    }

    /// The options `tagproj` takes before a command, among which an unknown one there finds its suggestion.
    static let leadingOptions = [
        OptionSpec(name: .help, value: nil, help: ""), OptionSpec(name: .version, value: nil, help: ""),
        OptionSpec(name: .quiet, value: nil, help: ""),
    ]

    /// The command called `name`.
    static func find(_ name: String) -> (any Command.Type)? {
        table.first { $0.name == name }?.command
    }

    /// `unknown command 'ad'` with the closest command as a hint.
    static func unknownCommand(_ name: String) -> UsageError {
        let guess = closest(to: name, among: commands.map { $0.spec.name })
        return UsageError(message: tr("unknown command '{command}'", ["command": name]),
                          hint: guess.map { tr("did you mean '{guess}'?", ["guess": $0]) } ?? tr("run 'tagproj --help' to see the commands"))
    }

    /// Prints `error` and returns its exit code. A usage error also shows the command's usage line.
    private static func fail(_ error: Error, _ spec: CommandSpec?, _ out: Output, project: String? = nil) -> Int32 {
        if let answered = error as? AnsweredFailure { return answered.exitCode.rawValue }
        let report = ErrorReport(error, project: project)
        // A line of a file that is wrong is not a mistake in the command line: no usage for it.
        out.error(report.message, hint: report.hint, usage: report.exitCode == .usage && !(error is MenuError) ? spec?.usage : nil)
        for note in report.notes { out.note(note) }
        return report.exitCode.rawValue
    }

    /// What `tagproj --help` prints: the commands, the global options, the exit codes.
    static var overview: String {
        var lines = [
            tr("tagproj {version}: dish-name and price tags on food photos, one project file per photo.", ["version": TagKitVersion.string]),
            "",
            tr("usage: {usage}", ["usage": "tagproj [-q] <command> [<arguments>] [--help]"]),
            "",
            tr("commands:"),
        ]
        lines += commands.filter { !$0.spec.hidden }.map { "  " + pad($0.spec.name, 13) + $0.spec.abstract }
        lines += ["", tr("formats:"),
                  // TRANSLATORS: the formats tagproj reads, a list such as "JPEG, PNG, WebP, AVIF and HEIC".
                  "  " + pad(tr("reads"), 8) + tr("{formats} (recognised by content; an animated WebP is refused)",
                                                 ["formats": formatList(Codecs.readable)]),
                  "  " + pad(tr("writes"), 8) + tr("{formats} (chosen by the output's suffix or --format)", ["formats": formatList(Codecs.writable)])]
        lines += ["", tr("global options:")] + globalOptions.map(\.helpLine)
        lines += ["  " + pad("-V, --version", 24) + tr("Print the version.")]
        lines += ["", tr("exit codes:")] + ExitCode.allCases.map { "  " + pad(String($0.rawValue), 4) + $0.summary }
        lines += [
            "",
            tr("environment:"),
            "  " + pad("NO_COLOR", 25) + tr("a non-empty value turns colour off (colour is used only on a terminal)"),
            "  " + pad("TAGPROJ_BUSY_TIMEOUT_MS", 25) + tr("how long to wait for a project another process is editing (default 5000)"),
            "  " + pad("TAGPROJ_FONT_MEMO=0", 25) + tr("do not remember font fallback lists in ~/.cache/tagproj (or $XDG_CACHE_HOME)"),
            "  " + pad("TAGPROJ_EDITOR_HOLD_MP", 25) + tr("the largest photo (MP) open's page holds decoded for zoom (default 24; 0: none)"),
            "",
            tr("'tagproj help <command>' or 'tagproj <command> --help' shows a command's options and examples;\n'man tagproj' (in the source tree 'man -l docs/tagproj.1') and docs/guide.md say more."),
        ]
        return lines.joined(separator: "\n")
    }
}

/// The display names of `codecs` as a list in the messages' language: `JPEG, PNG and WebP` (or,
/// with `or`, `JPEG, PNG or WebP`); in English what `Codecs.names` says.
func formatList(_ codecs: [any ImageCodec], or: Bool = false) -> String {
    let names = codecs.map(\.format.displayName)
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    // TRANSLATORS: what separates the items of a list of formats but the last two ("JPEG, PNG and WebP").
    let first = names.dropLast().joined(separator: trc("list of formats", ", "))
    // TRANSLATORS: a list of formats: {first} is all but the last ("JPEG, PNG"), {last} the last one.
    return or ? tr("{first} or {last}", ["first": first, "last": last]) : tr("{first} and {last}", ["first": first, "last": last])
}

/// The leading global flags with combined short ones split: `-qV` → `-q -V` (only the global
/// one-letter flags q, V and h; anything else is left for the usual error).
func expandingShortFlags(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < arguments.count, arguments[index].count > 2, arguments[index].hasPrefix("-"), !arguments[index].hasPrefix("--"),
          arguments[index].dropFirst().allSatisfy({ "qVh".contains($0) }) {
        out += arguments[index].dropFirst().map { "-\($0)" }
        index += 1
    }
    return out + arguments[index...]
}
