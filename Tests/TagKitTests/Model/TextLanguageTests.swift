import Testing
@testable import TagKit

/// A project's text language: a small, sane part of BCP 47, kept in canonical case, and the names
/// fontconfig and HarfBuzz are given.
@Suite struct TextLanguageTests {
    @Test(arguments: [("zh-Hans", "zh-Hans"), ("ZH-HANS", "zh-Hans"), ("zh_hant", "zh-Hant"), ("ja", "ja"), ("KO", "ko"),
                      ("en", "en"), ("pt-br", "pt-BR"), ("es-419", "es-419"), ("zh-hant-hk", "zh-Hant-HK"), ("und", "und"),
                      ("yue", "yue")])
    func aTagIsKeptInCanonicalCase(_ text: String, _ tag: String) throws {
        #expect(try TextLanguage(parsing: text).tag == tag)
    }

    @Test(arguments: ["", "c", "chinese", "zh-", "-zh", "zh--Hans", "zh-Hans-CN-x", "zh-Hansi", "zh-C", "zh-12", "en-US-POSIX",
                      "中文", "zh Hans", "x-private"])
    func anythingElseIsRefusedSayingWhatALanguageIs(_ text: String) {
        #expect(throws: SettingsError(setting: .language, problem: .notALanguage)) { try TextLanguage(parsing: text) }
        #expect(SettingsError(setting: .language, problem: .notALanguage).message
            == "the language is a BCP 47 tag such as 'zh-Hans', 'zh-Hant', 'ja', 'ko' or 'en'")
    }

    @Test(arguments: [("zh-Hans", "zh-cn"), ("zh-Hant", "zh-tw"), ("zh-Hant-HK", "zh-hk"), ("zh-Hans-SG", "zh-sg"), ("zh-TW", "zh-tw"),
                      ("ja", "ja"), ("ko", "ko"), ("en", "en"), ("pt-BR", "pt-br"), ("sr-Latn", "sr"), ("und", "und")])
    func fontconfigIsAskedInItsOwnForm(_ tag: String, _ name: String) throws {
        #expect(try TextLanguage(parsing: tag).fontconfigName == name)
    }

    @Test func harfBuzzShapesInTheTagAndHanAsEveryProjectDidWhereTheLanguageSaysNothingOfIt() throws {
        for han in [false, true] {
            #expect(try TextLanguage(parsing: "ja").harfBuzzTag(han: han) == "ja")
            #expect(try TextLanguage(parsing: "zh-Hant").harfBuzzTag(han: han) == "zh-Hant")
            #expect(try TextLanguage(parsing: "ko").harfBuzzTag(han: han) == "ko")
            #expect(TextLanguage.undetermined.harfBuzzTag(han: han) == "zh-Hans")
        }
        #expect(try TextLanguage(parsing: "en").harfBuzzTag(han: false) == "en")
        #expect(try TextLanguage(parsing: "en").harfBuzzTag(han: true) == "zh-Hans")
        #expect(try TextLanguage(parsing: "UND") == .undetermined)
    }

    @Test func aSettingsChangeSetsTheLanguageCanonically() throws {
        let settings = try SettingsChange(language: "zh_hans").applied(to: ProjectSettings())
        #expect(settings.language.tag == "zh-Hans" && ProjectSettings().language == .undetermined)
    }
}
