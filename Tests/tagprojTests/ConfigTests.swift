import Foundation
import Testing
@testable import TagKit

/// `tagproj config`, and where `new` takes its defaults from: flag, config file, locale, default.
@Suite struct ConfigTests {
    @Test(arguments: [("de_DE.UTF-8", "12,50 €"), ("en_US.UTF-8", "$12.50"), ("C", "¥12.50")])
    func newWritesPricesAsTheLocaleDoes(_ locale: String, _ price: String) throws {
        let cli = CLI()
        #expect(try cli("new", "p.tagproj", CLI.coffee, environment: ["LC_ALL": locale]).status == 0)
        #expect(try cli("add", "p.tagproj", "price", "12.50").status == 0)
        #expect(try cli("list", "p.tagproj").stdout.hasSuffix(" \(price)\n"))
        let info = try cli("info", "p.tagproj").stdout
        let from = locale == "C" ? "default" : "locale \(locale)"
        #expect(info.contains("price format: \(price)\nfrom:         currency: \(from)\n              price format: \(from)\n"), "\(info)")
    }

    @Test func configSetsGetsListsAndUnsetsKeysInAGitConfigFile() throws {
        let cli = CLI()
        let file = cli.path(".config/tagproj/config")
        let set = try cli("config", "new.currency", "$")
        #expect(set.status == 0 && set.stdout.isEmpty && set.stderr == "new.currency = $ (\(file))\n", "\(set)")
        #expect(try cli("config", "new.price-format", "12,50 €").status == 0)
        #expect(try cli("config", "export.quality", "80").status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "[new]\n\tcurrency = $\n\tprice-format = 12,50 €\n[export]\n\tquality = 80\n")
        #expect(try cli("config", "new.currency").stdout == "$\n")
        #expect(try cli("config", "--list").stdout == "new.currency=$\nnew.price-format=12,50 €\nexport.quality=80\n")
        #expect(try cli("config", "--list", "--json").stdout == "{\"path\":\"\(file)\",\"values\":{\"new.currency\":\"$\",\"new.price-format\":\"12,50 €\",\"export.quality\":\"80\"}}\n")
        #expect(try cli("config", "--unset", "export.quality").status == 0)
        let missing = try cli("config", "export.quality")
        #expect(missing.status == 1 && missing.stdout.isEmpty
                && missing.stderr == "error: export.quality is not set in \(file)\nhint: set it with 'tagproj config export.quality VALUE'\n", "\(missing)")
        #expect(try cli("config", "--unset", "export.quality").status == 1)
    }

    @Test func anUnknownKeyOrABadValueIsAUsageErrorAndTheFileIsUntouched() throws {
        let cli = CLI()
        #expect(try cli("config", "new.currency", "$").status == 0)
        let file = cli.path(".config/tagproj/config")
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let unknown = try cli("config", "new.curency", "€")
        #expect(unknown.status == 64 && unknown.errorLines.prefix(2) == ["error: unknown key 'new.curency'",
            "hint: the keys are new.currency, new.price-format, new.font, new.language, new.tag-scale, export.quality"], "\(unknown)")
        let bad = try cli("config", "new.tag-scale", "9")
        #expect(bad.status == 64 && bad.errorLines.first == "error: new.tag-scale: the tag scale is between 0.25 and 4", "\(bad)")
        #expect(try cli("config").status == 64)
        #expect(try cli("config", "--list", "new.currency").status == 64)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    @Test func aBadFileIsRefusedByNewNamingItsLineAndNothingIsCreated() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path(".config/tagproj"), withIntermediateDirectories: true)
        try "[new]\n  currency = $\n  tag-scale = huge\n".write(toFile: cli.path(".config/tagproj/config"), atomically: true, encoding: .utf8)
        let run = try cli("new", "p.tagproj", CLI.coffee)
        #expect(run.status == 65 && run.stderr == """
            error: \(cli.path(".config/tagproj/config")) line 3: new.tag-scale: 'huge' is not a number
            hint: correct the file, or see what it sets with 'tagproj config --list'

            """, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
        #expect(try cli("config", "--list").status == 65)
    }

    /// Issue 40, item 10c: a UTF-8 byte order mark, as some Windows editors start a file with.
    @Test func aByteOrderMarkAtTheStartIsSkipped() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path(".config/tagproj"), withIntermediateDirectories: true)
        try Data([0xEF, 0xBB, 0xBF] + Array("[new]\n\tcurrency = $\n".utf8)).write(to: URL(fileURLWithPath: cli.path(".config/tagproj/config")))
        let list = try cli("config", "--list")
        #expect(list.status == 0 && list.stdout == "new.currency=$\n" && list.stderr.isEmpty, "\(list)")
        #expect(try cli("new", "p.tagproj", CLI.coffee).status == 0)
        #expect(try cli("info", "p.tagproj").stdout.contains("currency:     $\n"))
    }

    /// Issue 40, item 10d: a value is checked by the rule `set` checks it by, whether `config` is
    /// given it or the file holds it. A currency of white space alone (a line break) is no symbol
    /// but a mistake, for `set` and `new` as for `config`; an empty one is still no symbol.
    @Test func aValueSetWouldRefuseIsRefusedFromTheCommandLineAndFromTheFile() throws {
        let cli = CLI()
        let file = cli.path(".config/tagproj/config")
        for value in ["\n", " ", "\t\n "] {
            expectFailure(try cli("config", "new.currency", value), 64, "new.currency: the currency symbol is blank")
        }
        #expect(!FileManager.default.fileExists(atPath: file), "nothing was written")
        #expect(try cli("config", "new.currency", "£").status == 0)
        // The file written by hand: refused as a damaged file is, naming the line.
        try "[new]\n\tcurrency = \"\\n\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let run = try cli("new", "p.tagproj", CLI.coffee)
        expectFailure(run, 65, "\(file) line 2: new.currency: the currency symbol is blank")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
        expectFailure(try cli("config", "--list"), 65, "line 2: new.currency: the currency symbol is blank")
        // `set` and `new` by the same rule.
        try FileManager.default.removeItem(atPath: file)
        let project = try cli.newProject("p.tagproj")
        let before = cli.bytes(project)
        expectFailure(try cli("set", project, "--currency", "\n"), 64, "the currency symbol is blank")
        expectFailure(try cli("new", "q.tagproj", CLI.coffee, "--currency", " "), 64, "the currency symbol is blank")
        #expect(cli.bytes(project) == before)
        #expect(try cli("set", project, "--currency", "").status == 0, "empty is no symbol, as before")
    }

    @Test func aFlagBeatsTheConfigWhichBeatsTheLocaleAndInfoSaysWhereEachCameFrom() throws {
        let cli = CLI()
        let file = cli.path(".config/tagproj/config")
        #expect(try cli("config", "new.currency", "£").status == 0)
        #expect(try cli("config", "new.tag-scale", "1.5").status == 0)
        let env = ["LC_ALL": "de_DE.UTF-8"]
        #expect(try cli("new", "p.tagproj", CLI.coffee, "--tag-scale", "2", environment: env).status == 0)
        let info = try cli("info", "p.tagproj").stdout
        #expect(info.contains("""
            tag scale:    2
            price format: 12,50 £
            from:         currency: config file \(file)
                          price format: locale de_DE.UTF-8
                          font: default
                          language: locale de_DE.UTF-8
                          tag scale: flag

            """), "\(info)")
        // A later set is named by its entry, and undo brings the earlier origin back.
        #expect(try cli("set", "p.tagproj", "--currency", "€").status == 0)
        let json = try cli("info", "p.tagproj", "--json").stdout
        #expect(json.contains("\"origins\":{\"currency\":{\"from\":\"entry\",\"seq\":1,\"label\":\"set currency “€”, prices as 12,50 €\"},\"price_format\":{\"from\":\"locale\",\"locale\":\"de_DE.UTF-8\"},\"font\":{\"from\":\"default\"},\"language\":{\"from\":\"locale\",\"locale\":\"de_DE.UTF-8\"},\"tag_scale\":{\"from\":\"flag\"}}"), "\(json)")
        #expect(try cli("undo", "p.tagproj").status == 0)
        #expect(try cli("info", "p.tagproj", "--json").stdout.contains("\"currency\":{\"from\":\"config\",\"path\":\"\(file)\"}"))
    }

    @Test func aProjectFromBeforeOriginsSaysUnknown() throws {
        let cli = CLI()
        try cli.newProject()
        let db = try Database(path: cli.path("dinner.tagproj"))
        try db.execute("UPDATE project SET currency_origin = NULL, price_format_origin = NULL, font_origin = NULL, language_origin = NULL, tag_scale_origin = NULL")
        #expect(try cli("info", "dinner.tagproj").stdout.contains("from:         currency: unknown\n"))
        try db.execute("UPDATE project SET font_origin = 'somewhere'")
        let damaged = try cli("info", "dinner.tagproj")
        #expect(damaged.status == 65 && damaged.stderr.contains("the origin of a setting is invalid"), "\(damaged)")
    }

    @Test func exportQualityIsTheDefaultWhereAnExportEncodesAndKeepsTheLosslessPath() throws {
        let cli = CLI()
        try cli.newProject()
        #expect(try cli("export", "dinner.tagproj", "a.webp").status == 0)
        #expect(try cli("config", "export.quality", "20").status == 0)
        #expect(try cli("export", "dinner.tagproj", "b.webp").status == 0)
        #expect(try cli("export", "dinner.tagproj", "c.webp", "--quality", "92").status == 0)
        let (a, b, c) = (cli.bytes("a.webp")!, cli.bytes("b.webp")!, cli.bytes("c.webp")!)
        #expect(b.count < a.count && a == c, "quality 20 from the config, 92 by default and by flag")
        // A batch's children honour it too (each a `request` the library resolves), as the
        // editor's Export does (EditorExportTests).
        #expect(try cli("export", "dinner.tagproj", "--out-dir", "batch", "--format", "webp").status == 0)
        #expect(cli.bytes("batch/dinner.webp") == b, "the batch child's export is the single one's, at quality 20")
        // PNG is lossless: no warning about a quality the user did not pass.
        let png = try cli("export", "dinner.tagproj", "d.png")
        #expect(png.status == 0 && !png.stderr.contains("warning"), "\(png)")
        // JPEG to JPEG stays lossless outside the tags: only --quality asks for a re-encode.
        #expect(try cli("new", "j.tagproj", LosslessExportTests.photo).status == 0)
        let jpeg = try cli("export", "j.tagproj", "e.jpg", "--json")
        #expect(jpeg.status == 0 && jpeg.stdout.contains("\"path\":\"lossless\""), "\(jpeg)")
    }
}
