import TagKit

/// `tagproj arrange`: resolve overlaps, sides first, as one history entry.
struct ArrangeCommand: Command {
    static let spec = CommandSpec(
        name: "arrange", abstract: "Resolve overlapping tags: sides first, then the smallest dot moves; one history entry.",
        positionals: [projectArgument], options: [jsonOption],
        discussion: """
            Tags are taken in id order. A tag that overlaps another first has its bubble put on the other side, its dot kept, if that clears
            it; only if not is its dot moved, the least distance, to a place clear of the others. Each change is said on stderr
            ('#3: now at 0.412,0.520, bubble on the left'); an overlap it cannot resolve is a warning. 'tagproj undo' takes it all back.
            With --json, prints the tags as 'list --json' does.
            """,
        examples: ["tagproj arrange dinner.tagproj"])

    let target: ProjectArguments

    init(_ a: ParsedArguments) throws { target = try ProjectArguments(a, of: Self.self) }

    func run(_ out: Output) throws {
        let (opened, answer) = try perform(.arrange, on: target.project)
        out.notices(answer.notices)
        answer.said.forEach(out.message)
        if target.json { out.line(try opened.tags().json(in: try opened.pictureSize(), scale: try opened.settings().tagScale).text) }
    }
}
