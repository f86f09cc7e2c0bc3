/// How a project writes its prices: where the currency symbol goes, whether a space stands
/// between it and the amount, the decimal separator, and whether thousands are grouped; so `¥38`,
/// `$12.50`, `38元`, `12,50 €`, `€ 4.50`, `¥1,280` and `1.280,50 €` can all be drawn. Amounts are
/// stored canonically (`12.50`, `1280`) whatever the format.
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
    /// What stands between each three digits of the whole part (`¥1,280`, `1.280 €`): one of
    /// `groupingSeparators`, never the decimal separator; nil for none (`¥1280`), the default.
    public var groupingSeparator: Character?

    /// The separators a format may use.
    public static let separators: [Character] = [".", ","]
    /// The thousands separators a format may use: `,` and `.` (the one that is not the decimal
    /// separator), a space, and the narrow no-break space (U+202F) French writes.
    public static let groupingSeparators: [Character] = [",", ".", " ", "\u{202F}"]

    /// A format; the default writes `¥12.50`.
    public init(symbol: SymbolPosition = .before, spaced: Bool = false, decimalSeparator: Character = ".",
                groupingSeparator: Character? = nil) {
        self.symbol = symbol
        self.spaced = spaced
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
    }

    /// The canonical `amount` (`12.50`) as drawn with `currency`: `¥12.50`, `12,50 €`, `¥1,280`.
    /// A full-width currency sign is drawn in its half-width form (`￥` as `¥`), which leaves no
    /// gap of a CJK character's width before the amount.
    public func label(amount: String, currency: String) -> String {
        let digits = number(amount)
        if currency.isEmpty { return digits }
        let sign = CurrencySpellings.halfWidth(currency)
        let gap = spaced ? " " : ""
        return symbol == .before ? sign + gap + digits : digits + gap + sign
    }

    /// A price as this format writes it, for messages, `info` and the history's labels: `¥12.50`,
    /// or `¥1,280.00` when it groups thousands, so that the grouping shows.
    public func example(currency: String) -> String {
        label(amount: groupingSeparator == nil ? "12.50" : "1280.00", currency: currency)
    }

    /// The canonical `amount`'s number in this format: its decimal separator, and its whole part
    /// grouped by thousands when the format groups them (`1280.50` → `1.280,50`).
    func number(_ amount: String) -> String {
        guard decimalSeparator != "." || groupingSeparator != nil else { return amount }
        let point = amount.firstIndex(of: ".") ?? amount.endIndex
        var whole = String(amount[..<point])
        if let groupingSeparator {
            var cut = whole.count - 3
            while cut > 0 {
                whole.insert(groupingSeparator, at: whole.index(whole.startIndex, offsetBy: cut))
                cut -= 3
            }
        }
        return point == amount.endIndex ? whole : whole + String(decimalSeparator) + amount[amount.index(after: point)...]
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
    /// and `€`; `$12.50` → before, `.`, `$`; `38元` → after, `元`; `¥1,280` → before, grouped by `,`;
    /// `1.280,50 €` → after, spaced, `,`, grouped by `.`. The amount is digits with an optional
    /// decimal separator (`.` or `,`) and one or two decimals; a separator followed by exactly three
    /// digits, other than the decimal one, groups thousands (`groupingSeparators`), every group after
    /// the first of three digits. Full-width digits read as ASCII (`TagText.asciiNumerals`).
    /// Throws `SettingsError` (`.priceFormat`).
    public static func sample(_ text: String) throws(SettingsError) -> (format: PriceFormat, currency: String) {
        let refused = SettingsError(setting: .priceFormat, problem: .notASample)
        let s = TagText.asciiNumerals(TagText.normalized(text))
        let isDigit = { (c: Character) in c.isASCII && c.isNumber }
        guard let first = s.firstIndex(where: isDigit), let last = s.lastIndex(where: isDigit) else { throw refused }
        let number = s[first...last], before = s[..<first], after = s[s.index(after: last)...]
        guard before.isEmpty || after.isEmpty else { throw refused }
        let marks = number.filter { !isDigit($0) }
        let groups = number.split(omittingEmptySubsequences: false, whereSeparator: { !isDigit($0) })
        var format = PriceFormat()
        var grouping = Substring(marks)
        if let mark = marks.last, Self.separators.contains(mark), (1...2).contains(groups.last!.count) {
            format.decimalSeparator = mark
            grouping = grouping.dropLast()
        }
        if let mark = grouping.first {
            guard Self.groupingSeparators.contains(mark), mark != format.decimalSeparator || grouping.count == marks.count,
                  grouping.allSatisfy({ $0 == mark }), (1...3).contains(groups[0].count),
                  groups[1...grouping.count].allSatisfy({ $0.count == 3 })
            else { throw refused }
            if grouping.count == marks.count && mark == "." { format.decimalSeparator = "," }
            format.groupingSeparator = mark
        }
        let symbolSide = before.isEmpty ? after : before
        format.symbol = before.isEmpty ? .after : .before
        format.spaced = symbolSide.hasPrefix(" ") || symbolSide.hasSuffix(" ")
        return (format, String(symbolSide).trimmedSpaces)
    }
}
