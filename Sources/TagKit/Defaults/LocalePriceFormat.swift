import Glibc

/// The price format the user's locale writes: `LC_MONETARY` read through `localeconv()`
/// (<https://pubs.opengroup.org/onlinepubs/9799919799/functions/localeconv.html>), mapped onto what
/// a `PriceFormat` can express.
///
/// The locale is named by the environment given (`LC_ALL`, else `LC_MONETARY`, else `LANG`, the
/// POSIX order) and opened with `newlocale` for the monetary category only, used on this thread
/// for the one `localeconv()` call, then freed: the process's own locale (the C locale, in which
/// every number is parsed and written) is never changed, and no other category is read.
///
/// What is kept: the symbol (`currency_symbol`, a full-width sign in its half-width form: zh_CN's
/// `￥` gives `¥`, which is drawn without the full-width glyph's gap and is what people type), whether
/// it goes before the amount (`p_cs_precedes`), whether a space separates them (`p_sep_by_space` 1),
/// and the decimal separator (`mon_decimal_point`). The thousands separator (`mon_thousands_sep`,
/// `mon_grouping`) is not taken, though a format may group (`--price-format '¥1,280'`): a grouped
/// default would make `1,288` typed in a new project read as 1288 where it was refused before,
/// `mon_grouping` need not be by threes (`3;2` in India), and a project's prices rarely reach four
/// digits; a user who wants grouping says so once, in `new.price-format`. What a `PriceFormat`
/// cannot express is lost: the number of decimals (`frac_digits`:
/// `38` stays `38` and `12.5` stays `12.5`), the sign and its position (prices are positive),
/// `p_sep_by_space` 2 (a space between sign and symbol, read as no space), and the international
/// form (`int_curr_symbol`).
public struct LocalePriceFormat: Equatable, Sendable {
    /// The locale's name as the environment gave it (`de_DE.UTF-8`).
    public var locale: String
    /// Where the symbol goes, the space, the separator.
    public var format: PriceFormat
    /// The locale's currency symbol (`€`).
    public var currency: String

    /// A format read from `locale`.
    public init(locale: String, format: PriceFormat, currency: String) {
        (self.locale, self.format, self.currency) = (locale, format, currency)
    }

    /// The monetary locale `environment` names: `LC_ALL`, else `LC_MONETARY`, else `LANG`
    /// (the first that is set and not empty); nil when none is, which is the C locale.
    public static func localeName(in environment: [String: String]) -> String? {
        ProcessEnvironment.locale(from: ["LC_ALL", "LC_MONETARY", "LANG"], in: environment)
    }

    /// The price format of the locale `environment` names, or nil where it has none to give:
    /// no locale named, `C` or `POSIX`, a locale that is not installed, or one whose symbol is
    /// empty, is not UTF-8, or is not one a project may hold (`ProjectSettings.validated()`), or
    /// whose decimal separator is neither `.` nor `,`. The caller then uses the built-in `¥12.50`.
    public static func from(environment: [String: String]) -> LocalePriceFormat? {
        guard let name = localeName(in: environment), name != "C", name != "POSIX" else { return nil }
        guard let conventions = monetaryConventions(of: name) else { return nil }
        return mapping(locale: name, symbol: conventions.symbol, precedes: conventions.precedes,
                       separatedBySpace: conventions.separatedBySpace, decimalPoint: conventions.decimalPoint)
    }

    /// The mapping itself, from `localeconv()`'s fields: nil when the symbol is empty or not
    /// one a project may hold, or the separator is neither `.` nor `,` (`CHAR_MAX`, 127, is
    /// what a locale without monetary conventions gives for the numbers).
    public static func mapping(locale: String, symbol: String, precedes: Int, separatedBySpace: Int,
                               decimalPoint: String) -> LocalePriceFormat? {
        let currency = CurrencySpellings.halfWidth(symbol.trimmedSpaces)
        guard !currency.isEmpty, precedes == 0 || precedes == 1,
              decimalPoint.count == 1, let separator = decimalPoint.first, PriceFormat.separators.contains(separator)
        else { return nil }
        let format = PriceFormat(symbol: precedes == 1 ? .before : .after, spaced: separatedBySpace == 1, decimalSeparator: separator)
        guard let settings = try? ProjectSettings(currency: currency, priceFormat: format).validated() else { return nil }
        return LocalePriceFormat(locale: locale, format: format, currency: settings.currency)
    }

    /// `localeconv()`'s monetary fields for locale `name`, or nil when it is not installed.
    private static func monetaryConventions(of name: String) -> (symbol: String, precedes: Int, separatedBySpace: Int, decimalPoint: String)? {
        guard let locale = newlocale(Int32(1) << LC_MONETARY, name, nil) else { return nil }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        guard let lconv = localeconv()?.pointee,
              let symbol = lconv.currency_symbol.flatMap({ String(validatingCString: $0) }),
              let point = lconv.mon_decimal_point.flatMap({ String(validatingCString: $0) })
        else { return nil }
        return (symbol, Int(lconv.p_cs_precedes), Int(lconv.p_sep_by_space), point)
    }
}
