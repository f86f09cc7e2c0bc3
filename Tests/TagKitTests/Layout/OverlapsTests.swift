import Testing
@testable import TagKit

/// Which tags overlap which, bounded: thousands of tags on one point (what a big menu leaves once
/// no free space is left) are described by at most a few others each, not by every pair.
@Suite struct OverlapsTests {
    let size = PictureSize(width: 1200, height: 800)

    func tags(_ count: Int, at point: NormalizedPoint) -> [Tag] {
        (1...count).map { Tag(id: TagID(Int64($0)), kind: .dish, text: "Dish \($0)", anchor: point, side: .right, labelEm: 4) }
    }

    @Test func fiveThousandTagsOnOnePointListAtMostTheLimitEachAndSayThereAreMore() {
        let crowd = tags(5000, at: NormalizedPoint(x: 0.5, y: 0.5))
        let overlaps = Overlaps.among(crowd, size: size, scale: 1)
        #expect(overlaps.count == 5000, "every tag is marked as overlapping")
        #expect(overlaps.values.allSatisfy { $0.others.count == Overlaps.listedPerTag && $0.more })
        #expect(overlaps.values.allSatisfy { $0.others == $0.others.sorted() && !$0.others.isEmpty })
        #expect(overlaps.allSatisfy { id, list in !list.others.contains(id) })
        let pairs = Overlaps.pairs(crowd, size: size, scale: 1, limit: 100)
        #expect(pairs.pairs.count == 100 && pairs.more)
        #expect(pairs.pairs.allSatisfy { $0.0 < $0.1 })
    }

    @Test func aLayoutUnderTheLimitIsDescribedExactly() {
        // Two clusters of three, far apart, and a tag alone.
        var all = tags(3, at: NormalizedPoint(x: 0.2, y: 0.2))
        all += [4, 5, 6].map { Tag(id: TagID($0), kind: .price, text: "\($0)", anchor: NormalizedPoint(x: 0.6, y: 0.7), side: .left, labelEm: 2) }
        all.append(Tag(id: TagID(7), kind: .dish, text: "Alone", anchor: NormalizedPoint(x: 0.9, y: 0.1), side: .left, labelEm: 3))
        let overlaps = Overlaps.among(all, size: size, scale: 1)
        #expect(overlaps[TagID(1)] == Overlaps.List(others: [TagID(2), TagID(3)]))
        #expect(overlaps[TagID(5)] == Overlaps.List(others: [TagID(4), TagID(6)]))
        #expect(overlaps[TagID(7)] == nil)
        let pairs = Overlaps.pairs(all, size: size, scale: 1, limit: 100)
        #expect(pairs.pairs.map { [$0.0.rawValue, $0.1.rawValue] } == [[1, 2], [1, 3], [2, 3], [4, 5], [4, 6], [5, 6]] && !pairs.more)
        let three = Overlaps.pairs(all, size: size, scale: 1, limit: 3)
        #expect(three.pairs.map { [$0.0.rawValue, $0.1.rawValue] } == [[1, 2], [1, 3], [2, 3]] && three.more)
    }
}
