import Testing
@testable import TagKit

/// The work of free space, `arrange` and a batch's overlap notices, counted (boxes and cells the
/// index looked at, positions tried, cells looked at for blocked ones): it grows with the number
/// of tags, not with its square, once the picture is full and every search finds nothing
/// (issue 20: 5,000 adds without positions took 263 s, `arrange` on 20,000 tags 155 s).
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

    /// The work of arranging `count` tags at seeded random dots over the left two thirds of the picture.
    func arrange(_ count: Int) -> (work: Int, outcome: EditOutcome) {
        var rng = SplitMix(state: 20)
        let tags = (1...count).map { k in
            Tag(id: TagID(Int64(k)), kind: .dish, text: "Dish \(k)", anchor: NormalizedPoint(x: .random(in: 0.02...0.62, using: &rng), y: .random(in: 0.1...0.95, using: &rng)),
                side: .right, labelEm: 3 + Double(k % 3))
        }
        let document = Document(tags: TagSet(tags), size: size, nextID: TagID(Int64(count + 1)))
        var state = ArrangeState(size: size, scale: 1)
        let outcome = document.arranged(&state)
        return (state.work, outcome)
    }

    /// Arranging `count` tags in a row on a picture as many times wider, each bubble over the next
    /// two dots: one cluster of them all. Its work and its outcome.
    func row(_ count: Int) -> (state: ArrangeState, outcome: EditOutcome) {
        let wide = PictureSize(width: 30 * count + 200, height: 400)
        let tags = (1...count).map { k in
            Tag(id: TagID(Int64(k)), kind: .dish, text: "Dish \(k)", anchor: NormalizedPoint(x: Double(30 * k + 50) / Double(wide.width), y: 0.5),
                side: .right, labelEm: 2.4)
        }
        var state = ArrangeState(size: wide, scale: 1)
        let outcome = Document(tags: TagSet(tags), size: wide, nextID: TagID(Int64(count + 1))).arranged(&state)
        return (state, outcome)
    }

    @Test func aRowOfTwoThousandOverlappingTagsIsArrangedOneAtATimeWithBoundedWork() {
        let (small, _) = row(500)
        let (large, outcome) = row(2_000)
        // Too big a cluster to search its sides: no node visited, each tag a bounded query to find that out.
        #expect(small.nodes == 0 && large.nodes == 0)
        #expect(Double(large.work) < 6 * Double(small.work), "work \(small.work) for 500 tags, \(large.work) for 2,000: not linear")
        #expect(large.work < 2_000 * 2_000, "\(large.work)")
        #expect(outcome.entry.changes.count > 1_000 && outcome.recordsEntry)
    }

    @Test func aThousandFacingPairsAreEachSearchedInAFewNodesAndOnlyFlipped() {
        let wide = PictureSize(width: 200 * 1_000, height: 400)
        let tags = (0..<2_000).map { (k: Int) -> Tag in
            let x = Double(200 * (k / 2) + 70 + 60 * (k % 2)) / Double(wide.width)
            return Tag(id: TagID(Int64(k + 1)), kind: .dish, text: "Dish \(k)", anchor: NormalizedPoint(x: x, y: 0.5),
                       side: k % 2 == 0 ? .right : .left, labelEm: 2.4)
        }
        let document = Document(tags: TagSet(tags), size: wide, nextID: TagID(2_001))
        var state = ArrangeState(size: wide, scale: 1)
        let outcome = document.arranged(&state)
        #expect(outcome.entry.changes.count == 2_000 && outcome.entry.changes.allSatisfy { $0.after?.anchor == $0.before?.anchor })
        // A pair has 9 nodes at the most (3 choices for each of 2 tags and the root).
        #expect(state.nodes <= 1_000 * 9 && state.search.work == 0, "\(state.nodes) nodes, \(state.search.work) free-space work")
    }

    @Test func arrangingFourTimesTheTagsIsAboutFourTimesTheWork() {
        let (small, _) = arrange(500)
        let (large, outcome) = arrange(2_000)
        // Four times the tags: about four times the work (4.2 when written), not sixteen.
        #expect(Double(large) < 6 * Double(small), "work \(small) for 500 tags, \(large) for 2,000: not linear")
        let overlaps = outcome.notices.filter { if case .arranged = $0 { false } else { true } }
        #expect(overlaps.count == OverlapLimit.limit + 1 && overlaps.last == .moreOverlaps(listed: OverlapLimit.limit))
    }
}
