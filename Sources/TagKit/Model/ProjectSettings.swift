/// Settings a project keeps for all its tags.
///
/// The domain of each setting is defined once, by `validated()`: `Project.create` writes only
/// validated settings, and the store refuses a stored value outside the same domain as damage, so
/// a project TagKit writes is always one it can read back.
public struct ProjectSettings: Equatable, Sendable {
    /// Drawn before every price's amount; `¥` unless chosen at `new`. May be empty (bare amounts).
    public var currency: String
    /// A fontconfig family name for the tag text; empty for the default sans-serif.
    public var font: String
    /// The language of the tags' text (`new --language`, `set --language`): it picks the fonts
    /// and glyph forms they are drawn with (see `TextLanguage`).
    public var language: TextLanguage
    /// Where the symbol goes, the space, the decimal separator.
    public var priceFormat: PriceFormat
    /// How large every tag is drawn, 1 being the look's own size (`TagStyle`): 1.25 enlarges
    /// every tag by a quarter (for print, or a small crop), 0.75 shrinks it. Within `tagScales`.
    public var tagScale: Double
    /// The part of the upright photo the picture is (`new --crop`, `set --crop`): the picture's
    /// size and every tag's fractions follow it. The history carries it with the other settings.
    public var crop: Crop

    /// Settings as given, not yet checked; see `validated()`.
    public init(currency: String = "¥", font: String = "", language: TextLanguage = .undetermined, priceFormat: PriceFormat = PriceFormat(),
                tagScale: Double = 1, crop: Crop = .full) {
        self.currency = currency
        self.font = font
        self.language = language
        self.priceFormat = priceFormat
        self.tagScale = tagScale
        self.crop = crop
    }

    /// The tag scale as a user writes it: `1`, `1.25`, `0.333` (at most three decimals).
    public var formattedTagScale: String { Decimal3(tagScale).trimmed }

    /// The longest currency symbol, in grapheme clusters (what a user counts as characters).
    public static let maximumCurrencyLength = 8
    /// The longest currency symbol in UTF-8 bytes, which bounds a symbol of few but heavy clusters.
    public static let maximumCurrencyBytes = 64
    /// The longest font family name, in UTF-8 bytes.
    public static let maximumFontBytes = 200
    /// The tag scales a project may have: from a quarter of the look's size (still a legible tag
    /// on a large photo) to four times it (a tag on a thumbnail-sized crop).
    public static let tagScales: ClosedRange<Double> = 0.25...4

    /// These settings normalized (NFC, trimmed), or the first rule they break: a currency of at
    /// most 8 characters and 64 bytes, empty (no symbol) but not blank, a font family of at most
    /// 200 bytes that is not blank, and neither with a control character or line break, and a
    /// tag scale within `tagScales`; a price format's separators among `PriceFormat.separators`
    /// and `groupingSeparators`, and not the same.
    /// Throws `SettingsError` (`.invalidRequest`).
    public func validated() throws(SettingsError) -> ProjectSettings {
        let currency = TagText.normalized(self.currency)
        // Empty is no symbol; only white space (a line break, say) is a mistake, as for the font.
        if currency.isEmpty && !self.currency.isEmpty { throw SettingsError(setting: .currency, problem: .blank) }
        if currency.count > Self.maximumCurrencyLength || currency.utf8.count > Self.maximumCurrencyBytes {
            throw SettingsError(setting: .currency, problem: .tooLong)
        }
        if let bad = currency.unicodeScalars.first(where: TagText.isForbidden) {
            throw SettingsError(setting: .currency, problem: .forbidden(bad))
        }
        let font = TagText.normalized(self.font)
        if font.isEmpty && !self.font.isEmpty { throw SettingsError(setting: .font, problem: .blank) }
        if font.utf8.count > Self.maximumFontBytes { throw SettingsError(setting: .font, problem: .tooLong) }
        if let bad = font.unicodeScalars.first(where: TagText.isForbidden) {
            throw SettingsError(setting: .font, problem: .forbidden(bad))
        }
        if currency.contains(where: { $0.isNumber || $0 == "." || $0 == "," }) {
            throw SettingsError(setting: .currency, problem: .digits)
        }
        guard PriceFormat.separators.contains(priceFormat.decimalSeparator) else {
            throw SettingsError(setting: .decimalSeparator, problem: .notASeparator)
        }
        if let grouping = priceFormat.groupingSeparator,
           !PriceFormat.groupingSeparators.contains(grouping) || grouping == priceFormat.decimalSeparator {
            throw SettingsError(setting: .groupingSeparator, problem: .notASeparator)
        }
        guard Self.tagScales.contains(tagScale) else { throw SettingsError(setting: .tagScale, problem: .outOfRange) }
        guard let crop = try? Crop.validated(x: crop.x, y: crop.y, width: crop.width, height: crop.height) else {
            throw SettingsError(setting: .crop, problem: .outOfRange)
        }
        return ProjectSettings(currency: currency, font: font, language: language, priceFormat: priceFormat, tagScale: tagScale, crop: crop)
    }

    /// `ProjectSettings(currency:font:).validated()`.
    public static func validated(currency: String, font: String) throws(SettingsError) -> ProjectSettings {
        try ProjectSettings(currency: currency, font: font).validated()
    }
}

/// A project setting outside its domain (see `ProjectSettings.validated()`).
public struct SettingsError: TagProjError, Equatable {
    /// Which setting.
    public enum Setting: String, Sendable {
        case currency, font, language, decimalSeparator, groupingSeparator, priceFormat, tagScale, crop
    }

    /// What is wrong with it.
    public enum Problem: Equatable, Sendable {
        /// Longer than the setting's limit.
        case tooLong
        /// Holds a control character or line break.
        case forbidden(Unicode.Scalar)
        /// Only white space (an empty font means the default; blanks mean nothing).
        case blank
        /// A currency symbol holding digits or a separator, which would make prices unreadable.
        case digits
        /// A decimal separator other than `.` and `,`, or a thousands separator other than
        /// `PriceFormat.groupingSeparators` or the same as the decimal separator.
        case notASeparator
        /// A sample price that shows no format (`12,50 €` does).
        case notASample
        /// A number outside the setting's range (`ProjectSettings.tagScales`).
        case outOfRange
        /// Not a language tag `TextLanguage` reads.
        case notALanguage
    }

    /// The setting that was refused.
    public let setting: Setting
    /// Why.
    public let problem: Problem

    /// `the currency symbol is longer than 8 characters (or 64 bytes)`, and so on.
    public var message: String {
        let name = switch setting {
        case .currency:
            // TRANSLATORS: the name of a project setting, the subject of a sentence such as "{setting} is blank".
            trc("setting", "the currency symbol")
        case .font: trc("setting", "the font family name")
        case .language: trc("setting", "the language")
        case .decimalSeparator: trc("setting", "the decimal separator")
        case .groupingSeparator: trc("setting", "the thousands separator")
        case .priceFormat: trc("setting", "the price format")
        case .tagScale: trc("setting", "the tag scale")
        case .crop: trc("setting", "the crop")
        }
        switch problem {
        case .tooLong where setting == .currency:
            return tr("{setting} is longer than {characters} characters (or {bytes} bytes)",
                      ["setting": name, "characters": ProjectSettings.maximumCurrencyLength, "bytes": ProjectSettings.maximumCurrencyBytes])
        case .tooLong: return tr("{setting} is longer than {bytes} bytes", ["setting": name, "bytes": ProjectSettings.maximumFontBytes])
        case .forbidden(let s):
            // TRANSLATORS: {code} is a Unicode code point in hexadecimal (000A).
            return tr("{setting} contains a control character or line break (U+{code})", ["setting": name, "code": hex(s.value)])
        case .blank: return tr("{setting} is blank", ["setting": name])
        case .digits: return tr("{setting} contains a digit, '.' or ','", ["setting": name])
        case .notASeparator where setting == .groupingSeparator:
            return tr("{setting} is ',', '.', a space or U+202F, and not the decimal separator", ["setting": name])
        case .notASeparator: return tr("{setting} is '.' or ','", ["setting": name])
        case .notASample: return tr("{setting} is a sample price such as '¥38', '$12.50', '38元', '12,50 €', '€ 4.50' or '¥1,280'", ["setting": name])
        case .notALanguage: return tr("{setting} is a BCP 47 tag such as 'zh-Hans', 'zh-Hant', 'ja', 'ko' or 'en'", ["setting": name])
        case .outOfRange where setting == .crop: return CropError.outside.message
        case .outOfRange:
            let range = ProjectSettings.tagScales
            return tr("{setting} is between {lowest} and {highest}",
                      ["setting": name, "lowest": Decimal3(range.lowerBound).trimmed, "highest": Decimal3(range.upperBound).trimmed])
        }
    }

    /// The caller asked for a setting outside its domain.
    public var meaning: ErrorMeaning { .invalidRequest }
}
