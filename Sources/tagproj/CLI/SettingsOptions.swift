import TagKit

/// The project-settings options `new` and `set` share: `--currency`, `--font`, `--language`, `--price-format`, `--tag-scale`.
enum SettingsOptions {
    static var currency: OptionSpec { OptionSpec(name: .currency, value: "SYMBOL", help: tr("The currency symbol drawn with every price."), defaultValue: "¥") }
    static var font: OptionSpec {
        OptionSpec(name: .font, value: "FAMILY", help: tr("Fontconfig family for tag text ('DejaVu Sans', 'DejaVu Sans:bold')."), defaultValue: "sans-serif")
    }
    static var language: OptionSpec {
        OptionSpec(name: .language, value: "TAG",
                   help: tr("The language of the tags' text, a BCP 47 tag: zh-Hans, zh-Hant, ja, ko, en… It picks the fonts and the glyph forms of Han characters (und: not said, Chinese forms)."),
                   defaultValue: tr("from the locale"), completion: .choices(["zh-Hans", "zh-Hant", "ja", "ko", "en", "und"]))
    }
    static var priceFormat: OptionSpec {
        OptionSpec(name: .priceFormat, value: "SAMPLE",
                   help: tr("How prices are written, by example: '¥38', '$12.50', '38元', '12,50 €', '€ 4.50', or grouping thousands '¥1,280', '1.280,50 €' (its symbol is the currency unless --currency is given)."),
                   defaultValue: "'¥12.50'")
    }
    static var tagScale: OptionSpec {
        OptionSpec(name: .tagScale, value: "S",
                   help: tr("Draw every tag S times its usual size (0.25 to 4): 1.25 for print or a small crop, 0.75 for smaller tags."),
                   defaultValue: "1")
    }
    /// `new --crop` and `set --crop`: one way of writing a crop, read by `CropChoice.parse`.
    static func crop(defaultValue: String, none: Bool) -> OptionSpec {
        OptionSpec(name: .crop, value: none ? "square|W:H|X,Y,W,H|none" : "square|W:H|X,Y,W,H",
                   help: none ? tr("The centred square, the largest centred W:H (4:5, 16:9), or a rectangle of fractions of the upright photo; none for the whole photo.")
                       : tr("The centred square, the largest centred W:H (4:5, 16:9), or a rectangle of fractions of the upright photo."),
                   defaultValue: defaultValue, completion: .choices(none ? ["square", "4:5", "16:9", "none"] : ["square", "4:5", "16:9"]))
    }
    static var all: [OptionSpec] { [currency, font, language, priceFormat, tagScale] }

    /// The change the options given ask for (TagKit applies it by its rules).
    static func change(_ a: ParsedArguments) throws -> SettingsChange {
        SettingsChange(currency: a.value(.currency), priceFormat: a.value(.priceFormat), font: a.value(.font), language: a.value(.language),
                       tagScale: try a.value(.tagScale).map { try Values.number($0, for: "--tag-scale") })
    }

    /// `--crop`, read by TagKit's one reading of a crop.
    static func cropChoice(_ a: ParsedArguments) throws -> CropChoice? {
        try a.value(.crop).map { try CropChoice.parse($0) }
    }

    /// Whether any of the options is given.
    static func given(_ a: ParsedArguments) -> Bool { all.contains { a.value($0.name) != nil } }
}
