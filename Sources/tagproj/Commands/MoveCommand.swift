import TagKit

/// `tagproj move`: a tag's dot to a new place.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", abstract: "Move a tag to a point, or by an offset.",
        positionals: [projectArgument, tagIDArgument],
        options: [
            OptionSpec(name: "to", value: "X,Y", help: "The dot's new place, as fractions of the picture.",
                       defaultValue: "none; give --to or --by"),
            OptionSpec(name: "by", value: "DX,DY", help: "An offset, as fractions of the picture (-0.1,0: a tenth to the left).",
                       defaultValue: "none; give --to or --by"),
            jsonOption,
        ],
        discussion: "Exactly one of --to and --by. The tag never leaves the photo. With --json, prints the tag as moved.",
        examples: ["tagproj move dinner.tagproj 1 --to 0.5,0.5", "tagproj move dinner.tagproj 1 --by -0.1,0"])

    let target: TagArguments
    let movement: Movement

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
        switch (a.value("to"), a.value("by")) {
        case (let to?, nil): movement = .to(try Values.point(to, for: "--to"))
        case (nil, let by?):
            let (dx, dy) = try Values.pair(by, for: "--by")
            movement = .by(dx: dx, dy: dy)
        default: throw UsageError(message: "give exactly one of --to X,Y and --by DX,DY")
        }
    }

    func run(_ out: Output) throws {
        let result = try Project.open(target.project, forWriting: true).move(target.id, movement)
        out.report(result, json: target.json)
    }
}
