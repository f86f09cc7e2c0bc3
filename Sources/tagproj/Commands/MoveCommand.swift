import TagKit

/// `tagproj move`: a tag's dot to a new place.
struct MoveCommand: Command {
    static let spec = CommandSpec(
        name: "move", abstract: tr("Move a tag to a point, or by an offset."),
        positionals: [projectArgument, tagIDArgument],
        options: [
            OptionSpec(name: .to, value: "X,Y", help: tr("The dot's new place: fractions of the picture, or pixels (920px,800px)."),
                       defaultValue: tr("none; give --to or --by")),
            OptionSpec(name: .by, value: "DX,DY", help: tr("An offset: fractions of the picture (-0.1,0: a tenth to the left), or pixels (-40px,0)."),
                       defaultValue: tr("none; give --to or --by")),
            jsonOption,
        ],
        discussion: [
            tr("Exactly one of --to and --by. The tag never leaves the photo: the dot goes where asked, the bubble to the other side if it does not fit on its own (a warning says so); only when neither side fits does the dot stop short. With --json, prints the tag as moved."),
        ],
        examples: ["tagproj move dinner.tagproj 1 --to 0.5,0.5", "tagproj move dinner.tagproj 1 --by -0.1,0",
                   "tagproj move dinner.tagproj 1 --by -40px,0"])

    let target: TagArguments
    /// The position for --to, or the offset for --by.
    let position: Position
    let isOffset: Bool

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
        switch (a.value(.to), a.value(.by)) {
        case (let to?, nil): (position, isOffset) = (try Values.position(to, for: "--to"), false)
        case (nil, let by?): (position, isOffset) = (try Values.position(by, for: "--by", offset: true), true)
        default: throw UsageError(message: tr("give exactly one of --to X,Y and --by DX,DY"))
        }
    }

    func run(_ out: Output) throws {
        out.report(try perform(.move(target.id, isOffset ? .by(position) : .to(position)), on: target.project).answer, json: target.json)
    }
}
