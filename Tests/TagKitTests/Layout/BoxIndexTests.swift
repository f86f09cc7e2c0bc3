import Testing
@testable import TagKit

/// `BoxIndex` answers exactly what testing every box with `Placement.overlap` answers, for boxes
/// anywhere (off the picture, on cell boundaries, empty, inverted, infinite, NaN), as boxes come,
/// move and go; and it looks at the boxes near a query, not at all of them.
@Suite struct BoxIndexTests {
    let size = PictureSize(width: 600, height: 400)
    var tagHeight: Double { TagStyle.height(on: size, scale: 1) }

    /// A random box: mostly tag-sized on the picture; some snapped to the cell grid, some off the
    /// picture, some odd.
    func box(_ rng: inout SplitMix, cell: (width: Double, height: Double)) -> Rect {
        func coordinate(_ extent: Double, _ cell: Double) -> Double {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: return Double(Int.random(in: -2...Int(extent / cell) + 2, using: &rng)) * cell
            case 1: return .random(in: -300...extent + 300, using: &rng)
            default: return .random(in: 0...extent, using: &rng)
            }
        }
        switch Int.random(in: 0..<40, using: &rng) {
        case 0: return Rect(minX: 10, minY: 10, maxX: 10, maxY: 50)                  // empty
        case 1: return Rect(minX: 200, minY: 100, maxX: 150, maxY: 140)              // inverted
        case 2: return Rect(minX: -.infinity, minY: 20, maxX: 40, maxY: 60)          // reaching to infinity
        case 3: return Rect(minX: .nan, minY: 20, maxX: 40, maxY: 60)
        default:
            let x = coordinate(600, cell.width), y = coordinate(400, cell.height)
            let w = Int.random(in: 0..<4, using: &rng) == 0 ? Double(Int.random(in: 1...30, using: &rng)) * cell.width / 2 : .random(in: 1...160, using: &rng)
            return Rect(minX: x, minY: y, maxX: x + w, maxY: y + tagHeight * .random(in: 0.2...1.5, using: &rng))
        }
    }

    @Test(arguments: 0..<8)
    func everyAnswerIsTheOneTestingEveryBoxGives(_ seed: Int) {
        var rng = SplitMix(state: UInt64(seed) &* 2_654_435_761 &+ 11)
        var index = BoxIndex(size: size, tagHeight: tagHeight)
        var boxes: [TagID: Rect] = [:]
        for step in 0..<1_500 {
            let id = TagID(Int64.random(in: 1...300, using: &rng))
            if step % 7 == 3 {
                index.remove(id)
                boxes[id] = nil
            } else {
                let b = box(&rng, cell: (index.cellWidth, index.cellHeight))
                index.insert(id, b)
                boxes[id] = b
            }
            let query = box(&rng, cell: (index.cellWidth, index.cellHeight))
            let expected = boxes.filter { Placement.overlap($0.value, query) }.map(\.key).sorted()
            #expect(index.overlapping(query) == expected, "seed \(seed), step \(step), query \(query)")
            let some = index.overlapping(query, limit: 3)
            #expect(some.count == min(3, expected.count) && Set(some).isSubset(of: expected), "seed \(seed), step \(step): \(some)")
            #expect(index.overlapsAny(query) == !expected.isEmpty, "seed \(seed), step \(step), query \(query)")
            #expect(index.count == boxes.count)
        }
    }

    @Test func aPileOfIdenticalBoxesAnswersAQueryBesideItWithoutTestingThem() {
        var index = BoxIndex(size: size, tagHeight: tagHeight)
        // 5,000 tags on one dot, as adds past the last free place leave them.
        for k in 1...5_000 { index.insert(TagID(Int64(k)), Rect(minX: 294, minY: 180, maxX: 390, maxY: 206)) }
        let before = index.examined
        for dx in stride(from: -200.0, through: 200, by: 3.3) {
            for dy in stride(from: -60.0, through: 60, by: 3.3) {
                let q = Rect(minX: 294 + dx, minY: 180 + dy, maxX: 390 + dx, maxY: 206 + dy)
                #expect(index.overlapsAny(q) == Placement.overlap(q, Rect(minX: 294, minY: 180, maxX: 390, maxY: 206)))
            }
        }
        // 4,500 queries, each a few cells and at most a corner's worth of boxes: not 5,000 boxes each.
        #expect(index.examined - before < 4_500 * 40, "\(index.examined - before)")
        // Asked for a few of those it overlaps, it stops at them.
        let start = index.examined
        #expect(index.overlapping(Rect(minX: 300, minY: 185, maxX: 380, maxY: 200), limit: 17).count == 17)
        #expect(index.examined - start < 40, "\(index.examined - start)")
    }

    @Test func theWorkOfAQueryDoesNotGrowWithTheBoxesFarFromIt() {
        var rng = SplitMix(state: 42)
        var work: [Int] = []
        for count in [500, 5_000] {
            // Tag-sized boxes over a picture as many times wider as there are more boxes: the same
            // density near every query.
            let wide = PictureSize(width: 60 * count / 50, height: 400)
            var index = BoxIndex(size: wide, tagHeight: tagHeight)
            for k in 1...count {
                let x = Double.random(in: 0...Double(wide.width), using: &rng), y = Double.random(in: 0...400, using: &rng)
                index.insert(TagID(Int64(k)), Rect(minX: x, minY: y, maxX: x + 90, maxY: y + 26))
            }
            let before = index.examined
            for _ in 0..<1_000 {
                let x = Double.random(in: 0...Double(wide.width), using: &rng), y = Double.random(in: 0...400, using: &rng)
                _ = index.overlapping(Rect(minX: x, minY: y, maxX: x + 90, maxY: y + 26))
            }
            work.append(index.examined - before)
        }
        #expect(Double(work[1]) < 1.5 * Double(work[0]), "\(work)")
    }
}
