import Testing
@testable import TagKit

/// The indexed free space finds exactly the spot the exhaustive search before it did
/// (`ReferenceLayout`), in empty, crowded and full pictures, at every size and tag scale, from the
/// centre and from any dot, and when it keeps what it learnt from one search to the next.
@Suite struct FreeSpaceEquivalenceTests {
    static let sizes = [PictureSize(width: 600, height: 400), PictureSize(width: 300, height: 1200), PictureSize(width: 97, height: 101),
                        PictureSize(width: 2400, height: 160)]

    /// `count` tags at random dots (kept inside the picture), random widths and sides.
    static func tags(_ count: Int, on size: PictureSize, scale: Double = 1, rng: inout SplitMix) -> [Tag] {
        (0..<count).compactMap { k in
            let em = Double.random(in: 0.5...9, using: &rng), side: Side = Bool.random(using: &rng) ? .left : .right
            let wanted = NormalizedPoint(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng))
            guard let spot = try? Placement.place(wanted, side: side, mayFlip: true, labelEm: em, size: size, scale: scale) else { return nil }
            return Tag(id: TagID(Int64(k + 1)), kind: .dish, text: "Dish \(k + 1)", anchor: spot.anchor, side: spot.side, labelEm: em)
        }
    }

    @Test(arguments: 0..<32)
    func aSearchAmongRandomTagsFindsTheSpotTheExhaustiveSearchFinds(_ seed: Int) {
        var rng = SplitMix(state: UInt64(seed) &* 104_729 &+ 1)
        let size = Self.sizes[seed % Self.sizes.count], scale = [1, 0.5, 2][seed % 3]
        let boxes = Self.tags([0, 3, 20, 80, 300][seed % 5], on: size, scale: scale, rng: &rng).map { Placement.box(of: $0, size: size, scale: scale) }
        for _ in 0..<6 {
            let em = Double.random(in: 0.5...12, using: &rng)
            let side: Side? = [nil, .left, .right][Int.random(in: 0..<3, using: &rng)]
            let near = Bool.random(using: &rng) ? .centre : NormalizedPoint(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng))
            let preferring: Side? = [nil, .left, .right][Int.random(in: 0..<3, using: &rng)]
            var tests = 0
            let expected = ReferenceLayout.spot(labelEm: em, side: side, size: size, scale: scale, others: boxes, near: near, preferring: preferring, tests: &tests)
            #expect(FreeSpace.spot(labelEm: em, side: side, size: size, scale: scale, others: boxes, near: near, preferring: preferring) == expected,
                    "seed \(seed), \(boxes.count) boxes, em \(em), side \(String(describing: side)), near \(near)")
        }
    }

    @Test(arguments: 0..<8)
    func searchesThatKeepWhatTheyLearntAnswerAsFreshOnesAsBoxesComeAndGo(_ seed: Int) {
        var rng = SplitMix(state: UInt64(seed) &* 7_919 &+ 3)
        let size = Self.sizes[seed % Self.sizes.count], scale = [1, 0.7, 1.6][seed % 3]
        var index = BoxIndex(size: size, tagHeight: TagStyle.height(on: size, scale: scale))
        var search = FreeSpace.Search(size: size, scale: scale)
        var boxes: [TagID: Rect] = [:]
        var next: Int64 = 1
        // Tags added to free space (the picture fills up, then every search fails), now and then
        // one moved or taken away, and searches from other dots in between.
        for step in 0..<90 {
            let em = [2.4, 3.0, 1.2, 6.0][Int.random(in: 0..<4, using: &rng)]
            let near = step % 5 == 4 ? NormalizedPoint(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng)) : .centre
            let others = boxes.sorted { $0.key < $1.key }.map(\.value)
            var tests = 0
            let expected = ReferenceLayout.spot(labelEm: em, side: nil, size: size, scale: scale, others: others, near: near, tests: &tests)
            let found = FreeSpace.spot(labelEm: em, side: nil, size: size, scale: scale, near: near, preferring: nil, index: &index, search: &search)
            #expect(found == expected, "seed \(seed), step \(step)")
            if step % 17 == 16, let gone = boxes.keys.randomElement(using: &rng) {
                boxes[gone] = nil
                index.remove(gone)
            } else {
                let spot = found ?? Placement.Spot(anchor: .centre, side: .left)
                let box = Placement.box(anchor: spot.anchor, side: spot.side, labelEm: em, size: size, scale: scale)
                let id = step % 13 == 12 && !boxes.isEmpty ? boxes.keys.min()! : TagID(next)
                if id.rawValue == next { next += 1 }
                boxes[id] = box
                index.insert(id, box)
            }
        }
    }
}
