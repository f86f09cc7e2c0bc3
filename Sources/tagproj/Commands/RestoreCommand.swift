import TagKit

/// `tagproj restore`: jump to any entry's state as one undoable entry.
struct RestoreCommand: Command {
    static let spec = CommandSpec(
        name: "restore", abstract: tr("Go to the state of any history entry, as one new undoable entry."),
        positionals: [projectArgument, PositionalSpec(name: "entry", help: tr("The entry's seq (see 'tagproj history --tree'); 0: the empty start."))],
        options: [jsonOption],
        discussion: [
            tr("The tags and settings become what they were right after entry N, whichever branch it is on. The jump is recorded as a new entry labelled 'restore #N' on top of the current one, holding the net change, so tagproj undo comes back. The same as tagproj undo --to N. An entry that does not exist, or is already current: exit 1, nothing changed. With --json, prints {\"restored\":N,\"label\":\"restore #N\"}."),
        ],
        examples: ["tagproj restore dinner.tagproj 4", "tagproj restore dinner.tagproj 0"])

    let target: ProjectArguments
    let entry: Int64

    init(_ a: ParsedArguments) throws {
        target = try ProjectArguments(a, of: Self.self)
        entry = Int64(try Values.integer(try Self.positional(a, 1), for: "<entry>", in: 0...Int.max))
    }

    func run(_ out: Output) throws {
        Self.report(try perform(.restore(to: entry), on: target.project).answer, project: target.project, json: target.json, out)
    }

    /// `restored the state of #4 (tagproj undo P goes back)` on stderr, or the JSON object on stdout.
    static func report(_ answer: Answer, project: String, json: Bool, _ out: Output) {
        guard case let .restored(seq, label) = answer.result else { return }
        if json {
            out.line(JSON.object([("restored", .integer(seq)), ("label", .string(label.stored))]).text)
        } else {
            // TRANSLATORS: {said} says what the restore did ("restored the state of #4").
            answer.said.forEach { out.message(tr("{said} (tagproj undo {project} goes back)", ["said": $0, "project": project])) }
        }
    }
}
