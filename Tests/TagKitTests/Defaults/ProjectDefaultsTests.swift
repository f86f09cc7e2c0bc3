import Testing
@testable import TagKit

/// A new project's defaults: flag, then config file, then locale, then tagproj's own; the
/// locale's monetary conventions mapped onto a price format.
@Suite struct ProjectDefaultsTests {
    @Test(arguments: [("de_DE.UTF-8", "12,50 €"), ("en_US.UTF-8", "$12.50"), ("C", "¥12.50"), ("POSIX", "¥12.50"),
                      ("xx_NOWHERE.UTF-8", "¥12.50")])
    func theLocaleGivesThePriceFormat(_ locale: String, _ price: String) throws {
        let defaults = try ProjectDefaults.resolve(flags: SettingsChange(), config: UserConfig(), configPath: "cfg",
                                                   environment: ["LC_ALL": locale])
        #expect(defaults.settings.priceFormat.label(amount: "12.50", currency: defaults.settings.currency) == price)
        let installed = price != "¥12.50"
        #expect(defaults.origins.currency == (installed ? .locale(locale) : .builtIn))
        #expect(defaults.origins.font == .builtIn && defaults.origins.tagScale == .builtIn)
    }

    @Test func theLocaleIsNamedInPOSIXOrder() {
        #expect(LocalePriceFormat.localeName(in: ["LANG": "a", "LC_MONETARY": "b", "LC_ALL": "c"]) == "c")
        #expect(LocalePriceFormat.localeName(in: ["LANG": "a", "LC_MONETARY": "b", "LC_ALL": ""]) == "b")
        #expect(LocalePriceFormat.localeName(in: ["LANG": "a"]) == "a")
        #expect(LocalePriceFormat.localeName(in: [:]) == nil)
        #expect(LocalePriceFormat.from(environment: ["LANG": "en_US.UTF-8", "LC_MONETARY": "de_DE.UTF-8"])?.currency == "€")
    }

    @Test func theMappingKeepsWhatAPriceFormatExpressesAndRefusesTheRest() {
        let de = LocalePriceFormat.mapping(locale: "de", symbol: "€", precedes: 0, separatedBySpace: 1, decimalPoint: ",")
        #expect(de == LocalePriceFormat(locale: "de", format: PriceFormat(symbol: .after, spaced: true, decimalSeparator: ","), currency: "€"))
        // p_sep_by_space 2 puts the space by the sign, of which a price has none.
        #expect(LocalePriceFormat.mapping(locale: "x", symbol: "kr", precedes: 1, separatedBySpace: 2, decimalPoint: ".")?.format.spaced == false)
        // No symbol (C), no conventions (CHAR_MAX), a separator a project cannot draw, a symbol it cannot hold.
        #expect(LocalePriceFormat.mapping(locale: "C", symbol: "", precedes: 127, separatedBySpace: 127, decimalPoint: "") == nil)
        #expect(LocalePriceFormat.mapping(locale: "x", symbol: "¤", precedes: 127, separatedBySpace: 0, decimalPoint: ".") == nil)
        #expect(LocalePriceFormat.mapping(locale: "ar", symbol: "د.إ", precedes: 1, separatedBySpace: 1, decimalPoint: "٫") == nil)
        #expect(LocalePriceFormat.mapping(locale: "x", symbol: "Fr.", precedes: 1, separatedBySpace: 1, decimalPoint: ".") == nil)
    }

    @Test func aFlagBeatsTheConfigWhichBeatsTheLocale() throws {
        var config = UserConfig()
        try config.set(.priceFormat, to: "38元")
        try config.set(.tagScale, to: "1.5")
        let env = ["LC_ALL": "de_DE.UTF-8"]
        let d = try ProjectDefaults.resolve(flags: SettingsChange(font: "DejaVu Sans"), config: config, configPath: "cfg", environment: env)
        #expect(d.settings.priceFormat.label(amount: "38", currency: d.settings.currency) == "38元")
        #expect(d.settings.tagScale == 1.5 && d.settings.font == "DejaVu Sans")
        #expect(d.origins == SettingOrigins(currency: .config(path: "cfg"), priceFormat: .config(path: "cfg"), font: .flag,
                                            language: .locale("de_DE.UTF-8"), tagScale: .config(path: "cfg")))
        // A flag's currency on the config's format; a sample without a symbol changes the separator only.
        let e = try ProjectDefaults.resolve(flags: SettingsChange(currency: "$"), config: config, configPath: "cfg", environment: env)
        #expect(e.settings.priceFormat.label(amount: "38", currency: e.settings.currency) == "38$")
        #expect(e.origins.currency == .flag && e.origins.priceFormat == .config(path: "cfg"))
        let f = try ProjectDefaults.resolve(flags: SettingsChange(priceFormat: "12.50"), config: UserConfig(), configPath: "cfg", environment: env)
        #expect(f.settings.priceFormat.label(amount: "12.50", currency: f.settings.currency) == "12.50 €")
        #expect(f.origins.currency == .locale("de_DE.UTF-8") && f.origins.priceFormat == .flag)
        #expect(throws: SettingsError(setting: .tagScale, problem: .outOfRange)) {
            try ProjectDefaults.resolve(flags: SettingsChange(tagScale: 5), config: config, configPath: "cfg", environment: env)
        }
    }

    @Test(arguments: [("zh_CN.UTF-8", "zh-Hans"), ("zh_SG.GBK", "zh-Hans"), ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.UTF-8", "zh-Hant"),
                      ("zh_MO", "zh-Hant"), ("ja_JP.UTF-8", "ja"), ("ko_KR.EUC-KR", "ko"), ("en_US.UTF-8", "en"),
                      ("de_DE.UTF-8@euro", "de"), ("fr", "fr")])
    func theLocaleGivesTheLanguage(_ locale: String, _ tag: String) throws {
        let d = try ProjectDefaults.resolve(flags: SettingsChange(), config: UserConfig(), configPath: "cfg", environment: ["LANG": locale])
        #expect(d.settings.language.tag == tag && d.origins.language == .locale(locale))
    }

    @Test func cPOSIXAndNoLocaleLeaveTheLanguageUndetermined() throws {
        for environment in [["LC_ALL": "C"], ["LC_ALL": "POSIX"], ["LANG": "C.UTF-8"], [:], ["LANG": "1234"]] {
            let d = try ProjectDefaults.resolve(flags: SettingsChange(), config: UserConfig(), configPath: "cfg", environment: environment)
            #expect(d.settings.language == .undetermined && d.origins.language == .builtIn, "\(environment)")
        }
    }

    @Test func theLanguageIsTakenFromLCAllThenLCCTypeThenLang() {
        #expect(TextLanguage.localeName(in: ["LANG": "a", "LC_CTYPE": "b", "LC_ALL": "c"]) == "c")
        #expect(TextLanguage.localeName(in: ["LANG": "a", "LC_CTYPE": "b", "LC_ALL": ""]) == "b")
        #expect(TextLanguage.localeName(in: ["LANG": "a", "LC_MONETARY": "b"]) == "a")
        #expect(TextLanguage.localeName(in: [:]) == nil)
    }

    @Test func theLanguageComesFromTheFlagThenTheConfigThenTheLocale() throws {
        var config = UserConfig()
        try config.set(.language, to: "zh-hant")
        let env = ["LANG": "ja_JP.UTF-8"]
        let flag = try ProjectDefaults.resolve(flags: SettingsChange(language: "KO"), config: config, configPath: "cfg", environment: env)
        #expect(flag.settings.language.tag == "ko" && flag.origins.language == .flag)
        let configured = try ProjectDefaults.resolve(flags: SettingsChange(), config: config, configPath: "cfg", environment: env)
        #expect(configured.settings.language.tag == "zh-Hant" && configured.origins.language == .config(path: "cfg"))
        let local = try ProjectDefaults.resolve(flags: SettingsChange(), config: UserConfig(), configPath: "cfg", environment: env)
        #expect(local.settings.language.tag == "ja" && local.origins.language == .locale("ja_JP.UTF-8"))
        #expect(throws: SettingsError(setting: .language, problem: .notALanguage)) {
            try ProjectDefaults.resolve(flags: SettingsChange(language: "Chinese"), config: config, configPath: "cfg", environment: env)
        }
        #expect(throws: ConfigValueError.self) { try config.set(.language, to: "zh-Hans-CN-x") }
    }

    @Test func storedOriginsReadBack() {
        for origin in [SettingOrigin.flag, .builtIn, .config(path: "/a/b"), .locale("de_DE.UTF-8")] {
            #expect(origin.stored.flatMap(SettingOrigin.init(stored:)) == origin)
        }
        #expect(SettingOrigin.unknown.stored == nil && SettingOrigin(stored: "config:") == nil && SettingOrigin(stored: "elsewhere") == nil)
    }
}
