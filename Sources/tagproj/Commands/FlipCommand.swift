import TagKit

/// `tagproj flip`: the bubble to the other side of its dot.
struct FlipCommand: Command {
    static let spec = CommandSpec(
        name: "flip", abstract: tr("Put a tag's bubble on the other side of its dot."),
        positionals: [projectArgument, tagIDArgument],
        options: [jsonOption],
        discussion: [tr("The dot stays where it is; a flip whose bubble would leave the photo there is refused (exit 1, nothing changed). With --json, prints the tag as flipped.")],
        examples: ["tagproj flip dinner.tagproj 2"])

    let target: TagArguments

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
    }

    func run(_ out: Output) throws {
        out.report(try perform(.flip(target.id), on: target.project).answer, json: target.json)
    }
}
