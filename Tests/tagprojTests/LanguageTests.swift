import Foundation
import Testing
@testable import TagKit

/// A project's text language: from `new --language`, the config file or the locale, shown by
/// `info`, changed by `set --language` as an entry undo takes back, and picking the faces and
/// glyph forms its tags are drawn with, which the project carries.
@Suite struct LanguageTests {
    @Test func newTakesTheFlagAndInfoShowsItWithItsOrigin() throws {
        let cli = CLI()
        #expect(try cli("new", "p.tagproj", CLI.coffee, "--language", "zh_hans").status == 0)
        let info = try cli("info", "p.tagproj").stdout
        #expect(info.contains("language:     zh-Hans\n") && info.contains("              language: flag\n"), "\(info)")
        let json = try CLI.json(try cli("info", "p.tagproj", "--json"))
        #expect(json["language"] as? String == "zh-Hans")
        #expect((json["origins"] as? [String: Any])?["language"] as? [String: String] == ["from": "flag"])
    }

    @Test func withoutTheFlagTheConfigFileThenTheLocaleThenUnd() throws {
        let cli = CLI()
        #expect(try cli("new", "c.tagproj", CLI.coffee).status == 0)
        let c = try cli("info", "c.tagproj").stdout
        #expect(c.contains("language:     und (not said: Han characters in Chinese forms)\n") && c.contains("language: default\n"), "\(c)")
        #expect(try cli("new", "tw.tagproj", CLI.coffee, environment: ["LC_ALL": "", "LC_CTYPE": "zh_TW.UTF-8"]).status == 0)
        #expect(try cli("info", "tw.tagproj").stdout.contains("language:     zh-Hant\n"))
        #expect(try cli("info", "tw.tagproj").stdout.contains("language: locale zh_TW.UTF-8\n"))
        #expect(try cli("config", "new.language", "JA").status == 0)
        #expect(try cli("config", "new.language").stdout == "JA\n")
        #expect(try cli("new", "ja.tagproj", CLI.coffee, environment: ["LC_ALL": "zh_CN.UTF-8"]).status == 0)
        let ja = try cli("info", "ja.tagproj").stdout
        #expect(ja.contains("language:     ja\n") && ja.contains("language: config file \(cli.path(".config/tagproj/config"))\n"), "\(ja)")
        expectFailure(try cli("config", "new.language", "Chinese"), 64,
                      "error: new.language: the language is a BCP 47 tag such as 'zh-Hans', 'zh-Hant', 'ja', 'ko' or 'en'")
    }

    @Test func aLanguageThatIsNotOneIsAUsageErrorWithAHint() throws {
        let cli = CLI()
        let bad = try cli("new", "p.tagproj", CLI.coffee, "--language", "zh-CN-Hans")
        #expect(bad.status == 64 && bad.errorLines.prefix(2) == [
            "error: the language is a BCP 47 tag such as 'zh-Hans', 'zh-Hant', 'ja', 'ko' or 'en'",
            "hint: pass --language a tag such as zh-Hans (Simplified Chinese), zh-Hant (Traditional), ja, ko or en",
        ], "\(bad)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
    }

    @Test func setChangesTheLanguageAsOneEntryThatUndoTakesBack() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "骨直令", "--at", "0.3,0.4").status == 0)
        #expect(try cli("export", project, "und.png").status == 0)
        let set = try cli("set", project, "--language", "ja")
        #expect(set.status == 0 && set.stderr == "set language ja\n", "\(set)")
        #expect(try cli("info", project).stdout.contains("language:     ja\n"))
        #expect(try cli("info", project).stdout.contains("language: entry #2 (set language ja)\n"))
        #expect(try cli("export", project, "ja.png").status == 0)
        #expect(cli.bytes("ja.png") != cli.bytes("und.png"), "骨直令 in its Japanese forms")
        #expect(try cli("history", project).stdout.contains("set language ja"))
        #expect(try cli("undo", project).status == 0)
        #expect(try cli("info", project).stdout.contains("language:     und"))
        #expect(try cli("info", project).stdout.contains("language: default\n"))
        #expect(try cli("export", project, "undone.png").status == 0)
        #expect(cli.bytes("undone.png") == cli.bytes("und.png"))
        #expect(try cli("check", project).status == 0)
        let json = try cli("request", project, #"{"op":"set","language":"zh-Hant"}"#)
        #expect(json.status == 0 && json.stdout.contains("set language zh-Hant"), "\(json)")
        #expect(try cli("check", project).status == 0)
    }

    @Test func theLanguagePicksTheFaceOfTheCollectionAndTheProjectCarriesIt() throws {
        let cli = CLI()
        let env = try EmbeddedFontsTests.withoutFonts(cli)
        var pictures: [String: Data] = [:]
        for (name, options) in [("zh-Hans", ["--language", "zh-Hans"]), ("ja", ["--language", "ja"]),
                                ("sc", ["--language", "zh-Hans", "--font", "Noto Sans CJK SC"]), ("jp", ["--language", "ja", "--font", "Noto Sans CJK JP"])] {
            let project = name + ".tagproj"
            #expect(try cli.run(["new", project, CLI.coffee] + options).status == 0)
            #expect(try cli("add", project, "dish", "骨直令", "--at", "0.3,0.4").status == 0)
            #expect(try cli("export", project, name + ".png").status == 0)
            // Drawn from the subsets it carries, the picture is the same where no font is installed.
            let bare = try cli.run(["export", project, name + "-bare.png"], environment: env)
            #expect(bare.status == 0 && cli.bytes(name + "-bare.png") == cli.bytes(name + ".png"), "\(bare)")
            pictures[name] = cli.bytes(name + ".png")
        }
        #expect(pictures["zh-Hans"] != pictures["ja"])
        #expect(pictures["zh-Hans"] == pictures["sc"] && pictures["ja"] == pictures["jp"])
        #expect(try cli("info", "zh-Hans.tagproj").stdout.contains("Noto Sans CJK SC Regular"))
        #expect(try cli("info", "ja.tagproj").stdout.contains("Noto Sans CJK JP Regular"))
    }

    @Test func aFontFamilyPicksItsFaceInsideTheCollection() throws {
        let cli = CLI()
        for face in ["Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK KR"] {
            let project = cli.path(face.replacingOccurrences(of: " ", with: "-") + ".tagproj")
            #expect(try cli("new", project, CLI.coffee, "--font", face).status == 0)
            #expect(try cli("add", project, "dish", "骨直令").status == 0)
            let fonts = try cli("info", project).stdout.split(separator: "\n").filter { $0.contains("subset") }
            #expect(fonts.count == 1 && fonts[0].contains("\(face) Regular"), "\(fonts)")
        }
    }
}
