import TagKit

/// `tagproj delete`: a tag away (undo brings it back).
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: "Delete a tag.",
        positionals: [projectArgument, PositionalSpec(name: "id", help: "The tag's id.")],
        options: [jsonOption],
        discussion: "Its id is never given to another tag; 'tagproj undo' restores it. With --json, prints {\"deleted\":ID}.",
        examples: ["tagproj delete dinner.tagproj 2"])

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
        _ = try Project.open(project, forWriting: true).delete(id)
        if json { out.line(JSON.object([("deleted", .integer(id.rawValue))]).text) }
    }
}
