import Foundation
import Testing
@testable import TagKit

/// The status's wording (issue 44, item 9): what an edit did and its notices, for people who see
/// the tags, naming each tag by its text, in English and in Simplified Chinese; the CLI's wording
/// (`message`, `said`) stays as it was.
@Suite struct NoticeSentenceTests {
    /// `po/zh_CN.po` and, until they are merged into it, the parts' fragments (`po/zh_CN-*.po`),
    /// compiled as one catalog.
    static let chinese: MessageLanguage = {
        let dir = TemporaryDirectory()
        let po = Fixtures.path("po")
        let fragments = ((try? FileManager.default.contentsOfDirectory(atPath: po)) ?? [])
            .filter { $0.hasPrefix("zh_CN-") && $0.hasSuffix(".po") }.sorted().map { po + "/" + $0 }
        let merged = dir.file("zh_CN.po")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/msgcat")
        process.arguments = ["--use-first", "-o", merged, po + "/zh_CN.po"] + fragments
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "msgcat of the Chinese catalogs")
        return MessageLanguage(catalog: try! MessagesTests.compiled(merged, language: "zh_CN"))
    }()

    /// 宫保鸡丁 (#1), a dish with a price, and ¥28 (#2), a price tag, as the project draws them.
    static let names = TagNames([
        Tag(id: TagID(1), kind: .dish, text: "宫保鸡丁", price: "38", anchor: NormalizedPoint(x: 0.99, y: 0.5), side: .left, labelEm: 5),
        Tag(id: TagID(2), kind: .price, text: "28", anchor: NormalizedPoint(x: 0.9, y: 0.5), side: .right, labelEm: 2),
    ], settings: ProjectSettings())

    /// The move the issue saw: pushed inside, its bubble on the left, overlapping #2.
    static let pushedMove = Answer(.edited(tag: nil, label: EntryLabel(.move(id: TagID(1), to: "0.989,0.517"))),
                                   notices: [.movedToStayInside(TagID(1), NormalizedPoint(x: 0.989, y: 0.517)), .sideChanged(TagID(1), .left),
                                             .overlaps(TagID(1), TagID(2))])

    @Test func aMoveAndItsNoticesNameTheTagsByTheirTextInEnglish() {
        Messages.speaking(.english) {
            #expect(Self.pushedMove.sentences(naming: Self.names) == ["Moved “宫保鸡丁”"])
            #expect(Self.pushedMove.notices.map { $0.sentence(naming: Self.names) } == [
                "“宫保鸡丁” was moved in to stay inside the photo",
                "The bubble of “宫保鸡丁” went to the left to stay inside the photo",
                "“宫保鸡丁” overlaps “¥28”",
            ])
            // The CLI's wording is as it was.
            #expect(Self.pushedMove.said == ["move #1 to 0.989,0.517"])
            #expect(Notice.overlaps(TagID(1), TagID(2)).message == "#1 overlaps #2")
            // A tag that is no longer there is named by its id.
            #expect(Notice.overlaps(TagID(1), TagID(9)).sentence(naming: Self.names) == "“宫保鸡丁” overlaps #9")
        }
    }

    @Test func aMoveAndItsNoticesNameTheTagsByTheirTextInChinese() {
        Messages.speaking(Self.chinese) {
            #expect(Self.pushedMove.sentences(naming: Self.names) == ["已移动“宫保鸡丁”"])
            #expect(Self.pushedMove.notices.map { $0.sentence(naming: Self.names) } == [
                "“宫保鸡丁”已向内移动，以免超出照片",
                "“宫保鸡丁”的气泡已移到左侧，以免超出照片",
                "“宫保鸡丁”与“¥28”重叠",
            ])
            #expect(Notice.overlaps(TagID(1), TagID(2)).message == "#1 与 #2 重叠")
        }
    }

    @Test func whatEachEditDidIsSaidWithTheTagsText() {
        let names = Self.names
        Messages.speaking(.english) {
            #expect(LabelWording.add(kind: .dish, id: TagID(3), text: "Soup", price: "¥12").sentence(naming: names) == "Added “Soup” at ¥12")
            #expect(LabelWording.add(kind: .price, id: TagID(3), text: "¥12", price: nil).sentence(naming: names) == "Added the price “¥12”")
            #expect(LabelWording.flip(id: TagID(2)).sentence(naming: names) == "Flipped the bubble of “¥28”")
            #expect(LabelWording.edit(id: TagID(1), text: .init(from: "Soup", to: "Tea"), price: nil).sentence(naming: names) == "Changed “Soup” to “Tea”")
            #expect(LabelWording.edit(id: TagID(1), text: nil, price: .init(from: "¥38", to: "¥42")).sentence(naming: names)
                    == "Changed the price of “宫保鸡丁” from ¥38 to ¥42")
            #expect(Answer(.undone([EntryLabel(.delete(id: TagID(2), text: "¥28", price: nil))])).sentences(naming: names) == ["Undid: Deleted “¥28”"])
            #expect(Answer(.redone([EntryLabel(.flip(id: TagID(2)))])).sentences(naming: names) == ["Redid: Flipped the bubble of “¥28”"])
            #expect(Notice.moreOverlaps(listed: 100).sentence(naming: names) == "More tags overlap than the 100 overlaps listed")
            // The editor's fix of a refused flip, a batch it names: what it did to the tag, not its name.
            let before = Tag(id: TagID(1), kind: .dish, text: "宫保鸡丁", anchor: NormalizedPoint(x: 0.97, y: 0.35), side: .left, labelEm: 5)
            var after = before
            (after.anchor, after.side) = (NormalizedPoint(x: 0.8, y: 0.35), .right)
            let fixed = Answer(.batch(label: EntryLabel(.named("move #1 in to 0.800,0.350 and flip")), changes: [TagChange(id: TagID(1), before: before, after: after)]))
            #expect(fixed.sentences(naming: names) == ["Moved “宫保鸡丁” and flipped its bubble"])
            #expect(fixed.said == ["move #1 in to 0.800,0.350 and flip"])
            // A refused flip, on the picture: the tag by its text; the CLI's message keeps the id and the point.
            let refused = PlacementError.sideDoesNotFit(id: TagID(1), side: .right, at: NormalizedPoint(x: 0.97, y: 0.35), room: NormalizedPoint(x: 0.8, y: 0.35))
            let failure = AnswerFailure(refused, naming: names)
            #expect(failure.messageOnThePicture == "The bubble of “宫保鸡丁” does not fit on the right of its dot: it would stick out of the photo")
            #expect(failure.message == refused.message)
            #expect(failure.fix?.label == "Move the dot in and flip")
            #expect(AnswerFailure(failure) == failure, "a failure already worded is kept")
        }
        Messages.speaking(Self.chinese) {
            #expect(Answer(.undone([EntryLabel(.delete(id: TagID(2), text: "¥28", price: nil))])).sentences(naming: names) == ["已撤销：已删除“¥28”"])
            #expect(LabelWording.flip(id: TagID(2)).sentence(naming: names) == "已翻转“¥28”的气泡")
            #expect(Notice.sideChanged(TagID(1), .right).sentence(naming: names) == "“宫保鸡丁”的气泡已移到右侧，以免超出照片")
        }
    }

    @Test func theEditorsJSONCarriesTheSentencesBesideTheCLIsWords() throws {
        let request = Request.move(TagID(1), .to(Position(NormalizedPoint(x: 0.989, y: 0.517))))
        let json = Messages.speaking(Self.chinese) { RequestCodec.json(Self.pushedMove, to: request, naming: Self.names) }
        guard case .object(let members) = json else { Issue.record("not an object"); return }
        let m = Dictionary(members, uniquingKeysWith: { first, _ in first })
        #expect(Self.strings(m["said"]) == ["move #1 to 0.989,0.517"], "said stays in English")
        #expect(Self.strings(m["sentences"]) == ["已移动“宫保鸡丁”"])
        guard case .array(let notices)? = m["notices"], notices.count == 3, case .object(let last) = notices[2] else {
            Issue.record("three notices"); return
        }
        let notice = Dictionary(last, uniquingKeysWith: { first, _ in first })
        #expect(Self.string(notice["notice"]) == "overlaps")
        #expect(Self.string(notice["sentence"]) == "“宫保鸡丁”与“¥28”重叠")
        #expect(Self.string(notice["severity"]) == "warning")
        #expect(Self.string(notice["text"]) == "#1 与 #2 重叠", "the CLI's wording stays beside it")
        // Without names, the answer is as it was.
        guard case .object(let plain) = RequestCodec.json(Self.pushedMove, to: request) else { return }
        #expect(!plain.contains { $0.0 == "sentences" })
    }

    static func string(_ value: JSON?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    static func strings(_ value: JSON?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        return items.map { string($0) ?? "" }
    }
}
