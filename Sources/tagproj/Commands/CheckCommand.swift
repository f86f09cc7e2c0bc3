import TagKit

/// `tagproj check`: is the project sound?
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", abstract: "Verify the project file and its history.",
        positionals: [projectArgument], options: [],
        discussion: """
            Runs SQLite's quick_check, checks every row, and replays the history from an empty project
            to verify it reproduces the stored tags exactly. Exit 65 when anything is wrong.
            """,
        examples: ["tagproj check dinner.tagproj"])

    let project: String

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
    }

    func run(_ out: Output) throws {
        try Project.open(project, forWriting: false).check()
        out.line("ok")
    }
}
