import TagKit

/// `tagproj check`: is the project sound?
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", abstract: "Verify the project file and its history.",
        positionals: [projectArgument], options: [jsonOption],
        discussion: """
            Runs SQLite's quick_check, checks every row, and replays the history from an empty project
            to verify it reproduces the stored tags exactly. Prints "ok" (with --json, {"ok":true}). When anything is wrong: nothing on stdout, the problem on
            stderr, exit 65.
            """,
        examples: ["tagproj check dinner.tagproj", "tagproj check dinner.tagproj --json"])

    let project: String
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        try Project.open(project, forWriting: false).check()
        out.line(json ? JSON.object([("ok", .bool(true))]).text : "ok")
    }
}
