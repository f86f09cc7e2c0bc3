import Foundation
import Testing
@testable import TagKit

/// History labels are worded when they are read, in the reader's language: an entry made in
/// English reads in Chinese to a Chinese reader, and the same entry's stored label (what `--json`
/// shows) stays English. Entries stored before the wording was kept show their stored label.
@Suite struct LabelWordingTests {
    let measurer = FixedWidthMeasurer()

    /// Simplified Chinese, from `po/zh_CN.po` compiled by `msgfmt` into a temporary folder.
    static let chinese: MessageLanguage = {
        let dir = NSTemporaryDirectory() + "tagkit-labels-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        process.arguments = ["--check", "-o", dir + "/tagproj.mo", Fixtures.path("po/zh_CN.po")]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "msgfmt failed")
        return MessageLanguage(catalog: MessageCatalog(language: "zh_CN", path: dir + "/tagproj.mo")!)
    }()

    /// One entry of every shape a project stores: adds, a move, flips, edits of text and price,
    /// a delete, a `set`, an arrange, a batch, a restore.
    private func busy(in dir: TemporaryDirectory) throws -> Project {
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "宫保鸡丁", price: "38", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: .right),
                                measurer: measurer)
        _ = try project.perform(.add(kind: .price, text: "12", at: Position(NormalizedPoint(x: 0.7, y: 0.3)), side: .right), measurer: measurer)
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.4, y: 0.6)))))
        _ = try project.perform(.edit(TagID(1), text: "麻婆豆腐", price: .set("42")), measurer: measurer)
        _ = try project.perform(.edit(TagID(1), text: nil, price: .remove), measurer: measurer)
        _ = try project.perform(.set(SettingsChange(currency: "$", tagScale: 1.5)), measurer: measurer)
        _ = try project.perform(.flip(TagID(2)))
        _ = try project.perform(.delete(TagID(2)))
        _ = try project.perform(.batch(Batch([.add(kind: .dish, text: "Tea", at: Position(NormalizedPoint(x: 0.2, y: 0.2)), side: .right),
                                              .flip(TagID(1))], source: "menu.json")), measurer: measurer)
        _ = try project.restore(to: 3)
        return project
    }

    static let english = [
        "add dish #1 “宫保鸡丁” ¥38", "add price #2 “¥12”", "move #1 to 0.400,0.600", "edit #1 “宫保鸡丁” → “麻婆豆腐”, price ¥38 → ¥42",
        "edit #1 price removed", "set currency “$”, prices as $12.50, tag scale 1.5", "flip #2", "delete #2 “$12”",
        "apply 2 edits from menu.json", "restore #3",
    ]

    static let chineseLabels = [
        "添加菜名标签 #1“宫保鸡丁” ¥38", "添加价格标签 #2“¥12”", "移动 #1 到 0.400,0.600", "编辑 #1“宫保鸡丁”→“麻婆豆腐”，价格 ¥38 → ¥42",
        "编辑 #1：删除价格", "设置：货币“$”，价格格式 $12.50，标签缩放 1.5", "翻转 #2", "删除 #2“$12”",
        "从 menu.json 应用 2 项编辑", "恢复到 #3",
    ]

    @Test func entriesMadeInEnglishReadInTheReadersLanguageAndStoreTheirEnglish() throws {
        let dir = TemporaryDirectory()
        let project = try busy(in: dir)
        let log = try project.historyTree()
        // The stored labels are today's English, whatever language the edits were made in.
        #expect(log.items.map(\.label.stored) == Self.english)
        #expect(log.items.map(\.label.description) == Self.english, "English under C")
        #expect(Messages.speaking(Self.chinese) { log.items.map(\.label.description) } == Self.chineseLabels)
        // Made while speaking Chinese, an entry stores the same English.
        try Messages.speaking(Self.chinese) {
            let made = try project.perform(.flip(TagID(1)))
            guard case .edited(_, let label) = made.result else { Issue.record("an edit answers .edited"); return }
            #expect(label.stored == "flip #1" && "\(label)" == "翻转 #1" && made.said == ["翻转 #1"])
        }
        #expect(try project.history().items.last?.label.stored == "flip #1")
        // `history --json` is the same in every language.
        #expect(Messages.speaking(Self.chinese) { log.json.text } == log.json.text)
        #expect(Messages.speaking(Self.chinese) { log.json(wordingLabels: true).text }.contains("\"text\":\"恢复到 #3\""))
        try project.check()
    }

    @Test func undoRedoAndTheirNoticesWordTheLabelAndKeepTheEnglishForJSON() throws {
        let dir = TemporaryDirectory()
        let project = try busy(in: dir)
        let undone = try Messages.speaking(Self.chinese) { try project.undo(steps: 2) }
        #expect(undone.labels == ["restore #3", "apply 2 edits from menu.json"])
        #expect(Messages.speaking(Self.chinese) { undone.labels.map(\.description) } == ["恢复到 #3", "从 menu.json 应用 2 项编辑"])
        #expect(Messages.speaking(Self.chinese) { Answer(.undone(undone.labels)).said.allSatisfy { $0.hasSuffix("恢复到 #3") || $0.hasSuffix("从 menu.json 应用 2 项编辑") } })
        // A fork: the entry made now is redone, and the other branch is named in the reader's language.
        _ = try project.redo()
        _ = try project.undo()
        _ = try project.perform(.flip(TagID(1)))
        _ = try project.undo()
        let redone = try project.redo()
        guard case .otherBranch(let seq, let label)? = redone.notices.first else { Issue.record("\(redone)"); return }
        #expect(seq == 9 && label.stored == "apply 2 edits from menu.json")
        #expect(Messages.speaking(Self.chinese) { "\(label)" } == "从 menu.json 应用 2 项编辑")
        let json = Messages.speaking(Self.chinese) { redone.notices[0].json.text }
        #expect(json.contains("\"label\":\"apply 2 edits from menu.json\""), "\(json)")
        // An entry made elsewhere, undone here: the notice names it in the reader's language.
        let editor = try Project.open(project.path, forWriting: true, frontEnd: "editor")
        _ = try editor.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5)))))
        let back = try project.undo()
        guard case .undidOthersEdit(_, let other, _, _, _)? = back.notices.first else { Issue.record("\(back)"); return }
        #expect(other.stored == "move #1 to 0.500,0.500" && Messages.speaking(Self.chinese) { other.description } == "移动 #1 到 0.500,0.500")
    }

    @Test func infoNamesTheEntryASettingCameFromInTheReadersLanguage() throws {
        let dir = TemporaryDirectory()
        let project = try busy(in: dir)
        #expect(try project.settingOrigins().currency == .entry(seq: 10, label: "restore #3"), "the restore crossed the set")
        _ = try project.undo()
        let origins = try project.settingOrigins()
        #expect(origins.currency == .entry(seq: 6, label: "set currency “$”, prices as $12.50, tag scale 1.5"))
        #expect(origins.currency.description == "entry #6 (set currency “$”, prices as $12.50, tag scale 1.5)")
        #expect(Messages.speaking(Self.chinese) { origins.tagScale.description }.contains("设置：货币“$”，价格格式 $12.50，标签缩放 1.5"))
    }

    @Test func anEntryWithoutAWordingShowsItsStoredLabel() throws {
        let dir = TemporaryDirectory()
        let project = try busy(in: dir)
        // As an older tagproj stored them, and as a newer one's wording this one cannot read.
        try Database(path: project.path).execute("UPDATE history SET wording = NULL WHERE seq = 1")
        try Database(path: project.path).execute("UPDATE history SET wording = '{\"v\":2,\"do\":\"teleport\"}' WHERE seq = 3")
        try Database(path: project.path).execute("UPDATE history SET label = 'flip #2 (old)', wording = NULL WHERE seq = 7")
        let log = try project.historyTree()
        let shown = Messages.speaking(Self.chinese) { log.items.map(\.label.description) }
        #expect(shown[0] == "add dish #1 “宫保鸡丁” ¥38" && shown[2] == "move #1 to 0.400,0.600" && shown[6] == "flip #2 (old)")
        #expect(shown[1] == "添加价格标签 #2“¥12”")
        try project.check()
    }

    @Test func anOlderProjectGainsTheColumnAndWordsOnlyTheEntriesMadeSince() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.tagproj")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/projects/schema-v3.tagproj"), toPath: path)
        let before = try Database(path: path, readOnly: true).prepare("SELECT seq, label FROM history ORDER BY seq").map { ($0.value(0), $0.value(1)) }
        let project = try Project.open(path, forWriting: true)
        let db = try Database(path: path, readOnly: true)
        #expect(try db.scalar("PRAGMA user_version")?.integer == Int64(Migrator.latestVersion) && Migrator.latestVersion >= 15)
        #expect(try db.scalar("SELECT count(*) FROM history WHERE wording IS NOT NULL")?.integer == 0)
        let stored = try project.historyTree().items
        #expect(stored.count == before.count && stored.allSatisfy { $0.label.wording == nil })
        #expect(Messages.speaking(Self.chinese) { stored.map(\.label.description) } == before.map { $0.1.text ?? "" })
        _ = try project.perform(.set(SettingsChange(tagScale: 2)), measurer: measurer)
        #expect(try db.scalar("SELECT wording FROM history ORDER BY seq DESC LIMIT 1")?.text == #"{"v":1,"do":"set","changes":[["tag_scale","2"]]}"#)
        #expect(Messages.speaking(Self.chinese) { (try? project.history().items.last?.label.description) ?? nil } == "设置：标签缩放 2")
        try project.check()
    }

    /// Every shape survives its stored form, and its English is the label older versions stored.
    @Test(arguments: [
        (LabelWording.add(kind: .dish, id: TagID(3), text: "宫保鸡丁", price: nil), "add dish #3 “宫保鸡丁”"),
        (.add(kind: .dish, id: TagID(3), text: "宫保鸡丁", price: "¥38"), "add dish #3 “宫保鸡丁” ¥38"),
        (.add(kind: .price, id: TagID(4), text: "¥38", price: nil), "add price #4 “¥38”"),
        (.move(id: TagID(3), to: "0.400,0.520"), "move #3 to 0.400,0.520"),
        (.moveUnchanged(id: TagID(2), at: "0.989,0.500"), "move #2: nothing changed, still at 0.989,0.500"),
        (.flip(id: TagID(2)), "flip #2"),
        (.edit(id: TagID(3), text: .init(from: "Soup", to: "Tea"), price: nil), "edit #3 “Soup” → “Tea”"),
        (.edit(id: TagID(3), text: nil, price: .init(from: "¥38", to: "¥42")), "edit #3 price ¥38 → ¥42"),
        (.edit(id: TagID(3), text: nil, price: .init(from: nil, to: "¥42")), "edit #3 price → ¥42"),
        (.edit(id: TagID(3), text: nil, price: .init(from: "¥38", to: nil)), "edit #3 price removed"),
        (.edit(id: TagID(3), text: .init(from: "a", to: "b"), price: .init(from: nil, to: "¥1")), "edit #3 “a” → “b”, price → ¥1"),
        (.edit(id: TagID(3), text: .init(from: "a", to: "b"), price: .init(from: "¥1", to: nil)), "edit #3 “a” → “b”, price removed"),
        (.delete(id: TagID(3), text: "Tea", price: "¥30"), "delete #3 “Tea” ¥30"),
        (.set([]), "set nothing new"),
        (.set([.font(""), .language("zh-Hans"), .crop("none"), .cropSquare, .font("Noto Serif")]),
         "set font “default”, language zh-Hans, crop none, crop square, font “Noto Serif”"),
        (.arrange(count: 1), "arrange 1 tag"), (.arrange(count: 3), "arrange 3 tags"),
        (.arrangeNothingOverlapped, "arrange: nothing overlapped"), (.arrangeUnresolved, "arrange: no overlap could be resolved"),
        (.batch(count: 1, source: "stdin", replacing: true), "apply 1 edit from stdin, replacing every tag"),
        (.named("move #1 in and flip"), "move #1 in and flip"),
        (.menu(.init(prices: 2, texts: 0, added: 1, deleted: 0), source: "menu.csv"), "menu: 2 prices changed, 1 dish added (menu.csv)"),
        (.menu(.init(prices: 0, texts: 0, added: 0, deleted: 0), source: "m"), "menu: no changes (m)"),
        (.restore(target: 0), "restore #0"), (.refreshFonts, "refresh fonts"),
    ])
    func everyShapeRoundTripsAndReadsAsBefore(_ wording: LabelWording, _ english: String) throws {
        #expect(wording.english == english)
        #expect(LabelWording(encoded: wording.encoded) == wording, "\(wording.encoded)")
        let chinese = Messages.speaking(Self.chinese) { wording.text }
        if case .named = wording { #expect(chinese == english, "a name is shown as given") } else { #expect(chinese != english) }
    }

    @Test(arguments: ["", "null", "{}", #"{"v":1}"#, #"{"v":2,"do":"flip","id":1}"#, #"{"v":1,"do":"flip","id":0}"#,
                      #"{"v":1,"do":"add","kind":"soup","id":1,"text":"a"}"#, #"{"v":1,"do":"edit","id":1}"#,
                      #"{"v":1,"do":"move","id":1,"to":"\u001b[2J"}"#, #"{"v":1,"do":"set","changes":[["colour","red"]]}"#])
    func aWordingThisVersionDoesNotWriteReadsAsNone(_ text: String) {
        #expect(LabelWording(encoded: text) == nil)
    }

    @Test func aMenuBatchIsWordedFromItsCounts() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let batch = Batch([.add(kind: .dish, text: "Tea", at: Position(NormalizedPoint(x: 0.2, y: 0.2)), side: .right)], source: "menu.csv",
                          name: "menu: 1 dish added (menu.csv)", wording: .menu(.init(prices: 0, texts: 0, added: 1, deleted: 0), source: "menu.csv"))
        let answer = try project.perform(.batch(batch), measurer: measurer)
        #expect(answer.said == ["menu: 1 dish added (menu.csv)"])
        #expect(Messages.speaking(Self.chinese) { answer.said } == ["菜单：已添加 1 道菜（menu.csv）"])
        #expect(Messages.speaking(Self.chinese) { (try? project.history().items.map(\.label.description)) ?? [] } == ["菜单：已添加 1 道菜（menu.csv）"])
        // A batch a front end named is shown as named; one from a file says it was applied.
        let named = try project.perform(.batch(Batch([.flip(TagID(1))], source: "page", name: "flip it")), measurer: measurer)
        #expect(Messages.speaking(Self.chinese) { named.said } == ["flip it"])
        let file = try project.perform(.batch(Batch([.flip(TagID(1))], source: "edits.json")), measurer: measurer)
        #expect(file.said == ["applied 1 edit from edits.json"])
        #expect(Messages.speaking(Self.chinese) { file.said } == ["已从 edits.json 应用 1 项编辑"])
    }
}
