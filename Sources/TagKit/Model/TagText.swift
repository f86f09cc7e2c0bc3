/// The rules a tag's text must follow, applied before anything is stored.
///
/// A dish name is normalized to NFC and trimmed, and must be 1 to 64 grapheme clusters with no
/// control characters or line breaks. A price is an amount: digits with an optional fraction of
/// one or two digits (`38`, `12.5`, `12.50`), with the project's currency symbol before or after
/// it, as people type it (see `amount`); it is stored canonically (`12.50`).
public enum TagText {
    /// The longest text a tag may carry, in grapheme clusters (what a user counts as characters).
    public static let maximumLength = 64

    /// Validates and normalizes `raw` as text of `kind`, for a project whose currency is `currency`
    /// and whose prices are written in `format`.
    public static func validate(_ raw: String, kind: Kind, currency: String, format: PriceFormat = PriceFormat()) throws -> String {
        let text = normalized(raw)
        if text.isEmpty { throw TagTextError.empty }
        if let bad = text.unicodeScalars.first(where: isForbidden) { throw TagTextError.control(bad) }
        switch kind {
        case .dish:
            if text.count > maximumLength { throw TagTextError.tooLong(text.count) }
            return text
        case .price:
            return try amount(text, currency: currency, format: format)
        }
    }

    /// Validates and normalizes `raw` as the price a tag of `kind` carries: an amount by the same
    /// rules as a price tag's text, stored canonically (`12.50`). Only a dish carries a price; a
    /// price tag's price is its text.
    public static func price(_ raw: String, kind: Kind, currency: String, format: PriceFormat = PriceFormat()) throws -> String {
        guard kind == .dish else { throw TagTextError.priceOfPriceTag }
        do { return try validate(raw, kind: .price, currency: currency, format: format) } catch TagTextError.empty { throw TagTextError.emptyPrice }
    }

    /// A canonical amount with exactly two decimals, as `list --json` writes prices: `38` → `38.00`.
    public static func twoDecimals(_ amount: String) -> String {
        amount.contains(".") ? amount : amount + ".00"
    }

    /// NFC, with leading and trailing white space removed.
    public static func normalized(_ raw: String) -> String {
        let nfc = String(decoding: raw._nfcCodeUnits, as: UTF8.self)
        let scalars = nfc.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    /// Control characters, line and paragraph separators, surrogates and unassigned code points:
    /// what no text tagproj stores may contain (tag text and project settings alike).
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return true
        default: return false
        }
    }

    /// Whether `text`, read from a project, is text `validate` could have stored: NFC and trimmed,
    /// 1 to `maximumLength` grapheme clusters, nothing forbidden. A project from someone else
    /// may hold anything; what fails is damage, never printed or drawn.
    static func isStorable(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maximumLength && !text.unicodeScalars.contains(where: isForbidden) && normalized(text) == text
    }

    /// Whether a name read from a project (a history label, a user or front end, a font's family,
    /// style or file) holds no control character or line break: such bytes would reach a
    /// terminal as escape sequences. Unassigned code points are let through here (a newer font's
    /// name may use one), as are the lengths, which each reader bounds itself.
    static func isPrintableName(_ text: String) -> Bool {
        !text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate: return true
            default: return false
            }
        }
    }

    /// The canonical form of an amount: integer part without leading zeros, and two decimals
    /// when there is a fraction. Any spelling of the project's currency (`CurrencySpellings`:
    /// `¥`, `￥`, `元` or `RMB` in a yuan project) may stand before or after it (`$12.50`, `38元`,
    /// `12,50 €`), and full-width digits and separators read as ASCII (`asciiNumerals`); the
    /// decimal separator is `.` or the project's own, and in a format that groups thousands its
    /// grouping separator stands between each three digits of the whole part (`¥1,280`). Another
    /// currency, the other separator, or grouping where the project groups none is refused saying
    /// how the project writes prices; a stray letter (`12x`) makes no amount.
    static func amount(_ text: String, currency: String, format: PriceFormat = PriceFormat()) throws -> String {
        var body = Substring(asciiNumerals(text))
        for spelling in CurrencySpellings.spellings(of: currency) {
            if body.hasPrefix(spelling) { body = body.dropFirst(spelling.count); break }
            if body.hasSuffix(spelling) { body = body.dropLast(spelling.count); break }
        }
        body = body.drop(while: { $0 == " " })
        while body.last == " " { body.removeLast() }
        let example = format.example(currency: currency)
        let grouping = format.groupingSeparator
        // Between the first digit and the last only digits and separators may stand: `1e3` or
        // `1$2` is no amount with a symbol, whatever the letters are.
        let isDigit = { (c: Character) in c.isASCII && c.isNumber }
        if let first = body.firstIndex(where: isDigit), let last = body.lastIndex(where: isDigit),
           body[first...last].contains(where: { !isDigit($0) && $0 != "." && $0 != "," && $0 != grouping }) {
            throw TagTextError.notAnAmount(text)
        }
        let symbol = body.filter { !($0.isASCII && ($0.isNumber || $0 == "." || $0 == ",")) && $0 != " " && $0 != grouping }
        if !symbol.isEmpty, CurrencySpellings.isCurrency(String(symbol)), body.contains(where: isDigit) {
            throw TagTextError.otherCurrency(text, symbol: String(symbol), expected: example)
        }
        do { return try canonical(body, text, format: format, example: example) } catch {
            // `1,288` where thousands are not grouped: say how to write it, and how to group them.
            guard grouping == nil else { throw error }
            for separator in PriceFormat.separators where separator != format.decimalSeparator && body.contains(separator) {
                var grouped = format
                grouped.groupingSeparator = separator
                guard let amount = try? canonical(body, text, format: grouped, example: example) else { continue }
                throw TagTextError.ungrouped(text, amount: amount, format: grouped.example(currency: currency))
            }
            throw error
        }
    }

    /// `body`, digits and separators only, as a canonical amount in `format`.
    private static func canonical(_ body: Substring, _ text: String, format: PriceFormat, example: String) throws -> String {
        let grouping = format.groupingSeparator
        // `.` is a decimal point too, unless it groups thousands.
        let points: [Character] = grouping == "." ? [format.decimalSeparator] : [format.decimalSeparator, "."]
        if body.contains(where: { ($0 == "," || $0 == ".") && !points.contains($0) && $0 != grouping }) {
            throw TagTextError.separator(text, expected: example)
        }
        let point = body.lastIndex(where: { points.contains($0) })
        var integer = point.map { body[..<$0] } ?? body
        let fraction = point.map { body[body.index(after: $0)...] }
        if let grouping, integer.contains(grouping) {
            let groups = integer.split(separator: grouping, omittingEmptySubsequences: false)
            guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
                throw TagTextError.grouping(text, expected: example)
            }
            integer = Substring(groups.joined())
        }
        let isDigits = { (s: Substring) in !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        guard isDigits(integer), integer.count <= 12,
              fraction.map({ isDigits($0) && $0.count <= 2 }) ?? true
        else { throw TagTextError.notAnAmount(text) }
        let whole = String(integer.drop(while: { $0 == "0" }))
        let canonical = whole.isEmpty ? "0" : whole
        guard let fraction else { return canonical }
        return canonical + "." + (fraction.count == 1 ? fraction + "0" : String(fraction))
    }

    /// `text` with the full-width digits (`１２`), full stop (`．`) and comma (`，`) an input
    /// method gives read as their ASCII forms, so `￥１２．５０` is `￥12.50`. The ideographic full
    /// stop (`。`) ends a sentence and is no decimal point: it stays, and makes no amount.
    static func asciiNumerals(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFF0C...0xFF19).contains($0.value) }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xFF10...0xFF19, 0xFF0C, 0xFF0E: scalars.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// Why a tag's text was refused. All are usage errors (exit 64): the user typed something invalid.
public enum TagTextError: TagProjError, Equatable {
    /// Nothing left after trimming.
    case empty
    /// A dish name of this many grapheme clusters, over the limit.
    case tooLong(Int)
    /// A control character or line break.
    case control(Unicode.Scalar)
    /// A price that is not an amount.
    case notAnAmount(String)
    /// A price carrying another currency's `symbol`; `expected` shows how the project writes one.
    case otherCurrency(String, symbol: String, expected: String)
    /// A price whose decimal separator is not the project's; `expected` shows how it writes one.
    case separator(String, expected: String)
    /// A price whose digits are not grouped by thousands as the project groups them (`1,28` in
    /// a `¥1,280` project); `expected` shows how it writes one.
    case grouping(String, expected: String)
    /// A price that groups thousands (`1,288`) in a project that groups none: `amount` is how it
    /// is written there (`1288`), and `format` a sample of the project's format with the grouping
    /// (`¥1,280.00`), which `set --price-format` takes to group them.
    case ungrouped(String, amount: String, format: String)
    /// A dish's price that is empty.
    case emptyPrice
    /// A price given to a price tag, whose price is its text.
    case priceOfPriceTag
    /// An edit that names neither a new text nor a price.
    case nothingToEdit

    /// What is wrong, and for a price what is expected.
    public var message: String {
        switch self {
        case .empty: return tr("tag text is empty")
        case .tooLong(let n):
            return tr("tag text is {length} characters long; the limit is {limit}", ["length": n, "limit": TagText.maximumLength])
        case .control(let s):
            // TRANSLATORS: {code} is a Unicode code point in hexadecimal (000A).
            return tr("tag text contains a control character or line break (U+{code})", ["code": hex(s.value)])
        case .notAnAmount(let t): return tr("'{text}' is not an amount; a price is a number such as 38 or 12.50", ["text": t])
        case let .otherCurrency(t, _, expected):
            // TRANSLATORS: {expected} is a sample price as the project writes it (¥38).
            return tr("'{text}' carries a currency symbol this project does not use; it writes prices as {expected}", ["text": t, "expected": expected])
        case let .separator(t, expected):
            // TRANSLATORS: {expected} is a sample price as the project writes it (¥12.50).
            return tr("'{text}' has a decimal separator this project does not use; it writes prices as {expected}", ["text": t, "expected": expected])
        case let .grouping(t, expected):
            // TRANSLATORS: {expected} is a sample price as the project writes it (¥1,280).
            return tr("'{text}' does not group its digits by thousands as this project does; it writes prices as {expected}", ["text": t, "expected": expected])
        case let .ungrouped(t, amount, _):
            return tr("'{text}' groups its digits by thousands, which this project does not; write it as {amount}", ["text": t, "amount": amount])
        case .emptyPrice: return tr("the price is empty; a price is a number such as 38 or 12.50")
        case .priceOfPriceTag: return tr("a price tag's price is its text; only a dish tag carries a price of its own")
        case .nothingToEdit: return tr("an edit needs a new text or a price")
        }
    }

    /// The user typed something invalid.
    public var meaning: ErrorMeaning { .invalidRequest }

    /// For a price given to a price tag: how its price is changed instead.
    public var advice: String? {
        self == .priceOfPriceTag ? tr("to change a price tag's price, edit its text") : nil
    }
}

/// `0041`-style upper-case hexadecimal, at least four digits, as Unicode code points are written.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension Character {
    /// A currency sign (`$`, `€`, `¥`: Unicode category Sc).
    var isCurrencySymbol: Bool { unicodeScalars.first?.properties.generalCategory == .currencySymbol }
}
