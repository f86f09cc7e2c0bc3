import TagKit

/// `tagproj restore`: jump to any entry's state as one undoable entry.
struct RestoreCommand: Command {
    static let spec = CommandSpec(
        name: "restore", abstract: "Go to the state of any history entry, as one new undoable entry.",
        positionals: [projectArgument, PositionalSpec(name: "entry", help: "The entry's seq (see 'tagproj history --tree'); 0: the empty start.")],
        options: [jsonOption],
        discussion: """
            The tags and settings become what they were right after entry N, whichever branch it is on.
            The jump is recorded as a new entry labelled 'restore #N' on top of the current one, holding
            the net change, so tagproj undo comes back. The same as tagproj undo --to N. An entry that
            does not exist, or is already current: exit 1, nothing changed. With --json, prints
            {"restored":N,"label":"restore #N"}.
            """,
        examples: ["tagproj restore dinner.tagproj 4", "tagproj restore dinner.tagproj 0"])

    let target: ProjectArguments
    let entry: Int64

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        entry = Int64(try Values.integer(try Self.positional(a, 1), for: "<entry>", in: 0...Int.max))
    }

    func run(_ out: Output) throws {
        let result = try Project.open(target.project, forWriting: true, frontEnd: "cli").restore(to: entry)
        Self.report(result, target: entry, project: target.project, json: target.json, out)
    }

    /// `restored the state of #4 (undo goes back)` on stderr, or the JSON object on stdout.
    static func report(_ result: EditResult, target: Int64, project: String, json: Bool, _ out: Output) {
        if json {
            out.line(JSON.object([("restored", .integer(target)), ("label", .string(result.label))]).text)
        } else {
            out.message("restored the state of #\(target) (tagproj undo \(project) goes back)")
        }
    }
}
