/// The ways people type one currency, in one table: which spellings a price may carry for its
/// project's currency, which full-width signs are drawn in their half-width form, and which words
/// name a currency at all.
///
/// Chinese, Japanese and Korean input methods give the full-width forms of the currency signs
/// (U+FFE0–U+FFE6, U+FF04): `￥` as wide as a CJK character, so `￥38` looks like `¥ 38`; and a yuan
/// price is written `¥38`, `￥38`, `38元` or `RMB 38` alike. So in a yuan project (currency `¥`,
/// `￥`, `元` or `RMB`) each of these means its symbol, in a dollar project `$` and `＄` do, and a
/// full-width sign is always drawn as its half-width one.
public enum CurrencySpellings {
    /// One currency: its sign, the sign's full-width form, and the words people write for it.
    struct Currency {
        /// The half-width sign, as drawn.
        let sign: Character
        /// The full-width form an input method gives, drawn as `sign`.
        let fullWidth: Character?
        /// Words for it, before or after an amount (`38元`, `RMB 38`).
        let words: [String]

        /// Every spelling, the longest first, so `RMB` is taken whole.
        var spellings: [String] {
            ([String(sign)] + (fullWidth.map { [String($0)] } ?? []) + words).sorted { $0.count > $1.count }
        }
    }

    /// The currencies whose spellings are equivalent in a price.
    static let currencies: [Currency] = [
        Currency(sign: "¥", fullWidth: "￥", words: ["元", "RMB"]),
        Currency(sign: "$", fullWidth: "＄", words: []),
        Currency(sign: "€", fullWidth: nil, words: []),
        Currency(sign: "£", fullWidth: "￡", words: []),
        Currency(sign: "₩", fullWidth: "￦", words: []),
        Currency(sign: "¢", fullWidth: "￠", words: []),
    ]

    /// Words naming a currency that no table row makes equivalent to another spelling: a price
    /// carrying one is in another currency (`set --currency` is worth suggesting), where a stray
    /// letter (`12x`) is no amount at all.
    static let otherWords: Set<String> = ["円", "원", "CNY", "USD", "EUR", "GBP", "JPY", "KRW", "HKD", "TWD"]

    /// The spellings a price may carry for a project whose currency is `currency`: its row's, the
    /// longest first, or `currency` alone when no row has it; none for a project without one.
    public static func spellings(of currency: String) -> [String] {
        if currency.isEmpty { return [] }
        return currencies.first { $0.spellings.contains(currency) }?.spellings ?? [currency]
    }

    /// `text` with every full-width currency sign in its half-width form (`￥38` → `¥38`), as
    /// labels are drawn: the full-width glyph would leave a gap of its own width.
    public static func halfWidth(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value == 0xFF04 || (0xFFE0...0xFFE6).contains($0.value) }) else { return text }
        return String(text.map { c in currencies.first { $0.fullWidth == c }?.sign ?? c })
    }

    /// Whether `symbol`, found beside an amount, names a currency: a currency sign (Unicode Sc)
    /// with at most letters beside it (`$`, `US$`, `R$`), or a word for one (`元`, `RMB`, `USD`).
    public static func isCurrency(_ symbol: String) -> Bool {
        if currencies.contains(where: { $0.words.contains(symbol) }) || otherWords.contains(symbol) { return true }
        return symbol.contains(where: \.isCurrencySymbol) && symbol.allSatisfy { $0.isCurrencySymbol || $0.isLetter }
    }
}
