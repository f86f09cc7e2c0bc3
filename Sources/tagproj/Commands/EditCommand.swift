import TagKit

/// `tagproj edit`: a tag's text, and a dish's price.
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", abstract: tr("Change a tag's text, or the price a dish carries."),
        positionals: [projectArgument, tagIDArgument,
                      PositionalSpec(name: "text", help: tr("The new dish name or amount."), optional: true)],
        options: [OptionSpec(name: .price, value: "AMOUNT|none", help: tr("The dish's price (38, 12.50), or none to take it away."),
                             defaultValue: "as it is",
                             completion: .choices(["none"])),
                  jsonOption],
        discussion: [
            tr("Give a new text, --price, or both (one entry). A longer text or price may move the bubble or the dot so that the tag stays inside the photo. A price tag's price is its text: --price on one is refused. With --json, prints the tag as edited."),
        ],
        examples: ["tagproj edit dinner.tagproj 1 麻婆豆腐", "tagproj edit dinner.tagproj 2 42", "tagproj edit dinner.tagproj 1 --price 42",
                   "tagproj edit dinner.tagproj 1 --price none"])

    let target: TagArguments
    let text: String?
    let price: PriceChange?

    init(_ a: ParsedArguments) throws {
        target = try TagArguments(a, of: Self.self)
        try Self.noExtraPositionals(a)
        text = a.positionals.count > 2 ? a.positionals[2] : nil
        price = a.value(.price).map { $0 == "none" ? .remove : .set($0) }
        guard text != nil || price != nil else {
            throw UsageError(message: tr("missing argument <text> or --price"), hint: tr("give a new text, --price AMOUNT, or --price none"))
        }
    }

    func run(_ out: Output) throws {
        out.report(try perform(.edit(target.id, text: text, price: price), on: target.project).answer, json: target.json)
    }
}
