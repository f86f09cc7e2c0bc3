import Testing
@testable import TagKit

/// The work of free space and a batch's overlap notices, counted (boxes and cells the index looked
/// at, positions tried, cells looked at for blocked ones): it grows with the number of tags, not
/// with its square, once the picture is full and every search finds nothing (issue 20: 5,000 adds
/// without positions took 263 s).
@Suite struct LayoutWorkTests {
    let size = PictureSize(width: 600, height: 400)
    let measurer = FixedWidthMeasurer()

    /// The work of one batch of `count` adds without positions on an empty picture, and its notices.
    func adds(_ count: Int) throws -> (work: Int, notices: [Notice], document: Document) {
        let edits = (1...count).map { Edit.add(kind: .dish, text: "Dish \($0)", at: nil, side: nil) }
        var cache = PlacementCache()
        let outcome = try Document(size: size).applying(edits, label: "apply", lines: nil, measurer: measurer, cache: &cache)
        return (cache.index!.examined + cache.search!.work, outcome.notices, outcome.document)
    }

    @Test func addsPastTheLastFreePlaceCostTheSameEachAndNameAHundredOverlaps() throws {
        let (small, _, _) = try adds(300)
        let (large, notices, document) = try adds(1_200)
        // About 80 tags fill the picture; the rest each search in vain and go to the centre.
        #expect(document.tags.count == 1_200)
        // Four times the adds: about four times the work (4.3 when written), not sixteen.
        #expect(Double(large) < 6 * Double(small), "work \(small) for 300 adds, \(large) for 1,200: not linear")
        // Every tag at the centre overlaps every other there (700,000 pairs), and a hundred are named.
        #expect(notices.count == OverlapLimit.limit + 1 && notices.last == .moreOverlaps(listed: OverlapLimit.limit))
        #expect(notices.dropLast().allSatisfy { if case .overlaps = $0 { true } else { false } })
    }
}
