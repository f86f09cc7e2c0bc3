import TagKit

/// `tagproj add`: a new dish or price tag.
struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: "Add a dish or price tag; prints its id.",
        positionals: [projectArgument, PositionalSpec(name: "kind", help: "dish or price.", completion: .choices(Kind.allNames)),
                      PositionalSpec(name: "text", help: "The dish's name, or the price's amount (38, 12.50).")],
        options: [
            OptionSpec(name: "at", value: "X,Y", help: "Where the dot goes, as fractions of the picture (0,0 top left).",
                       defaultValue: "0.5,0.5, the centre"),
            OptionSpec(name: "side", value: "left|right", help: "Side of the bubble.", defaultValue: "toward the middle",
                       completion: .choices(Side.allNames)),
            jsonOption,
        ],
        discussion: """
            Prints the new id (with --json, the tag). The whole tag stays inside the photo: if it would not, the dot moves the least distance that
            keeps it inside, and a warning says where to.
            """,
        examples: ["tagproj add dinner.tagproj dish 宫保鸡丁 --at 0.3,0.4", "tagproj add dinner.tagproj price 38 --at 0.7,0.6 --side left",
                   "tagproj add dinner.tagproj dish 'Flat white' --json"])

    let project: String
    let kind: Kind
    let text: String
    let at: NormalizedPoint?
    let side: Side?
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        kind = try Values.kind(try Self.positional(a, 1))
        text = try Self.positional(a, 2)
        try Self.noExtraPositionals(a)
        at = try a.value("at").map { try Values.point($0, for: "--at") }
        side = try a.value("side").map(Values.side)
        json = a.has("json")
    }

    func run(_ out: Output) throws {
        let result = try Project.open(project, forWriting: true).add(kind: kind, text: text, at: at, side: side, measurer: try Fonts.measurer())
        result.notices.forEach { out.warning($0.text) }
        out.line(json ? result.tag!.json.text : String(result.tag!.id.rawValue))
    }
}
