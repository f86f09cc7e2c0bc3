import TagKit

/// `tagproj arrange`: resolve overlaps, sides first, as one history entry (none when nothing changes).
struct ArrangeCommand: Command {
    static let spec = CommandSpec(
        name: "arrange", abstract: tr("Resolve overlapping tags: sides first, then the fewest dots moved; one history entry."),
        positionals: [projectArgument], options: [jsonOption],
        discussion: [
            tr("Tags that overlap are taken a cluster at a time (the tags linked by overlaps), and the sides of a cluster's bubbles are chosen together, every dot kept: two bubbles facing each other both turn away. Only the tags no choice of sides can clear have their dots moved, as few as can be, each the least distance to a place clear of the others; a cluster of more than 16 tags is taken tag by tag in id order. Each change is said on stderr ('#3: now at 0.412,0.520, bubble on the left'); an overlap it cannot resolve is a warning. 'tagproj undo' takes it all back. With nothing to resolve it says 'arrange: nothing overlapped' and records no entry. With --json, prints the tags as 'list --json' does."),
        ],
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
