import TagKit

/// `tagproj history`: the edits, with the cursor.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history", abstract: "Show the edit history and where the cursor is.",
        positionals: [projectArgument], options: [jsonOption],
        discussion: "'>' marks the cursor (the last applied edit); '(undone)' marks edits that redo would apply.",
        examples: ["tagproj history dinner.tagproj --json"])

    let target: ProjectArguments

    init(_ a: ParsedArguments) throws { target = try ProjectArguments(a, of: Self.self) }

    func run(_ out: Output) throws {
        let log = try Project.open(target.project, forWriting: false).history()
        if target.json {
            out.line(log.json.text)
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
