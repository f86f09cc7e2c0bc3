import Testing
@testable import TagKit

/// A project's tag scale enlarges or shrinks every tag: its geometry, where it fits, and what a
/// new scale does to the tags already placed.
@Suite struct TagScaleTests {
    let size = PictureSize(width: 600, height: 400)

    func soup(at x: Double, side: Side = .right) -> Tag {
        Tag(id: TagID(1), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: x, y: 0.5), side: side, labelEm: 2.4)
    }

    func document(_ tags: [Tag], scale: Double = 1) -> Document {
        Document(tags: TagSet(tags), settings: ProjectSettings(tagScale: scale), size: size, nextID: TagID(Int64(tags.count + 1)))
    }

    @Test(arguments: [0.75, 1.5, 4])
    func everyLengthOfATagGrowsWithTheScaleAboutItsDot(_ scale: Double) {
        let one = TagGeometry(anchor: .centre, side: .right, labelEm: 3, size: size)
        let scaled = TagGeometry(anchor: .centre, side: .right, labelEm: 3, size: size, scale: scale)
        #expect(abs(scaled.height - one.height * scale) < 1e-9 && abs(scaled.fontSize - one.fontSize * scale) < 1e-9)
        #expect(abs(scaled.bounds.width - one.bounds.width * scale) < 1e-9 && abs(scaled.bounds.height - one.bounds.height * scale) < 1e-9)
        #expect(scaled.dotCentre == one.dotCentre)
        #expect(Placement.box(anchor: .centre, side: .right, labelEm: 3, size: size, scale: scale) == scaled.bounds)
    }

    @Test func aLargerScaleLeavesLessRoomForTheDotAndASmallerMore() throws {
        let one = try #require(Placement.allowedRegion(side: .right, labelEm: 3, size: size))
        let big = try #require(Placement.allowedRegion(side: .right, labelEm: 3, size: size, scale: 2))
        let small = try #require(Placement.allowedRegion(side: .right, labelEm: 3, size: size, scale: 0.5))
        #expect(big.x.upperBound < one.x.upperBound && one.x.upperBound < small.x.upperBound)
        #expect(big.y.lowerBound > one.y.lowerBound && one.y.lowerBound > small.y.lowerBound)
    }

    @Test func aNewScaleSendsABubbleThatNoLongerFitsToTheOtherSideAndKeepsTheDot() throws {
        let tag = soup(at: 0.85)
        #expect(Placement.fits(tag.anchor, side: .right, labelEm: tag.labelEm, size: size))
        let outcome = try document([tag]).applying(.setSettings(ProjectSettings(tagScale: 2)), measurer: nil)
        let after = try #require(outcome.document.tags[tag.id])
        #expect(after.anchor == tag.anchor && after.side == .left)
        #expect(outcome.notices == [.sideChanged(tag.id, .left)])
        #expect(outcome.entry.label == "set tag scale 2")
        #expect(outcome.entry.changes == [TagChange(id: tag.id, before: tag, after: after)])
        #expect(outcome.entry.settings?.before.tagScale == 1 && outcome.entry.settings?.after.tagScale == 2)
    }

    @Test func onlyWhenNeitherSideFitsDoesTheDotMoveAndTheLeastDistance() throws {
        // At the top edge no side fits at scale 3: the dot comes down just enough.
        let tag = Tag(id: TagID(1), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: 0.5, y: 0.1), side: .right, labelEm: 2.4)
        let outcome = try document([tag]).applying(.setSettings(ProjectSettings(tagScale: 3)), measurer: nil)
        let after = try #require(outcome.document.tags[tag.id])
        let region = try #require(Placement.allowedRegion(side: .right, labelEm: 2.4, size: size, scale: 3))
        #expect(after.side == .right && after.anchor == NormalizedPoint(x: 0.5, y: region.y.lowerBound))
        #expect(outcome.notices == [.movedToStayInside(tag.id, after.anchor)])
    }

    @Test func aScaleThatMakesTwoTagsOverlapSaysSoOnce() throws {
        let a = soup(at: 0.2)
        var b = soup(at: 0.2)
        b.id = TagID(2)
        b.anchor.y = 0.6
        let outcome = try document([a, b]).applying(.setSettings(ProjectSettings(tagScale: 2)), measurer: nil)
        #expect(outcome.notices == [.overlaps(TagID(2), TagID(1))])
        let back = try outcome.document.applying(.setSettings(ProjectSettings(tagScale: 1)), measurer: nil)
        #expect(back.notices.isEmpty && back.document.tags == document([a, b]).tags)
    }

    @Test(arguments: 0..<6)
    func aNewScaleNamesTheNewOverlapsEveryPairWouldAndAtMostAHundred(_ seed: Int) throws {
        var rng = SplitMix(state: UInt64(seed) &* 48_271 &+ 9)
        let tags = FreeSpaceEquivalenceTests.tags([15, 60, 400][seed % 3], on: size, rng: &rng)
        let before = document(tags)
        let outcome = try before.applying(.setSettings(ProjectSettings(tagScale: [2, 1.3, 2.5][seed % 3])), measurer: nil)
        // Every pair, as before the index: overlapping after the new scale and not before it.
        let after = outcome.document, all = after.tags.sorted
        var pairs: [Notice] = []
        for (i, tag) in all.enumerated() {
            for other in all[..<i] where Placement.overlap(after.box(of: tag), after.box(of: other))
                && !Placement.overlap(before.box(of: before.tags[tag.id]!), before.box(of: before.tags[other.id]!)) {
                pairs.append(.overlaps(tag.id, other.id))
            }
        }
        #expect(outcome.notices.filter { if case .overlaps = $0 { true } else if case .moreOverlaps = $0 { true } else { false } }
                == ReferenceLayout.limited(pairs), "seed \(seed)")
    }

    @Test func freeSpaceAndOverlapsAreJudgedAtTheProjectsScale() throws {
        let first = soup(at: 0.5)
        // At scale 1 a tag 0.1 below the first clears it; at scale 2 it would not.
        let below = Edit.add(kind: .dish, text: "Soup", at: NormalizedPoint(x: 0.5, y: 0.6), side: .right)
        #expect(try document([first]).applying(below, measurer: FixedWidthMeasurer()).notices.isEmpty)
        #expect(try document([first], scale: 2).applying(below, measurer: FixedWidthMeasurer()).notices == [.overlaps(TagID(2), TagID(1))])
        let free = try document([first], scale: 2).applying(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: FixedWidthMeasurer())
        let boxes = free.document.tags.sorted.map(free.document.box(of:))
        #expect(!Placement.overlap(boxes[0], boxes[1]))
    }

    @Test func arrangeClearsTheOverlapsOfTheTagsAsLargeAsTheScaleDrawsThem() throws {
        var b = soup(at: 0.2)
        b.id = TagID(2)
        b.anchor.y = 0.6
        let scaled = document([soup(at: 0.2), b], scale: 2)
        let arranged = try scaled.applying(.arrange, measurer: nil).document
        let boxes = arranged.tags.sorted.map(arranged.box(of:))
        #expect(!Placement.overlap(boxes[0], boxes[1]))
        #expect(try document([soup(at: 0.2), b]).applying(.arrange, measurer: nil).entry.changes.isEmpty, "at scale 1 nothing overlapped")
    }

    @Test(arguments: [0.2, 4.5, -1, .nan, .infinity])
    func aScaleOutsideAQuarterToFourIsRefused(_ scale: Double) {
        #expect(throws: SettingsError(setting: .tagScale, problem: .outOfRange)) { try ProjectSettings(tagScale: scale).validated() }
        #expect(SettingsError(setting: .tagScale, problem: .outOfRange).message == "the tag scale is between 0.25 and 4")
    }

    @Test func theBoundsThemselvesAreAllowed() throws {
        #expect(try ProjectSettings(tagScale: 0.25).validated().tagScale == 0.25)
        #expect(try ProjectSettings(tagScale: 4).validated().tagScale == 4)
        #expect(ProjectSettings(tagScale: 1.25).formattedTagScale == "1.25" && ProjectSettings().formattedTagScale == "1")
    }
}
