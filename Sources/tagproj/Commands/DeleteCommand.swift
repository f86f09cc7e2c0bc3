import TagKit

/// `tagproj delete`: a tag away (undo brings it back).
struct DeleteCommand: Command {
    static let spec = CommandSpec(
        name: "delete", abstract: tr("Delete a tag."),
        positionals: [projectArgument, tagIDArgument],
        options: [jsonOption],
        discussion: [tr("Its id is never given to another tag; 'tagproj undo' restores it. With --json, prints {\"deleted\":ID}.")],
        examples: ["tagproj delete dinner.tagproj 2"])

    let target: TagArguments

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
    }

    func run(_ out: Output) throws {
        _ = try perform(.delete(target.id), on: target.project)
        if target.json { out.line(JSON.object([("deleted", .integer(target.id.rawValue))]).text) }
    }
}
