import Foundation
import Testing
@testable import TagKit
@testable import TagProjEditor

/// What the page and the gallery are told of a crowded project: thousands of tags on one point
/// (what a big menu makes once no free space is left) are told in a bounded answer, each tag
/// marked as overlapping with a few of the others it overlaps, not all of them.
@Suite struct EditorStateTests {
    @Test func twoThousandTagsOnOnePointAreToldInABoundedAnswer() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try PhotoCacheTests.project("crowd", width: 600, height: 400, in: dir)
        let project = try Project.open(path, forWriting: true)
        let adds = (1...2000).map { Request.add(kind: .dish, text: "Dish \($0)", at: Position(NormalizedPoint(x: 0.5, y: 0.5)), side: .right) }
        _ = try project.perform(.batch(Batch(adds, source: "crowd.csv")), fonts: try FontSystem())
        let state = try EditorState.json(project)
        // Every pair named, it was 2,000 × 1,999 ids: some 20 MB. Bounded, about 300 bytes a tag.
        #expect(state.text.utf8.count < 2_000_000, "\(state.text.utf8.count) bytes")
        guard case .array(let tags)? = state["tags"] else {
            Issue.record("no tags in the state")
            return
        }
        #expect(tags.count == 2000)
        for tag in tags {
            guard case .array(let overlaps)? = tag["overlaps"] else { Issue.record("no overlaps: \(tag.text)"); return }
            #expect(overlaps.count == Overlaps.listedPerTag && tag["overlaps_more"]?.text == "true")
        }
        // The gallery's card names three pairs, then says there are more.
        let notices = try project.overlapNotices()
        #expect(notices.count == 4 && notices.last == .moreOverlaps(listed: 3), "\(notices)")
    }

    /// The state after an edit costs what changed, not the history's size: told what the page
    /// holds, the answer to a move after 2,000 entries is the size of the one after 10 (but for
    /// the digits of the entry numbers), where the whole tree grows with every entry.
    @Test func theStateAfterAMoveIsTheSameSizeAfterTenAndTwoThousandEntries() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sizes: [(told: Int, whole: Int)] = []
        for entries in [10, 2000] {
            let path = try PhotoCacheTests.project("p\(entries)", width: 600, height: 400, in: dir)
            let project = try Project.open(path, forWriting: true)
            _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: .right), fonts: try FontSystem())
            for _ in 1..<entries - 1 { _ = try project.perform(.flip(TagID(1))) }
            let page = try EditorState.json(project)  // what the page holds: entries - 1 of them
            guard case .string(let version)? = page["version"] else { Issue.record("no version"); return }
            let known = try #require(EditorState.Known(since: String(entries - 1), file: String(version.split(separator: "-")[0])))
            _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.4, y: 0.5)))))
            let told = try EditorState.json(project, known: known), whole = try EditorState.json(project)
            guard case .object(let history)? = told["history"], case .array(let new)? = told["history"]?["entries"] else {
                Issue.record("no history in \(told.text)")
                return
            }
            #expect(history.first?.0 == "since" && new.count == 1 && new.first?["seq"]?.text == String(entries), "\(told.text)")
            #expect(told["version"]?.text == whole["version"]?.text && told["tags"]?.text == whole["tags"]?.text)
            sizes.append((told.text.utf8.count, whole.text.utf8.count))
        }
        #expect(abs(sizes[1].told - sizes[0].told) <= 16, "\(sizes)")
        #expect(sizes[1].whole > sizes[0].whole + 100_000, "the whole tree grows: \(sizes)")
    }

    /// Told of another file (one put in the project's place), or of entries it does not have, the
    /// state holds the whole tree again.
    @Test func aPageThatHoldsAnotherFilesHistoryIsToldTheWholeTree() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let project = try Project.open(try PhotoCacheTests.project("p", width: 600, height: 400, in: dir), forWriting: true)
        _ = try project.perform(.add(kind: .price, text: "12", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: .right), fonts: try FontSystem())
        for known in [EditorState.Known(since: "1", file: "1x2"), EditorState.Known(since: "7", file: FileIO.identity(of: project.path)?.fileKey)] {
            let state = try EditorState.json(project, known: known), tree = try project.historyTree().json(wordingLabels: true).text
            #expect(state["history"]?["since"] == nil && state["history"]?.text == tree, "\(state.text)")
        }
    }

    /// The entries after one, each undone unless it leads to the cursor: after an undo and a new
    /// edit, the new branch's entry is applied and the entry undone is not.
    @Test func theEntriesAfterOneAreMarkedAgainstTheCursor() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let project = try Project.open(try PhotoCacheTests.project("p", width: 600, height: 400, in: dir), forWriting: true)
        _ = try project.perform(.add(kind: .price, text: "12", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: .right), fonts: try FontSystem())
        _ = try project.perform(.flip(TagID(1)))
        _ = try project.perform(.flip(TagID(1)))
        _ = try project.perform(.undo(steps: 2))
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.5, y: 0.5)))))
        let after = try project.historyTree(after: 1)
        #expect(after.cursor == 4 && after.items.map(\.seq) == [2, 3, 4] && after.items.map(\.undone) == [true, true, false])
        #expect(after.items == Array(try project.historyTree().items.dropFirst()), "as the whole tree marks them")
    }
}
