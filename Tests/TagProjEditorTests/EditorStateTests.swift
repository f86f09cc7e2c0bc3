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
}
