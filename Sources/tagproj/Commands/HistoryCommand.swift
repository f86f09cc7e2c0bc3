import TagKit

/// `tagproj history`: the edits, with the cursor.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history", abstract: "Show the edit history and where the cursor is.",
        positionals: [projectArgument], options: [jsonOption],
        discussion: "'>' marks the cursor (the last applied edit); '(undone)' marks edits that redo would apply.",
        examples: ["tagproj history dinner.tagproj --json"])

    let project: String
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        let log = try Project.open(project, forWriting: false).history()
        if json {
            let entries = log.items.map { item in
                JSON.object([("seq", .integer(item.seq)), ("label", .string(item.label)), ("undone", .bool(item.undone))])
            }
            out.line(JSON.object([("entries", .array(entries)), ("cursor", .integer(log.cursor))]).text)
            return
        }
        if log.items.isEmpty { out.line("(no edits yet)") }
        let style = out.stdoutStyle
        if log.cursor == 0 && !log.items.isEmpty { out.line(style.paint(">    0  (start)", .green)) }
        for item in log.items {
            let line = (item.seq == log.cursor ? "> " : "  ") + pad(String(item.seq), 5) + item.label
            if item.seq == log.cursor {
                out.line(style.paint(line, .green))
            } else {
                out.line(item.undone ? style.paint(line + "  (undone)", .dim) : line)
            }
        }
    }
}
