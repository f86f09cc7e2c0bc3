import TagKit

/// `tagproj flip`: the bubble to the other side of its dot.
struct FlipCommand: Command {
    static let spec = CommandSpec(
        name: "flip", abstract: "Put a tag's bubble on the other side of its dot.",
        positionals: [projectArgument, PositionalSpec(name: "id", help: "The tag's id.")],
        options: [jsonOption],
        discussion: "The dot stays where it is, unless the flipped tag would leave the photo. With --json, prints the tag as flipped.",
        examples: ["tagproj flip dinner.tagproj 2"])

    let project: String
    let id: TagID
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        id = try Values.tagID(try Self.positional(a, 1))
        try Self.noExtraPositionals(a)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        let result = try Project.open(project, forWriting: true).flip(id)
        result.notices.forEach { out.warning($0.text) }
        if json { out.line(result.tag!.json.text) }
    }
}
