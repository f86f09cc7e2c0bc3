import TagKit

/// The project-settings options `new` and `set` share: `--currency`, `--font`, `--price-format`, `--tag-scale`.
enum SettingsOptions {
    static let currency = OptionSpec(name: "currency", value: "SYMBOL", help: "The currency symbol drawn with every price.", defaultValue: "¥")
    static let font = OptionSpec(name: "font", value: "FAMILY", help: "Fontconfig family for tag text ('DejaVu Sans', 'DejaVu Sans:bold').",
                                 defaultValue: "sans-serif")
    static let priceFormat = OptionSpec(name: "price-format", value: "SAMPLE",
                                        help: "How prices are written, by example: '¥38', '$12.50', '38元', '12,50 €', '€ 4.50' (its symbol is the currency unless --currency is given).",
                                        defaultValue: "'¥12.50'")
    static let tagScale = OptionSpec(name: "tag-scale", value: "S",
                                     help: "Draw every tag S times its usual size (0.25 to 4): 1.25 for print or a small crop, 0.75 for smaller tags.",
                                     defaultValue: "1")
    static let all = [currency, font, priceFormat, tagScale]

    /// The change the options given ask for (TagKit applies it by its rules).
    static func change(_ a: ParsedArguments) throws -> SettingsChange {
        SettingsChange(currency: a.value("currency"), priceFormat: a.value("price-format"), font: a.value("font"),
                       tagScale: try a.value("tag-scale").map { try Values.number($0, for: "--tag-scale") })
    }

    /// Whether any of the options is given.
    static func given(_ a: ParsedArguments) -> Bool { all.contains { a.value($0.name) != nil } }
}
