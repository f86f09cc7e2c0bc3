import TagKit

/// `tagproj edit`: a tag's text.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: "Change a tag's text.",
        positionals: [projectArgument, PositionalSpec(name: "id", help: "The tag's id."),
                      PositionalSpec(name: "text", help: "The new dish name or amount.")],
        options: [jsonOption],
        discussion: "A longer text may move the dot so that the tag stays inside the photo. With --json, prints the tag as edited.",
        examples: ["tagproj edit dinner.tagproj 1 麻婆豆腐", "tagproj edit dinner.tagproj 2 42"])

    let project: String
    let id: TagID
    let json: Bool
    let text: String

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        id = try Values.tagID(try Self.positional(a, 1))
        text = try Self.positional(a, 2)
        try Self.noExtraPositionals(a)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        let result = try Project.open(project, forWriting: true).edit(id, text: text, measurer: try Fonts.measurer())
        result.notices.forEach { out.warning($0.text) }
        if json { out.line(result.tag!.json.text) }
    }
}
