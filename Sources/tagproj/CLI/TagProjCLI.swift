import TagKit

/// The `tagproj` program: finds the command, parses its arguments, runs it, and turns every thrown
/// error into one `error:` line (plus a `hint:` where there is an obvious next step) and its exit code.
enum TagProjCLI {
    static var commands: [any Command.Type] { [
        NewCommand.self, AddCommand.self, MoveCommand.self, FlipCommand.self, EditCommand.self, DeleteCommand.self,
        UndoCommand.self, RedoCommand.self, HistoryCommand.self, ListCommand.self, InfoCommand.self, ExportCommand.self,
        CheckCommand.self, DemoCommand.self,
    ] }

    /// Runs `tagproj` with `arguments` (without the program name); returns the exit code.
    static func main(_ arguments: [String]) -> Int32 {
        let out = Output()
        let code = run(arguments, out)
        if !out.flush() && code == ExitCode.success.rawValue {
            Output.stderr("error: cannot write to standard output\n")
            return ExitCode.ioError.rawValue
        }
        return code
    }

    private static func run(_ arguments: [String], _ out: Output) -> Int32 {
        guard let name = arguments.first else {
            Output.stderr(overview + "\n")
            return ExitCode.usage.rawValue
        }
        switch name {
        case "--help", "-h":
            out.line(overview)
            return 0
        case "--version":
            out.line("tagproj \(TagKitVersion.string)")
            return 0
        case "help":
            guard arguments.count > 1 else { out.line(overview); return 0 }
            guard let command = find(arguments[1]) else { return fail(unknownCommand(arguments[1]), nil) }
            out.line(command.spec.help)
            return 0
        default: break
        }
        guard let command = find(name) else { return fail(unknownCommand(name), nil) }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            out.line(command.spec.help)
            return 0
        }
        do {
            let parsed = try parseArguments(rest, options: command.spec.options)
            try command.init(parsed).run(out)
            return 0
        } catch {
            return fail(error, command.spec)
        }
    }

    private static func find(_ name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let guess = closest(to: name, among: commands.map { $0.spec.name })
        return UsageError(message: "unknown command '\(name)'",
                          hint: guess.map { "did you mean '\($0)'?" } ?? "run 'tagproj --help' to see the commands")
    }

    /// Prints `error` and returns its exit code. A usage error also shows the command's usage line.
    private static func fail(_ error: Error, _ spec: CommandSpec?) -> Int32 {
        guard let error = error as? TagProjError else {
            Output.stderr("error: \(error)\n")
            return ExitCode.failure.rawValue
        }
        // One line, whatever the C library's message holds.
        let message = error.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        var text = "error: \(message)\n"
        if let hint = error.hint { text += "hint: \(hint)\n" }
        if error.exitCode == .usage, let spec { text += "usage: \(spec.usage)\n" }
        Output.stderr(text)
        return error.exitCode.rawValue
    }

    static var overview: String {
        var lines = [
            "tagproj \(TagKitVersion.string): dish-name and price tags on food photos, one project file per photo.",
            "",
            "usage: tagproj <command> [<arguments>] [--help]",
            "",
            "commands:",
        ]
        lines += commands.map { "  " + pad($0.spec.name, 10) + $0.spec.abstract }
        lines += [
            "",
            "exit codes:",
            "  0   success",
            "  1   the command could not be done (unknown id, nothing to undo, no font for a character)",
            "  64  usage error (unknown command or option, missing argument, bad number, invalid tag text)",
            "  65  bad input data (not an image, damaged image, not a tagproj project, damaged or newer project)",
            "  66  input file missing",
            "  73  output cannot be created",
            "  74  I/O error",
            "  75  project busy for longer than the busy timeout (TAGPROJ_BUSY_TIMEOUT_MS, default 5000)",
            "",
            "'tagproj help <command>' or 'tagproj <command> --help' shows a command's options and examples.",
        ]
        return lines.joined(separator: "\n")
    }
}
