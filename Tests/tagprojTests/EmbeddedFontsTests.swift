import Foundation
import Testing
@testable import TagKit

/// A project carries the subsets of its fonts: it exports the same where no font is installed.
@Suite struct EmbeddedFontsTests {
    /// An environment in which fontconfig knows no font at all: a configuration with no `<dir>`,
    /// its cache in the test's folder, and no fallback memo.
    static func withoutFonts(_ cli: CLI) throws -> [String: String] {
        let config = cli.path("empty-fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><cachedir>\(cli.path("fc-cache"))</cachedir></fontconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        return ["FONTCONFIG_FILE": config, "TAGPROJ_FONT_MEMO": "0", "XDG_CACHE_HOME": cli.path("cache")]
    }

    /// Labels of each script the fonts come from.
    static let scripts: [(kind: String, text: String)] = [("dish", "Kung Pao Chicken"), ("dish", "宫保鸡丁"), ("dish", "🍜 Ramen"),
                                                          ("price", "38"), ("dish", "بيتزا 30 سم")]

    @Test("fc-list under the empty configuration lists no font")
    func theEmptyConfigurationHasNoFonts() throws {
        let cli = CLI()
        let env = try Self.withoutFonts(cli)
        let list = try cli.run(program: "/usr/bin/fc-list", [], environment: env)
        #expect(list.status == 0 && list.stdout.isEmpty, "\(list)")
    }

    @Test("A Latin, CJK, emoji, price or Arabic tag exports byte for byte the same with no fonts installed", arguments: scripts.map(\.text))
    func exportIsTheSameWithoutFonts(text: String) throws {
        let cli = CLI()
        let project = try cli.newProject()
        let kind = Self.scripts.first { $0.text == text }!.kind
        #expect(try cli("add", project, kind, text, "--at", "0.3,0.4").status == 0)
        let env = try Self.withoutFonts(cli)
        for format in ["png", "jpg"] {
            #expect(try cli("export", project, "with-fonts.\(format)").status == 0)
            let bare = try cli.run(["export", project, "no-fonts.\(format)"], environment: env)
            #expect(bare.status == 0, "\(bare)")
            #expect(cli.bytes("with-fonts.\(format)") == cli.bytes("no-fonts.\(format)"))
        }
        // And it is the picture the installed fonts draw: the tag's subsets removed, as in a
        // project from before them, it exports the same, and not at all without fonts.
        try Database(path: cli.path(project)).execute("DELETE FROM tag_fonts")
        #expect(try cli("export", project, "installed.png").status == 0)
        #expect(cli.bytes("installed.png") == cli.bytes("with-fonts.png"))
        let failed = try cli.run(["export", project, "fails.png"], environment: env)
        #expect(failed.status != 0 && !FileManager.default.fileExists(atPath: cli.path("fails.png")), "\(failed)")
    }

    @Test("A dish's price, its currency symbol too, is in the subsets: it exports the same with no fonts, after edit and undo")
    func aDishsPriceIsDrawnFromTheSubsets() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("set", project, "--price-format", "12,50 €").status == 0)
        #expect(try cli("add", project, "dish", "宫保鸡丁", "--price", "38,5", "--at", "0.3,0.4").status == 0)
        let env = try Self.withoutFonts(cli)
        for step in [["edit", project, "1", "--price", "42"], ["undo", project]] {
            #expect(try cli("export", project, "with-fonts.png").status == 0)
            let bare = try cli.run(["export", project, "no-fonts.png"], environment: env)
            #expect(bare.status == 0, "\(bare)")
            #expect(cli.bytes("with-fonts.png") == cli.bytes("no-fonts.png"))
            #expect(try cli.run(step).status == 0)
        }
        try Database(path: cli.path(project)).execute("DELETE FROM tag_fonts")
        let failed = try cli.run(["export", project, "fails.png"], environment: env)
        #expect(failed.status != 0, "without subsets or fonts nothing draws the price: \(failed)")
    }

    @Test("A damaged embedded font is refused by name, exit 65, nothing written")
    func damagedFontIsRefused() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "宫保鸡丁").status == 0)
        // The table directory kept, every table after it overwritten.
        let db = try Database(path: cli.path(project))
        let row = try #require(try db.prepare("SELECT id, bytes FROM font_subsets WHERE family LIKE 'Noto Sans CJK%'")
            .map { [$0.value(0), $0.value(1)] }.first)
        guard case .blob(var bytes) = row[1] else { Issue.record("no subset"); return }
        for i in 200..<bytes.count { bytes[i] = 0 }
        try db.prepare("UPDATE font_subsets SET bytes = ? WHERE id = ?", [.blob(bytes), row[0]]).run()
        let run = try cli("export", project, "out.jpg")
        expectFailure(run, 65, "error: the embedded font “Noto Sans CJK JP” is damaged")
        #expect(run.stderr.contains("hint: on a machine with the fonts installed, 'tagproj set dinner.tagproj --refresh-fonts'"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.jpg")))
        expectFailure(try cli("check", project), 65, "error: the embedded font “Noto Sans CJK JP” is damaged")
        // Cutting them again from the installed fonts repairs the project.
        #expect(try cli("set", project, "--refresh-fonts").status == 0)
        #expect(try cli("export", project, "out.jpg").status == 0)
        // The damaged subset is still what the state before the refresh is drawn with: check
        // passes and says so, naming that state, and export at it is refused as before.
        let checked = try cli("check", project)
        #expect(checked.status == 0 && checked.stdout == "ok\n", "\(checked)")
        #expect(checked.errorLines == ["warning: the embedded font “Noto Sans CJK JP” is damaged (its GSUB table does not parse), used only by the earlier state at history entry 1: exporting it fails until 'tagproj set --refresh-fonts' is run there"], "\(checked)")
        let json = try cli("check", project, "--json")
        #expect(json.stdout.contains(#""damaged_history_fonts":[{"family":"Noto Sans CJK JP","reason":"its GSUB table does not parse","states":[1]}]"#), "\(json)")
        expectFailure(try cli("export", project, "then.jpg", "--at", "1"), 65, "error: the embedded font “Noto Sans CJK JP” is damaged")
        // Undo goes back to the damaged subset, and says so when it is drawn.
        #expect(try cli("undo", project).status == 0)
        expectFailure(try cli("export", project, "undone.jpg"), 65, "is damaged")
        #expect(try cli("redo", project).status == 0 && cli("check", project).status == 0)
    }

    @Test("A subset whose glyphs take a billion loads to draw is refused by export and check, at once")
    func compositeBombIsRefused() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "Soup", "--at", "0.4,0.4").status == 0)
        // scripts/make-font-bomb.py's 25 KB font in place of the Latin subset.
        let bomb = [UInt8](try Data(contentsOf: CLI.repository.appendingPathComponent("Fixtures/regressions/font/composite-bomb.bin")).dropFirst(3))
        try Database(path: cli.path(project)).prepare("UPDATE font_subsets SET bytes = ?, glyphs = 1000", [.blob(bomb)]).run()
        let before = cli.bytes(project)
        for command in [["export", project, "out.png"], ["check", project]] {
            let (ending, stderr) = try BoundedRun(directory: cli.dir, memoryLimitMiB: 1024)(command, timeout: 60)
            #expect(ending == .exit(65), "\(command[0]): \(stderr)")
            #expect(stderr.hasPrefix("error: the embedded font “") && stderr.contains("takes more than 1024 glyph loads to draw"), "\(stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.png")))
        #expect(cli.bytes(project) == before)
    }

    @Test("check refuses a font row whose subset or history entry is not there, naming it")
    func danglingFontReferencesAreDamage() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "Soup", "--at", "0.4,0.4").status == 0)
        #expect(try cli("edit", project, "1", "Noodle soup").status == 0)
        let clean = try cli("check", project, "--json")
        #expect(clean.status == 0 && clean.stdout == #"{"ok":true,"damaged_history_fonts":[]}"# + "\n", "\(clean)")
        let cases: [(sql: String, message: String)] = [
            ("UPDATE tag_fonts SET subset_id = 999", "tag #1's font subset is missing"),
            ("UPDATE tag_fonts SET tag_id = 7", "fonts are recorded for tag #7, which does not exist"),
            ("UPDATE history_fonts SET subset_id = 999 WHERE seq = 1", "history entry 1 refers to a font subset that is missing"),
            ("UPDATE history_fonts SET seq = 40 WHERE seq = 2", "the fonts of history entry 40 are recorded, but the entry is missing"),
        ]
        for (sql, message) in cases {
            let copy = "copy.tagproj"
            try? FileManager.default.removeItem(atPath: cli.path(copy))
            try FileManager.default.copyItem(atPath: cli.path(project), toPath: cli.path(copy))
            try Database(path: cli.path(copy)).execute(sql)
            let before = cli.bytes(copy)
            expectFailure(try cli("check", copy), 65, message)
            #expect(cli.bytes(copy) == before, "check changed the project")
        }
    }

    @Test("Undo of an edit gives the tag back the subsets it had, so the old picture exports without fonts")
    func undoRestoresTheSubsets() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "宫保鸡丁", "--at", "0.4,0.4").status == 0)
        #expect(try cli("export", project, "before.png").status == 0)
        let subsets = { () throws -> [[SQLValue]] in
            try Database(path: cli.path(project)).prepare("""
                SELECT t.priority, f.bytes FROM tag_fonts t JOIN font_subsets f ON f.id = t.subset_id WHERE t.tag_id = 1 ORDER BY t.priority
                """).map { [$0.value(0), $0.value(1)] }
        }
        let original = try subsets()
        #expect(original.count == 2)
        #expect(try cli("edit", project, "1", "麻婆豆腐").status == 0)
        let edited = try subsets()
        #expect(edited != original)
        // An earlier state is drawn with the subsets it had, without fonts, the project unchanged.
        let env0 = try Self.withoutFonts(cli)
        #expect(try cli.run(["export", project, "then.png", "--at", "1"], environment: env0).status == 0)
        #expect(cli.bytes("then.png") == cli.bytes("before.png"))
        #expect(try subsets() == edited)
        #expect(try cli("undo", project).status == 0)
        #expect(try subsets() == original)
        let env = try Self.withoutFonts(cli)
        #expect(try cli.run(["export", project, "undone.png"], environment: env).status == 0)
        #expect(cli.bytes("undone.png") == cli.bytes("before.png"))
        #expect(try cli("redo", project).status == 0)
        #expect(try subsets() == edited)
        #expect(try cli("check", project).status == 0)
    }

    @Test("A project without subsets lists none, and set --refresh-fonts embeds them as one undoable entry")
    func refreshEmbedsAnOldProject() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "dish", "🍜 Ramen").status == 0)
        try Database(path: cli.path(project)).execute("DELETE FROM tag_fonts; DELETE FROM history_fonts; DELETE FROM font_subsets")
        #expect(try cli("info", project).stdout.contains("fonts:        none embedded"))
        let refresh = try cli("set", project, "--refresh-fonts")
        #expect(refresh.status == 0 && refresh.stderr == "refresh fonts\n", "\(refresh)")
        let info = try CLI.json(try cli("info", project, "--json"))
        let fonts = try #require(info["fonts"] as? [[String: Any]])
        #expect(Set(fonts.compactMap { $0["family"] as? String }) == ["DejaVu Sans", "Noto Color Emoji"])
        #expect(fonts.allSatisfy { ($0["bytes"] as? Int ?? 0) > 0 && ($0["glyphs"] as? Int ?? 0) > 0 && $0["tags"] as? Int == 1 })
        #expect(try cli.run(["export", project, "out.png"], environment: try Self.withoutFonts(cli)).status == 0)
        // Undone, the tag is drawn with the installed fonts again; the subsets stay for redo.
        #expect(try cli("undo", project).status == 0)
        let undone = try #require(try CLI.json(try cli("info", project, "--json"))["fonts"] as? [[String: Any]])
        #expect(undone.count == fonts.count && undone.allSatisfy { $0["tags"] as? Int == 0 })
        #expect(try cli("info", project).stdout.contains("(history only)"))
    }

    @Test("A setting that changes the labels cuts their subsets again, and undo gives the old ones back")
    func settingsFollowTheSubsets() throws {
        let cli = CLI()
        let project = try cli.newProject()
        #expect(try cli("add", project, "price", "38", "--at", "0.5,0.5").status == 0)
        #expect(try cli("export", project, "yen.png").status == 0)
        let env = try Self.withoutFonts(cli)
        #expect(try cli("set", project, "--currency", "$").status == 0)
        #expect(try cli.run(["export", project, "dollar.png"], environment: env).status == 0)
        #expect(cli.bytes("dollar.png") != cli.bytes("yen.png"))
        #expect(try cli("set", project, "--font", "DejaVu Sans:bold").status == 0)
        let styles = try #require(try CLI.json(try cli("info", project, "--json"))["fonts"] as? [[String: Any]])
            .filter { $0["tags"] as? Int == 1 }.compactMap { $0["style"] as? String }
        #expect(styles == ["Bold"])
        #expect(try cli("undo", project, "--steps", "2").status == 0)
        #expect(try cli.run(["export", project, "undone.png"], environment: env).status == 0)
        #expect(cli.bytes("undone.png") == cli.bytes("yen.png"))
    }

    @Test("An export from subsets never loads fontconfig: a broken configuration goes unread")
    func fontconfigIsNotLoaded() throws {
        let cli = CLI()
        let project = try cli.newProject()
        for (kind, text) in Self.scripts { #expect(try cli("add", project, kind, text).status == 0) }
        // fontconfig complains about this file on stderr whenever it is loaded.
        try "<fontconfig><unclosed".write(toFile: cli.path("broken.conf"), atomically: true, encoding: .utf8)
        let env = ["FONTCONFIG_FILE": cli.path("broken.conf"), "TAGPROJ_FONT_MEMO": "0"]
        let run = try cli.run(["export", project, "out.jpg"], environment: env)
        #expect(run.status == 0 && run.errorLines.count == 1 && run.stderr.hasPrefix("wrote out.jpg"), "\(run)")
        // One tag without its subsets is drawn with the installed fonts, and fontconfig is read.
        try Database(path: cli.path(project)).execute("DELETE FROM tag_fonts WHERE tag_id = 1")
        let installed = try cli.run(["export", project, "out.jpg"], environment: env)
        #expect(installed.stderr.contains("Fontconfig error"), "\(installed)")
    }
}
