import TagKit

/// `tagproj move`: a tag's dot to a new place.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", abstract: "Move a tag to a point, or by an offset.",
        positionals: [projectArgument, PositionalSpec(name: "id", help: "The tag's id (see 'tagproj list').")],
        options: [
            OptionSpec(name: "to", value: "X,Y", help: "The dot's new place, as fractions of the picture.",
                       defaultValue: "none; give --to or --by"),
            OptionSpec(name: "by", value: "DX,DY", help: "An offset, as fractions of the picture (-0.1,0: a tenth to the left).",
                       defaultValue: "none; give --to or --by"),
            jsonOption,
        ],
        discussion: "Exactly one of --to and --by. The tag never leaves the photo. With --json, prints the tag as moved.",
        examples: ["tagproj move dinner.tagproj 1 --to 0.5,0.5", "tagproj move dinner.tagproj 1 --by -0.1,0"])

    let project: String
    let id: TagID
    let movement: Movement
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        id = try Values.tagID(try Self.positional(a, 1))
        try Self.noExtraPositionals(a)
        json = a.has("json")
        switch (a.value("to"), a.value("by")) {
        case (let to?, nil): movement = .to(try Values.point(to, for: "--to"))
        case (nil, let by?):
            let (dx, dy) = try Values.pair(by, for: "--by")
            movement = .by(dx: dx, dy: dy)
        default: throw UsageError(message: "give exactly one of --to X,Y and --by DX,DY")
        }
    }

    func run(_ out: Output) throws {
        let result = try Project.open(project, forWriting: true).move(id, movement)
        result.notices.forEach { out.warning($0.text) }
        if json { out.line(result.tag!.json.text) }
    }
}
