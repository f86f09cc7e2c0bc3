import TagKit

/// `tagproj add`: a new dish or price tag.
struct AddCommand: Command {
    static let spec = CommandSpec(
        name: "add", abstract: tr("Add a dish or price tag; prints its id."),
        positionals: [projectArgument, PositionalSpec(name: "kind", help: tr("dish or price."), completion: .choices(Kind.allNames)),
                      PositionalSpec(name: "text", help: tr("The dish's name, or the price's amount (38, 12.50)."))],
        options: [
            OptionSpec(name: .price, value: "AMOUNT", help: tr("A dish's price (38, 12.50), drawn after its name in the same bubble."),
                       defaultValue: tr("none")),
            OptionSpec(name: .at, value: "X,Y", help: tr("Where the dot goes: fractions of the picture (0,0 top left) or pixels (920px,800px)."),
                       defaultValue: tr("free space nearest the centre")),
            OptionSpec(name: .side, value: "left|right", help: tr("Side of the bubble; refused if it does not fit at the dot."),
                       defaultValue: tr("toward the middle, or the side that fits"),
                       completion: .choices(Side.allNames)),
            jsonOption,
        ],
        discussion: [
            tr("Prints the new id (with --json, the tag). The dot stays where you put it: if the bubble does not fit on its side, it goes to the other side and a warning says so; only when neither side fits does the dot move, the least distance, and a warning says where to. With --side, a side that does not fit at the dot is refused (exit 1). Without --at, the tag goes to the free place nearest the centre, where it overlaps no other tag. A tag left overlapping another is warned about. With --price, a dish carries its price: one dot and one bubble, the name on the dish colour and the price on the price colour (a price tag's price is its text)."),
        ],
        examples: ["tagproj add dinner.tagproj dish 宫保鸡丁 --at 0.3,0.4", "tagproj add dinner.tagproj dish 宫保鸡丁 --price 38", "tagproj add dinner.tagproj price 38 --at 0.7,0.6 --side left",
                   "tagproj add dinner.tagproj dish 'Mapo tofu' --at 920px,800px", "tagproj add dinner.tagproj price 12.50",
                   "tagproj add dinner.tagproj dish 'Flat white' --json"])

    let project: String
    let kind: Kind
    let text: String
    let price: String?
    let at: Position?
    let side: Side?
    let json: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        kind = try Values.kind(try Self.positional(a, 1))
        text = try Self.positional(a, 2)
        try Self.noExtraPositionals(a)
        price = a.value(.price)
        at = try a.value(.at).map { try Values.position($0, for: "--at") }
        side = try a.value(.side).map(Values.side)
        json = a.has(.json)
    }

    func run(_ out: Output) throws {
        out.report(try perform(.add(kind: kind, text: text, price: price, at: at, side: side), on: project).answer, json: json, idAlone: true)
    }
}
