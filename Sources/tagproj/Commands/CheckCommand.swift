import TagKit

/// `tagproj check`: is the project sound?
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check", abstract: "Verify the project file and its history.",
        positionals: [projectArgument], options: [jsonOption],
        discussion: """
            Runs SQLite's quick_check, checks every row, and replays every branch of the history tree
            from the empty start, verifying that each entry fits the state its parent left and that the
            current entry's state is exactly the stored tags and settings; a damaged entry is named. Prints "ok" (with --json, {"ok":true}). When anything is wrong: nothing on stdout, the problem on
            stderr, exit 65.
            """,
        examples: ["tagproj check dinner.tagproj", "tagproj check dinner.tagproj --json"])

    let target: ProjectArguments

    init(_ a: ParsedArguments) throws { target = try ProjectArguments(a, of: Self.self) }

    func run(_ out: Output) throws {
        try Project.open(target.project, forWriting: false).check()
        out.line(target.json ? JSON.object([("ok", .bool(true))]).text : "ok")
    }
}
