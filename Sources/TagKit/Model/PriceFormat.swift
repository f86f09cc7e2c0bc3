/// How a project writes its prices: where the currency symbol goes, whether a space stands
/// between it and the amount, and the decimal separator; so `¥38`, `$12.50`, `38元`, `12,50 €` and
/// `€ 4.50` can all be drawn. Amounts are stored canonically (`12.50`) whatever the format.
public struct PriceFormat: Equatable, Sendable {
    /// Where the symbol goes.
    public enum SymbolPosition: String, Sendable, CaseIterable {
        /// `¥38`, `$12.50`.
        case before
        /// `38元`, `12,50 €`.
        case after
    }

    /// Where the symbol goes; before by default.
    public var symbol: SymbolPosition
    /// A space between symbol and amount (`€ 4.50`, `12,50 €`).
    public var spaced: Bool
    /// `.` or `,`.
    public var decimalSeparator: Character

    /// The separators a format may use.
    public static let separators: [Character] = [".", ","]

    /// A format; the default writes `¥12.50`.
    public init(symbol: SymbolPosition = .before, spaced: Bool = false, decimalSeparator: Character = ".") {
        self.symbol = symbol
        self.spaced = spaced
        self.decimalSeparator = decimalSeparator
    }

    /// The canonical `amount` (`12.50`) as drawn with `currency`: `¥12.50`, `12,50 €`. A full-width
    /// currency sign is drawn in its half-width form (`￥` as `¥`), which leaves no gap of a CJK
    /// character's width before the amount.
    public func label(amount: String, currency: String) -> String {
        let number = decimalSeparator == "." ? amount : String(amount.map { $0 == "." ? decimalSeparator : $0 })
        if currency.isEmpty { return number }
        let sign = CurrencySpellings.halfWidth(currency)
        let gap = spaced ? " " : ""
        return symbol == .before ? sign + gap + number : number + gap + sign
    }
}

extension Tag {
    /// The text as drawn with `settings`: a price gets the project's currency and price format,
    /// and a dish carrying a price has it after its name (`宫保鸡丁 ¥38`). What messages quote,
    /// and what the tag's font subsets are cut for.
    public func label(_ settings: ProjectSettings) -> String {
        let parts = labelParts(settings)
        return parts.price.map { parts.text + " " + $0 } ?? parts.text
    }

    /// The two parts drawn in the bubble: the text (a price tag's in the price format), and the
    /// price a dish carries (nil when none), each in its own colour.
    public func labelParts(_ settings: ProjectSettings) -> (text: String, price: String?) {
        let format = { (amount: String) in settings.priceFormat.label(amount: amount, currency: settings.currency) }
        return kind == .price ? (format(text), nil) : (text, price.map(format))
    }

    /// The labels the tag is shaped in, each on its own: the text, then the price it carries.
    public func drawnLabels(_ settings: ProjectSettings) -> [String] {
        let parts = labelParts(settings)
        return [parts.text] + (parts.price.map { [$0] } ?? [])
    }
}

extension PriceFormat {
    /// The format and the currency symbol a sample price shows: `12,50 €` → after, spaced, `,`
    /// and `€`; `$12.50` → before, `.`, `$`; `38元` → after, `元`. The amount is digits with an
    /// optional `.` or `,` and one or two decimals; full-width digits read as ASCII
    /// (`TagText.asciiNumerals`). Throws `SettingsError` (`.priceFormat`).
    public static func sample(_ text: String) throws(SettingsError) -> (format: PriceFormat, currency: String) {
        let s = TagText.asciiNumerals(TagText.normalized(text))
        guard let first = s.firstIndex(where: { $0.isASCII && $0.isNumber }),
              let last = s.lastIndex(where: { $0.isASCII && $0.isNumber }) else { throw SettingsError(setting: .priceFormat, problem: .notASample) }
        let number = s[first...last], before = s[..<first], after = s[s.index(after: last)...]
        let separators = number.filter { !$0.isNumber }
        guard separators.count <= 1, separators.allSatisfy({ Self.separators.contains($0) }), before.isEmpty || after.isEmpty
        else { throw SettingsError(setting: .priceFormat, problem: .notASample) }
        var format = PriceFormat(decimalSeparator: separators.first ?? ".")
        if let sep = separators.first, let fraction = number.split(separator: sep).last, fraction.count > 2 {
            throw SettingsError(setting: .priceFormat, problem: .notASample)
        }
        let symbolSide = before.isEmpty ? after : before
        format.symbol = before.isEmpty ? .after : .before
        format.spaced = symbolSide.hasPrefix(" ") || symbolSide.hasSuffix(" ")
        return (format, String(symbolSide).trimmedSpaces)
    }
}
