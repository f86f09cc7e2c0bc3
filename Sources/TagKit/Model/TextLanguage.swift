/// The language a project's text is written in: a BCP 47 tag (`zh-Hans`, `zh-Hant`, `ja`, `ko`,
/// `en`), or `und` when nothing says which.
///
/// It picks the glyph forms of the Han characters Chinese, Japanese and Korean share (骨 drawn in
/// its Simplified Chinese form for `zh-Hans`, its Japanese one for `ja`) and every other choice of
/// font that depends on the language: fontconfig is asked for fonts of that language
/// (`fontconfigName`) and HarfBuzz shapes in it (`harfBuzzTag(han:)`), so the fonts' `locl`
/// features pick the regional forms.
///
/// Only a small, sane part of BCP 47 is taken: a language subtag of 2 or 3 letters, then
/// optionally a script of 4 letters and a region of 2 letters or 3 digits (`zh-Hant-HK`,
/// `pt-BR`, `es-419`); no variants or extensions. `_` is read as `-` (as a locale writes
/// `zh_CN`). The tag is kept in its canonical case: language lower, script title, region upper.
public struct TextLanguage: Hashable, Sendable, CustomStringConvertible {
    /// The canonical tag (`zh-Hans`).
    public let tag: String
    /// The language subtag (`zh`), lower case.
    public let language: String
    /// The script subtag (`Hans`), title case; nil when the tag has none.
    public let script: String?
    /// The region subtag (`CN`, `419`), upper case; nil when the tag has none.
    public let region: String?

    /// `und`: a project that does not say its language, as every project made before projects
    /// had one. It is drawn as they were (see `harfBuzzTag`).
    public static let undetermined = TextLanguage(language: "und", script: nil, region: nil)

    private init(language: String, script: String?, region: String?) {
        (self.language, self.script, self.region) = (language, script, region)
        tag = ([language] + [script, region].compactMap { $0 }).joined(separator: "-")
    }

    /// The language `text` names, in canonical case.
    /// Throws `SettingsError` (`.language`, `.notALanguage`) for anything outside the syntax above.
    public init(parsing text: String) throws(SettingsError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }.map(String.init)
        let letters = { (s: String) in s.utf8.allSatisfy { (65...90).contains($0) || (97...122).contains($0) } }
        let digits = { (s: String) in s.utf8.allSatisfy { (48...57).contains($0) } }
        guard let first = parts.first, (2...3).contains(first.utf8.count), letters(first), parts.count <= 3 else {
            throw SettingsError(setting: .language, problem: .notALanguage)
        }
        var rest = parts.dropFirst()
        var script: String?, region: String?
        if let next = rest.first, next.utf8.count == 4, letters(next) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let next = rest.first, (next.utf8.count == 2 && letters(next)) || (next.utf8.count == 3 && digits(next)) {
            region = next.uppercased()
            rest = rest.dropFirst()
        }
        guard rest.isEmpty else { throw SettingsError(setting: .language, problem: .notALanguage) }
        self.init(language: first.lowercased(), script: script, region: region)
    }

    /// The tag.
    public var description: String { tag }

    /// The language as fontconfig names languages (`FC_LANG`, its orthographies' names): lower
    /// case, with the region and without the script. Chinese is named by the region its script
    /// is written in: `zh-Hans` is `zh-cn` (`zh-sg` in Singapore), `zh-Hant` is `zh-tw`
    /// (`zh-hk`, `zh-mo`). `und` stays `und`.
    public var fontconfigName: String {
        if language == "zh", let script {
            let regions = script == "Hant" ? ["HK", "MO"] : script == "Hans" ? ["SG"] : []
            if let region, regions.contains(region) { return "zh-" + region.lowercased() }
            if script == "Hant" { return "zh-tw" }
            if script == "Hans" { return "zh-cn" }
        }
        return ([language] + [region].compactMap { $0 }).joined(separator: "-").lowercased()
    }

    /// The tag HarfBuzz shapes a run with (`hb_buffer_set_language`): the tag itself, except where
    /// it says nothing of the forms of Han characters. Every label was shaped as `zh-Hans` before
    /// projects had a language, so `und` shapes as `zh-Hans` (a project that does not say its
    /// language draws exactly as it always did), and so do the Han runs (`han`) of a language
    /// that is not Chinese, Japanese or Korean: a dish named 宫保鸡丁 in an `en` project keeps its
    /// Chinese forms, whichever CJK face fontconfig falls back to.
    func harfBuzzTag(han: Bool) -> String {
        self == .undetermined || (han && !Self.hanLanguages.contains(language)) ? "zh-Hans" : tag
    }

    /// The language subtags whose tags say which forms Han characters take (Cantonese's too).
    static let hanLanguages: Set<String> = ["zh", "ja", "ko", "yue"]

    /// The language a locale name gives (`zh_CN.UTF-8`, `ja_JP`, `en_US.UTF-8@euro`): Chinese by
    /// its region's script (`zh_CN` and `zh_SG` are `zh-Hans`; `zh_TW`, `zh_HK` and `zh_MO` are
    /// `zh-Hant`), any other its language subtag alone (`ja_JP` is `ja`, `en_US` is `en`); nil for
    /// `C`, `POSIX`, and a name whose language is not one.
    public static func fromLocale(_ name: String) -> TextLanguage? {
        let base = name.prefix { $0 != "." && $0 != "@" }
        let parts = base.split(separator: "_", maxSplits: 1).map(String.init)
        guard let first = parts.first, first != "C", first != "POSIX",
              let language = try? TextLanguage(parsing: first) else { return nil }
        guard language.language == "zh", parts.count == 2 else { return language }
        switch parts[1].uppercased() {
        case "CN", "SG": return TextLanguage(language: "zh", script: "Hans", region: nil)
        case "TW", "HK", "MO": return TextLanguage(language: "zh", script: "Hant", region: nil)
        default: return language
        }
    }

    /// The locale `environment` names for the text's characters: `LC_ALL`, else `LC_CTYPE`, else
    /// `LANG` (the first that is set and not empty, the POSIX order); nil when none is.
    public static func localeName(in environment: [String: String]) -> String? {
        ProcessEnvironment.locale(from: ["LC_ALL", "LC_CTYPE", "LANG"], in: environment)
    }
}
