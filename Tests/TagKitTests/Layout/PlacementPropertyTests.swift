import Testing
@testable import TagKit

/// Seeded random edit sequences: no sequence ever leaves a tag outside the picture, or moves a
/// dot that had room where the user put it.
@Suite struct PlacementPropertyTests {
    static let sizes = [PictureSize(width: 600, height: 400), PictureSize(width: 300, height: 1200), PictureSize(width: 97, height: 101)]
    let measurer = FixedWidthMeasurer()

    func inside(_ tag: Tag, _ size: PictureSize) -> Bool {
        let b = Placement.box(of: tag, size: size), hair = 1e-6
        return b.minX >= -hair && b.minY >= -hair && b.maxX <= Double(size.width) + hair && b.maxY <= Double(size.height) + hair
    }

    func roomy(_ p: NormalizedPoint, _ side: Side, _ em: Double, _ size: PictureSize, mayFlip: Bool) -> Bool {
        Placement.fits(p, side: side, labelEm: em, size: size) || (mayFlip && Placement.fits(p, side: side.flipped, labelEm: em, size: size))
    }

    @Test(arguments: 0..<24)
    func noRandomSequenceLeavesATagOutsideOrMovesADotThatHadRoom(_ seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 7919)
        let size = Self.sizes[seed % Self.sizes.count]
        var document = Document(size: size)
        let names = ["Soup", "宫保鸡丁", "Kung Pao Chicken with peanuts", "Tea", "Flat white"]
        func point() -> NormalizedPoint {
            NormalizedPoint(x: Double.random(in: -0.3...1.3, using: &rng), y: Double.random(in: -0.3...1.3, using: &rng))
        }
        for _ in 0..<60 {
            let ids = document.tags.sorted.map(\.id)
            let id = ids.randomElement(using: &rng)
            let edit: Edit
            switch (Int.random(in: 0..<7, using: &rng), id) {
            case (0, _), (_, nil):
                let at: NormalizedPoint? = Bool.random(using: &rng) ? point() : nil
                let side: Side? = Int.random(in: 0..<3, using: &rng) == 0 ? Side.allCases.randomElement(using: &rng) : nil
                edit = .add(kind: .dish, text: names.randomElement(using: &rng)!, at: at, side: side)
            case (1, let id?): edit = .move(id, .to(point()))
            case (2, let id?): edit = .move(id, .by(dx: Double.random(in: -0.4...0.4, using: &rng), dy: Double.random(in: -0.4...0.4, using: &rng)))
            case (3, let id?): edit = .flip(id)
            case (4, let id?): edit = .setText(id, names.randomElement(using: &rng)!)
            case (5, _): edit = .arrange
            case (_, let id?): edit = .delete(id)
            }
            let outcome: EditOutcome
            do {
                outcome = try document.applying(edit, measurer: measurer)
            } catch let error as PlacementError {
                // Only an explicit side may be refused, and only where it truly does not fit.
                switch edit {
                case .flip(let id):
                    let tag = document.tags[id]!
                    #expect(!Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size), "\(error)")
                case .add(_, let text, _, let at?, let side?) where error != .doesNotFit:
                    let em = try measurer.labelEm(text, font: "", language: .undetermined)
                    #expect((0...1).contains(at.x) && (0...1).contains(at.y) && !Placement.fits(at, side: side, labelEm: em, size: size),
                            "\(edit): \(error)")
                case .add, .setText: #expect(error == .doesNotFit, "\(edit): \(error)")
                default: Issue.record("\(edit) refused: \(error)")
                }
                continue
            }
            for tag in outcome.document.tags.sorted { #expect(inside(tag, size), "seed \(seed): \(edit) left \(tag) outside") }
            if let tag = outcome.tag {
                let before = document.tags[tag.id]
                // Where the user put the dot (nil: free space, or the dot was not touched).
                let wanted: NormalizedPoint?
                var mayFlip = true
                switch edit {
                case .add(_, _, _, let at, let side): (wanted, mayFlip) = (at, side == nil)
                case .move(_, .to(let p)): wanted = p
                case .move(_, .by(let dx, let dy)): wanted = NormalizedPoint(x: before!.anchor.x + dx, y: before!.anchor.y + dy)
                case .flip: (wanted, mayFlip) = (before!.anchor, false)
                case .setText, .relabel: wanted = before!.anchor
                case .delete, .setSettings, .arrange: wanted = nil
                }
                if let wanted, roomy(wanted, before?.side ?? tag.side, tag.labelEm, size, mayFlip: mayFlip) {
                    #expect(tag.anchor == wanted, "seed \(seed): \(edit) moved a dot that had room")
                }
            }
            document = outcome.document
        }
    }
}
