import Foundation
import Testing
@testable import TagKit

/// The gettext machinery (`Messages/`) and the library's messages in Simplified Chinese: a catalog
/// compiled with `msgfmt` from the library's translations, read by `MessageCatalog`, spoken with
/// `Messages.speaking`.
@Suite struct MessagesTests {
    /// The Simplified Chinese catalog, `po/zh_CN.po`.
    static let chinese: MessageCatalog = {
        let catalog = try! compiled(Fixtures.path("po/zh_CN.po"), language: "zh_CN")
        // `Accept-Language` and `LANGUAGE` look catalogs up by folder; this one is there for them.
        MessageCatalogs.shared.install(catalog, as: "zh_CN")
        return catalog
    }()

    /// `po` compiled by GNU `msgfmt` (checked, as `scripts/build-catalogs.sh` checks) and read back.
    static func compiled(_ po: String, language: String) throws -> MessageCatalog {
        let dir = TemporaryDirectory()
        let mo = dir.file("tagproj.mo")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        process.arguments = ["--check", "-o", mo, po]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "msgfmt --check \(po)")
        return try #require(MessageCatalog(language: language, path: mo))
    }

    /// A catalog compiled from `entries` (PO text after the header) under `pluralForms`.
    static func catalog(_ language: String, pluralForms: String, _ entries: String) throws -> MessageCatalog {
        let dir = TemporaryDirectory()
        let po = dir.file("\(language).po")
        let header = """
            msgid ""
            msgstr ""
            "Project-Id-Version: tagproj tests\\n"
            "PO-Revision-Date: 2026-12-07 19:30+0000\\n"
            "Last-Translator: the tagproj tests\\n"
            "Language-Team: none\\n"
            "Language: \(language)\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"

            "Plural-Forms: \(pluralForms)\\n"


            """
        try (header + entries).write(toFile: po, atomically: true, encoding: .utf8)
        return try compiled(po, language: language)
    }

    static var zh: MessageLanguage { MessageLanguage(catalog: chinese) }

    @Test func aNoticeWordsItselfInChinese() {
        Messages.speaking(Self.zh) {
            #expect(Notice.overlaps(TagID(3), TagID(1)).message == "#3 与 #1 重叠")
            #expect(Notice.sideChanged(TagID(2), .left).message == "#2：气泡已移到左侧，以免超出照片")
            #expect(Notice.sideChanged(TagID(2), .right).message == "#2：气泡已移到右侧，以免超出照片")
            #expect(Notice.movedToStayInside(TagID(1), NormalizedPoint(x: 0.8125, y: 0.4)).message == "#1 已移到 0.813,0.400，以免超出照片")
            #expect(Notice.undidOthersEdit(seq: 7, label: "flip #2", user: "ana", frontEnd: "editor", otherShell: false).message
                    == "已撤销 #7“flip #2”，它是 ana 用 editor 做的")
            #expect(Notice.ignoredByFormat(.quality, .png).message == "--quality 被忽略：PNG 是无损格式")
            #expect(Notice.moreOverlaps(listed: 100).message == "重叠的标签多于列出的 100 处重叠")
        }
    }

    @Test func anErrorWordsItselfInChineseWithItsPlaceholdersFilled() {
        Messages.speaking(Self.zh) {
            #expect(HistoryError.nothingToUndo.message == "没有可撤销的操作")
            #expect(HistoryError.tooFewSteps(requested: 3, available: 1, undo: true).message == "无法撤销 3 步：只有 1 步可撤销")
            #expect(ProjectError.missing(path: "dinner.tagproj").message == "没有这个项目：“dinner.tagproj”")
            #expect(ProjectError.newerVersion(path: "a.tagproj", version: 99).advice == "请升级 tagproj 以编辑此项目")
            #expect(TagTextError.tooLong(300).message == "标签文字长 300 个字符；上限是 \(TagText.maximumLength)")
            #expect(SettingsError(setting: .currency, problem: .blank).message == "货币符号为空")
            #expect(PlacementError.sideDoesNotFit(id: TagID(1), side: .right, at: NormalizedPoint(x: 0.9, y: 0.5), room: NormalizedPoint(x: 0.7, y: 0.5))
                        .messageOnThePicture == "#1 的气泡放不到圆点右侧：会超出照片")
            let file = FileError(path: "/x/photo.jpg", errno: ENOENT, operation: .read)
            #expect(file.message == "无法读取“/x/photo.jpg”：\(String(cString: strerror(ENOENT)))")
            // A list of format names joins with the catalog's separator and conjunction.
            #expect(ExportError.notLossless(.jpeg).advice?.hasPrefix("tagproj 可无损写入 ") == true)
            #expect(ExportError.notLossless(.jpeg).advice?.contains("、") == true || Codecs.writable.filter(\.writesLossless).count < 3)
        }
    }

    /// A message that was glued from pieces is one sentence per shape, in either language.
    @Test func composedMessagesAreWholeSentences() {
        var counts = MenuPlan.Counts()
        counts.prices = 2
        counts.added = 1
        let done = MenuSync.Outcome(name: "a.tagproj", path: "menu/a.tagproj", created: true, counts: counts, label: nil, notices: [])
        let failure = MenuSyncError(source: "menu.csv", project: "duck.tagproj", error: HistoryError.nothingToUndo, done: [done],
                                    notDone: ["e.tagproj", "f.tagproj"])
        Messages.speaking(.english) {
            #expect(done.summary == "created, 2 prices changed, 1 dish added")
            #expect(counts.phrase == "2 prices changed, 1 dish added")
            #expect(failure.message == "duck.tagproj: nothing to undo")
            #expect(failure.progress == "1 project done (a.tagproj); duck.tagproj left as it was; 2 not touched (e.tagproj, f.tagproj); "
                    + "run the menu again once this is fixed")
            #expect(ConfigError(path: "/c", line: 3, problem: "p").message == "/c line 3: p")
            #expect(ConfigError(path: "/c", line: nil, problem: "p").message == "/c: p")
            #expect(ImageFileError(.photo(inProject: "p.tagproj"), .damaged(.png, "x")).message == "the photo in 'p.tagproj': damaged PNG: x")
        }
        Messages.speaking(Self.zh) {
            #expect(done.summary == "已创建，2 个价格已更改，已添加 1 道菜")
            // A history label stays as it is stored, in English.
            #expect(counts.phrase == "2 prices changed, 1 dish added")
            #expect(failure.message == "duck.tagproj：没有可撤销的操作")
            #expect(failure.progress == "已完成 1 个项目（a.tagproj）；duck.tagproj 保持原样；2 个未处理（e.tagproj、f.tagproj）；问题解决后请再次运行菜单")
            #expect(ConfigError(path: "/c", line: 3, problem: "p").message == "/c 第 3 行：p")
            #expect(ImageFileError(.file("a.gif"), .otherFormat(.gif)).message.hasPrefix("“a.gif”是 GIF 图像；tagproj 可读取 JPEG、PNG"))
            #expect(ImageFileError(.photo(inProject: "p.tagproj"), .damaged(.png, "x")).message == "“p.tagproj”中的照片：PNG 已损坏：x")
            #expect(CropCutsOffError(tags: [TagID(1), TagID(2), TagID(3)]).message == "这样裁剪会切掉 #1、#2 和 #3 的圆点")
            #expect(SettingOrigin.config(path: "/c").description == "配置文件 /c")
        }
    }

    @Test func englishIsTheSourcesOwnWords() {
        Messages.speaking(.english) {
            #expect(Notice.overlaps(TagID(3), TagID(1)).message == "#3 overlaps #1")
            #expect(Notice.sideChanged(TagID(2), .left).message == "#2: bubble moved to the left to stay inside the photo")
            #expect(HistoryError.tooFewSteps(requested: 3, available: 1, undo: false).message == "cannot redo 3 steps: only 1 to redo")
            #expect(ProjectError.missing(path: "dinner.tagproj").message == "no such project: 'dinner.tagproj'")
            #expect(ImageError.otherFormat(.gif).message.hasPrefix("a GIF image; tagproj reads "))
            #expect(ImageFileError(.file("a.avif"), .otherFormat(.avif)).message.hasPrefix("'a.avif' is an AVIF image; tagproj reads "))
            #expect(CropCutsOffError(tags: [TagID(1), TagID(2), TagID(3)]).message == "the crop would cut off the dots of #1, #2 and #3")
            #expect(CropCutsOffError(tags: [TagID(1)]).advice == "move that tag inside the new crop, or delete it, first")
            #expect(CropCutsOffError(tags: [TagID(1), TagID(2)]).advice == "move those tags inside the new crop, or delete them, first")
        }
        #expect(MessageLanguage.english.tag == "en")
        #expect(Self.zh.tag == "zh-CN")
    }

    @Test func aMissingTranslationFallsBackToEnglish() throws {
        #expect(Self.chinese.translation(of: "a message no catalog has") == nil)
        // A catalog that translates one message: every other stays English, placeholders filled.
        let partial = try Self.catalog("ru", pluralForms: "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", """
            msgid "nothing to undo"
            msgstr "нечего отменять"

            msgid "{count} dish added"
            msgid_plural "{count} dishes added"
            msgstr[0] "добавлено {count} блюдо"
            msgstr[1] "добавлено {count} блюда"
            msgstr[2] "добавлено {count} блюд"

            """)
        Messages.speaking(MessageLanguage(catalog: partial)) {
            #expect(HistoryError.nothingToUndo.message == "нечего отменять")
            #expect(HistoryError.nothingToRedo.message == "nothing to redo")
            #expect(ProjectError.exists(path: "a.tagproj").message == "'a.tagproj' already exists")
            // The header's rule picks the form.
            #expect(trn("{count} dish added", "{count} dishes added", count: 1) == "добавлено 1 блюдо")
            #expect(trn("{count} dish added", "{count} dishes added", count: 3) == "добавлено 3 блюда")
            #expect(trn("{count} dish added", "{count} dishes added", count: 5) == "добавлено 5 блюд")
            #expect(trn("{count} dish added", "{count} dishes added", count: 21) == "добавлено 21 блюдо")
            // Untranslated plurals are English, by English's rule.
            #expect(trn("{count} dish deleted", "{count} dishes deleted", count: 1) == "1 dish deleted")
            #expect(trn("{count} dish deleted", "{count} dishes deleted", count: 2) == "2 dishes deleted")
        }
        Messages.speaking(Self.zh) {
            // Chinese has one form, for every count.
            #expect(trn("{count} dish added", "{count} dishes added", count: 1) == "已添加 1 道菜")
            #expect(trn("{count} dish added", "{count} dishes added", count: 7) == "已添加 7 道菜")
        }
    }

    @Test func pluralRulesOfRealCatalogs() throws {
        func forms(_ header: String, _ counts: [Int]) throws -> [Int] {
            let rule = try #require(PluralRule(header: "Plural-Forms: " + header))
            return counts.map(rule.form(for:))
        }
        let english = "nplurals=2; plural=(n != 1);"
        #expect(try forms(english, [0, 1, 2, 11, 101]) == [1, 0, 1, 1, 1])
        #expect(try forms("nplurals=1; plural=0;", [0, 1, 2, 1000]) == [0, 0, 0, 0])
        let russian = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
        #expect(try forms(russian, [1, 21, 101, 2, 4, 22, 34, 0, 5, 11, 12, 14, 111, 112, 25]) == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2])
        let arabic = "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"
        #expect(try forms(arabic, [0, 1, 2, 3, 10, 103, 110, 11, 99, 111, 100, 101, 102, 200]) == [0, 1, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5])
        // The rule's count, and nothing for a header without one or with one that does not parse.
        #expect(try #require(PluralRule(header: "Plural-Forms: " + arabic)).count == 6)
        #expect(PluralRule(header: "Language: zh_CN") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=2; plural=(n != ;") == nil)
        #expect(PluralRule(header: "Plural-Forms: nplurals=0; plural=0;") == nil)
        // A form out of range, or a division by zero, is form 0.
        #expect(try forms("nplurals=2; plural=n;", [5]) == [0])
        #expect(try forms("nplurals=2; plural=n/0 + n%0;", [5]) == [0])
        // The header is read whatever else it holds.
        let catalog = try Self.catalog("ar", pluralForms: arabic, "")
        #expect(catalog.plural.count == 6)
        #expect(Self.chinese.plural.count == 1)
    }

    @Test func theBrowsersLanguage() {
        _ = Self.chinese
        #expect(MessageLanguage.fromAcceptLanguage("zh-CN,zh;q=0.9,en;q=0.8").tag == "zh-CN")
        #expect(MessageLanguage.fromAcceptLanguage("en-US,zh;q=0.5").tag == "en")
        #expect(MessageLanguage.fromAcceptLanguage("fr;q=0, zh").tag == "zh-CN")
        #expect(MessageLanguage.fromAcceptLanguage("zh-Hans").tag == "zh-CN")
        #expect(MessageLanguage.fromAcceptLanguage("zh-Hans-CN;q=0.8, de;q=0.9").tag == "zh-CN")
        #expect(MessageLanguage.fromAcceptLanguage("en;q=0.2, zh-CN;q=0.3").tag == "zh-CN")
        #expect(MessageLanguage.fromAcceptLanguage("zh;q=0").tag == "en")
        #expect(MessageLanguage.fromAcceptLanguage("").tag == "en")
        #expect(MessageLanguage.fromAcceptLanguage("*").tag == "en")
        #expect(MessageLanguage.fromAcceptLanguage("%%%;;,,q=x,../../etc/passwd").tag == "en")
        #expect(MessageLanguage.fromAcceptLanguage(String(repeating: "zz-ZZ,", count: 1000)).tag == "en")
        // gettext's own names, as `LANGUAGE` lists them.
        #expect(MessageLanguage.first(of: ["fr", "zh_CN.UTF-8"]).tag == "zh-CN")
        #expect(MessageLanguage.first(of: ["en_GB", "zh_CN"]).tag == "en")
        #expect(MessageLanguage.first(of: ["C", "zh_CN"]).tag == "en")
    }

    @Test func theFoldersGettextTries() {
        #expect(MessageLanguage.candidates("zh_CN.UTF-8@latin") == ["zh_CN.UTF-8@latin", "zh_CN@latin", "zh_CN.UTF-8", "zh_CN", "zh"])
        #expect(MessageLanguage.candidates("zh_CN.UTF-8") == ["zh_CN.UTF-8", "zh_CN", "zh"])
        #expect(MessageLanguage.candidates("de_DE") == ["de_DE", "de"])
        #expect(MessageLanguage.candidates("zh") == ["zh", "zh_CN"])
        #expect(MessageLanguage.candidates("fr") == ["fr"])
        // Never a path out of the locale folder.
        #expect(MessageLanguage.candidates("../../etc").allSatisfy { !$0.contains("/") && $0 != ".." && $0 != "." })
        #expect(MessageLanguage.localeName(bcp47: "zh-Hant") == "zh_TW")
        #expect(MessageLanguage.localeName(bcp47: "pt-BR") == "pt_BR")
    }

    @Test func speakingIsScopedToTheClosure() {
        let outside = Messages.current.tag
        Messages.speaking(Self.zh) {
            #expect(Messages.current.tag == "zh-CN")
            Messages.speaking(.english) { #expect(HistoryError.nothingToUndo.message == "nothing to undo") }
            #expect(HistoryError.nothingToUndo.message == "没有可撤销的操作")
        }
        #expect(Messages.current.tag == outside)
    }

    /// Every translation keeps its message's placeholders: a `{name}` lost or misspelt would show
    /// the user a hole or a brace.
    @Test func everyTranslationKeepsItsPlaceholders() throws {
        let text = try String(contentsOfFile: Fixtures.path("po/zh_CN.po"), encoding: .utf8)
        func placeholders(_ s: Substring) -> Set<String> {
            Set(s.matches(of: /\{[A-Za-z]+\}/).map { String($0.output) })
        }
        var checked = 0
        for entry in text.split(separator: "\n\n") {
            let lines = entry.split(separator: "\n")
            guard let id = lines.first(where: { $0.hasPrefix("msgid \"") }), !id.hasSuffix("\"\""),
                  let str = lines.first(where: { $0.hasPrefix("msgstr") }) else { continue }
            let plural = lines.first(where: { $0.hasPrefix("msgid_plural ") }).map(placeholders) ?? []
            var wanted = placeholders(id).union(plural)
            if !plural.isEmpty { wanted.remove("{count}") }
            #expect(wanted.isSubset(of: placeholders(str)), "\(id) → \(str)")
            checked += 1
        }
        #expect(checked > 100)
    }

    /// A `.mo` file written by hand without a hash table (as `msgfmt --no-hash` writes it):
    /// `entries` sorted as msgfmt sorts them, little- or big-endian.
    static func handMade(_ entries: [(String, String)], bigEndian: Bool = false) -> [UInt8] {
        func word(_ v: Int) -> [UInt8] {
            let b = [UInt8(v & 0xff), UInt8(v >> 8 & 0xff), UInt8(v >> 16 & 0xff), UInt8(v >> 24 & 0xff)]
            return bigEndian ? b.reversed() : b
        }
        let entries = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let n = entries.count, originals = 28, translated = 28 + 8 * n
        var strings: [UInt8] = [], tables: ([UInt8], [UInt8]) = ([], [])
        let base = 28 + 16 * n
        for (original, _) in entries {
            tables.0 += word(original.utf8.count) + word(base + strings.count)
            strings += Array(original.utf8) + [0]
        }
        for (_, translation) in entries {
            tables.1 += word(translation.utf8.count) + word(base + strings.count)
            strings += Array(translation.utf8) + [0]
        }
        return word(0x950412de) + word(0) + word(n) + word(originals) + word(translated) + word(0) + word(0) + tables.0 + tables.1 + strings
    }

    /// Without a hash table, lookups find every message by a binary search, in either byte order;
    /// a context and a plural's forms are keyed as gettext keys them. (msgfmt's own files, with
    /// their hash table, are what every other test reads.)
    @Test func aCatalogWithoutAHashTableInEitherByteOrderFindsEveryMessage() throws {
        let entries = [("zebra", "斑马"), ("", "Plural-Forms: nplurals=2; plural=n != 1;\n"), ("apple", "苹果"),
                       ("kind\u{4}dish", "菜名"), ("{count} tag\0{count} tags", "{count} 个标签\0{count} 个标签们"), ("app", "应用")]
        for big in [false, true] {
            let catalog = try #require(MessageCatalog(language: "xx", bytes: Self.handMade(entries, bigEndian: big)))
            #expect(catalog.translation(of: "zebra") == "斑马")
            #expect(catalog.translation(of: "apple") == "苹果")
            #expect(catalog.translation(of: "app") == "应用")
            #expect(catalog.translation(of: "ap") == nil)
            #expect(catalog.translation(of: "dish") == nil)
            #expect(catalog.translation(of: "dish", context: "kind") == "菜名")
            #expect(catalog.translation(of: "{count} tag", count: 1) == "{count} 个标签")
            #expect(catalog.translation(of: "{count} tag", count: 5) == "{count} 个标签们")
            #expect(catalog.messageCount == 5)
        }
        // A string that points outside the file is not found (here the header: English plurals
        // then); tables that end outside it are no catalog.
        var broken = Self.handMade(entries)
        broken[28 + 4 + 3] = 0x7f
        let catalog = try #require(MessageCatalog(language: "xx", bytes: broken))
        #expect(catalog.translation(of: "apple") == "苹果")
        #expect(catalog.plural.count == 2)
        #expect(MessageCatalog(language: "xx", bytes: Array(Self.handMade(entries).prefix(60))) == nil)
    }
}
