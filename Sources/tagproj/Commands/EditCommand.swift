import TagKit

/// `tagproj edit`: a tag's text.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a tag's text.",
        positionals: [projectArgument, tagIDArgument,
                      PositionalSpec(name: "text", help: "The new dish name or amount.")],
        options: [jsonOption],
        discussion: "A longer text may move the dot so that the tag stays inside the photo. With --json, prints the tag as edited.",
        examples: ["tagproj edit dinner.tagproj 1 麻婆豆腐", "tagproj edit dinner.tagproj 2 42"])

    let target: TagArguments
    let text: String

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
        text = try Self.positional(a, 2)
    }

    func run(_ out: Output) throws {
        out.report(try perform(.edit(target.id, text: text), on: target.project).answer, json: target.json)
    }
}
