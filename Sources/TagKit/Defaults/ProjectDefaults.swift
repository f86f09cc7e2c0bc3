import Glibc

/// The settings a new project starts with, and where each came from: the one place that decides
/// them, for every front end that creates projects (`tagproj new`, `tagproj menu`, the editor's
/// gallery).
///
/// For each setting the first source that gives it wins: a flag (`flags`), then the user's config
/// file (`UserConfig`, `new.*` keys), then the user's locale (the monetary one for the currency
/// and price format: `LocalePriceFormat`; the character one for the language:
/// `TextLanguage.fromLocale`), then tagproj's own default (`¥12.50`, the default font, language
/// `und`, scale 1).
/// A price format sample that carries a symbol (`12,50 €`) sets the currency too, at its own
/// level, unless the same level gives the currency; one without (`12,50`) sets the separator only.
public struct ProjectDefaults: Equatable, Sendable {
    /// The settings, validated.
    public var settings: ProjectSettings
    /// Where each came from.
    public var origins: SettingOrigins

    /// The defaults for `environment` (the process's: `ProcessEnvironment.current()`): its config
    /// file (`UserConfig.path(environment:)`) read, then `resolve(flags:config:configPath:environment:)`.
    /// - Throws: `ConfigError` for a config file that cannot be used (bad input, as a damaged
    ///   project), `FileError` when it cannot be read, `SettingsError` for a flag out of its rules.
    public static func resolve(flags: SettingsChange, environment: [String: String]) throws -> ProjectDefaults {
        let path = UserConfig.path(environment: environment)
        let config = try path.map { try UserConfig.load($0) } ?? UserConfig()
        return try resolve(flags: flags, config: config, configPath: path ?? "", environment: environment)
    }

    /// The defaults from `flags`, `config` (read from `configPath`) and the locale `environment`
    /// names, without reading any file. Throws `SettingsError` for a value out of its rules.
    public static func resolve(flags: SettingsChange, config: UserConfig, configPath: String,
                               environment: [String: String]) throws(SettingsError) -> ProjectDefaults {
        var defaults = ProjectDefaults(settings: ProjectSettings(), origins: SettingOrigins(all: .builtIn))
        if let locale = LocalePriceFormat.from(environment: environment) {
            defaults.settings.priceFormat = locale.format
            defaults.settings.currency = locale.currency
            defaults.origins.currency = .locale(locale.locale)
            defaults.origins.priceFormat = .locale(locale.locale)
        }
        if let name = TextLanguage.localeName(in: environment), let language = TextLanguage.fromLocale(name) {
            defaults.settings.language = language
            defaults.origins.language = .locale(name)
        }
        let fromConfig = SettingsChange(currency: config.value(.currency), priceFormat: config.value(.priceFormat),
                                        font: config.value(.font), language: config.value(.language),
                                        tagScale: config.value(.tagScale).flatMap(UserConfig.Key.number))
        try defaults.apply(fromConfig, from: .config(path: configPath))
        try defaults.apply(flags, from: .flag)
        return defaults
    }

    /// `change` made on top, each setting it gives taking `origin`.
    private mutating func apply(_ change: SettingsChange, from origin: SettingOrigin) throws(SettingsError) {
        settings = try change.applied(to: settings)
        if change.currency != nil { origins.currency = origin }
        if let sample = change.priceFormat {
            origins.priceFormat = origin
            if change.currency == nil, let symbol = try? PriceFormat.sample(sample).currency, !symbol.isEmpty { origins.currency = origin }
        }
        if change.font != nil { origins.font = origin }
        if change.language != nil { origins.language = origin }
        if change.tagScale != nil { origins.tagScale = origin }
    }
}

/// The process's environment as a dictionary, for the functions that take one explicitly.
public enum ProcessEnvironment {
    /// Every variable of this process (`environ`); a later duplicate name wins.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") { result[String(text[..<eq])] = String(text[text.index(after: eq)...]) }
            p += 1
        }
        return result
    }

    /// The locale a category is in, by POSIX's order: the first of `names` (`LC_ALL`, the
    /// category's own variable, `LANG`) that `environment` sets and does not leave empty; nil
    /// when none is, which is the C locale.
    static func locale(from names: [String], in environment: [String: String]) -> String? {
        names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}
