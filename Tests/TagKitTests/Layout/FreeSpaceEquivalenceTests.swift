import Testing
@testable import TagKit

/// The indexed free space finds exactly the spot the exhaustive search before it did
/// (`ReferenceLayout`), in empty, crowded and full pictures, at every size and tag scale, from the
/// centre and from any dot, and when it keeps what it learnt from one search to the next; `arrange`
/// moves every tag where the exhaustive `arrange` did; and a batch, which keeps the index and the
/// search from edit to edit, places every tag where the same edits one by one do.
@Suite struct FreeSpaceEquivalenceTests {
    static let sizes = [PictureSize(width: 600, height: 400), PictureSize(width: 300, height: 1200), PictureSize(width: 97, height: 101),
                        PictureSize(width: 2400, height: 160)]
    let measurer = FixedWidthMeasurer()

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

    @Test(arguments: 0..<16)
    func arrangeMovesEveryTagWhereTheExhaustiveArrangeDid(_ seed: Int) {
        var rng = SplitMix(state: UInt64(seed) &* 31_337 &+ 5)
        let size = Self.sizes[seed % Self.sizes.count], scale = [1, 0.6, 1.5, 1][seed % 4]
        let tags = Self.tags([2, 12, 60, 250][seed % 4], on: size, scale: scale, rng: &rng)
        var settings = ProjectSettings()
        settings.tagScale = scale
        let document = Document(tags: TagSet(tags), settings: settings, size: size, nextID: TagID(Int64(tags.count + 1)))
        var tests = 0
        let expected = ReferenceLayout.arranged(document, tests: &tests)
        let outcome = document.arranged()
        #expect(outcome.document == expected.document && outcome.entry == expected.entry, "seed \(seed)")
        #expect(outcome.notices == ReferenceLayout.limited(expected.notices), "seed \(seed)")
    }

    @Test(arguments: 0..<8)
    func aBatchPlacesEveryTagWhereTheSameEditsOneByOneDo(_ seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 65_537 &+ 7)
        let size = Self.sizes[seed % Self.sizes.count]
        let start = Document(tags: TagSet(Self.tags(seed % 3 == 0 ? 40 : 0, on: size, rng: &rng)), size: size, nextID: TagID(100))
        var edits: [Edit] = []
        var ids: [TagID] = start.tags.sorted.map(\.id)
        var nextID: Int64 = 100
        let names = ["Soup", "Tea", "Kung Pao Chicken", "Rice", "Flat white", "Dumplings with vinegar"]
        for _ in 0..<70 {
            switch (Int.random(in: 0..<10, using: &rng), ids.randomElement(using: &rng)) {
            case (0, let id?): edits.append(.move(id, .to(NormalizedPoint(x: .random(in: 0...1, using: &rng), y: .random(in: 0...1, using: &rng)))))
            case (1, let id?): edits.append(.delete(id)); ids.removeAll { $0 == id }
            case (2, let id?): edits.append(.setText(id, names.randomElement(using: &rng)!))
            case (3, _): edits.append(.add(kind: .dish, text: names.randomElement(using: &rng)!, at: nil, side: Bool.random(using: &rng) ? .left : nil))
                ids.append(TagID(nextID)); nextID += 1
            default: edits.append(.add(kind: .dish, text: names.randomElement(using: &rng)!, at: nil, side: nil)); ids.append(TagID(nextID)); nextID += 1
            }
        }
        // One by one, each a fresh edit with nothing carried over (a flip refused is left out of both).
        var document = start
        var kept: [Edit] = []
        var said: [Notice] = []
        for edit in edits {
            guard let outcome = try? document.applying(edit, measurer: measurer) else { continue }
            document = outcome.document
            kept.append(edit)
            said += outcome.notices.filter { if case .overlaps = $0 { return false } else { return true } }
        }
        let batch = try start.applying(kept, label: "batch", measurer: measurer)
        #expect(batch.document == document, "seed \(seed)")
        #expect(batch.notices.filter { if case .overlaps = $0 { false } else if case .moreOverlaps = $0 { false } else { true } } == said)
        // The overlaps of the end, named as every pair was before: each touched tag against every other.
        let touched = Set(batch.entry.changes.compactMap { $0.after?.id })
        var pairs: [Notice] = []
        for change in batch.entry.changes {
            guard let tag = change.after else { continue }
            for other in document.tags.sorted where other.id != tag.id && Placement.overlap(document.box(of: tag), document.box(of: other)) {
                if other.id > tag.id, touched.contains(other.id) { continue }
                pairs.append(.overlaps(tag.id, other.id))
            }
        }
        #expect(batch.notices.filter { if case .overlaps = $0 { true } else if case .moreOverlaps = $0 { true } else { false } }
                == ReferenceLayout.limited(pairs))
    }
}
