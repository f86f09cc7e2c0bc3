import Testing
@testable import TagKit

@Suite struct PlacementTests {
    let size = PictureSize(width: 600, height: 400)

    /// Whether the tag drawn at `anchor` lies inside the picture (a hair of rounding allowed).
    func inside(_ anchor: NormalizedPoint, _ side: Side, _ em: Double) -> Bool {
        let b = TagGeometry(anchor: anchor, side: side, labelEm: em, size: size).bounds
        return b.minX >= -1e-9 && b.minY >= -1e-9 && b.maxX <= 600 + 1e-9 && b.maxY <= 400 + 1e-9
    }

    @Test func aTagInTheMiddleStaysWhereItIs() throws {
        let p = NormalizedPoint(x: 0.4, y: 0.5)
        #expect(try Placement.fit(p, side: .right, labelEm: 4, size: size) == p)
    }

    @Test(arguments: [
        (NormalizedPoint(x: 0, y: 0.5), Side.right), (NormalizedPoint(x: 1, y: 0.5), .left),
        (NormalizedPoint(x: 0.99, y: 0.5), .right), (NormalizedPoint(x: 0.01, y: 0.5), .left),
        (NormalizedPoint(x: 0.5, y: 0), .right), (NormalizedPoint(x: 0.5, y: 1), .left),
        (NormalizedPoint(x: -3, y: 7), .right), (NormalizedPoint(x: 2, y: -1), .left),
    ])
    func aTagPastAnyEdgeIsMovedBackInside(_ wanted: NormalizedPoint, _ side: Side) throws {
        let fitted = try Placement.fit(wanted, side: side, labelEm: 4, size: size)
        #expect(inside(fitted, side, 4))
        #expect(fitted != wanted)
        // Least distance: the fitted tag touches the edge it was pushed from.
        let b = TagGeometry(anchor: fitted, side: side, labelEm: 4, size: size).bounds
        #expect([b.minX, b.minY, 600 - b.maxX, 400 - b.maxY].contains { abs($0) < 1e-6 })
    }

    @Test func onlyTheCoordinateThatCrossesTheEdgeChanges() throws {
        let fitted = try Placement.fit(NormalizedPoint(x: 1.2, y: 0.55), side: .right, labelEm: 4, size: size)
        #expect(fitted.y == 0.55)
        #expect(fitted.x < 1)
    }

    @Test func flippingAtTheEdgeMovesTheDotInward() throws {
        let atLeftEdge = try Placement.fit(NormalizedPoint(x: 0, y: 0.5), side: .right, labelEm: 3, size: size)
        let flipped = try Placement.fit(atLeftEdge, side: .left, labelEm: 3, size: size)
        #expect(flipped.x > atLeftEdge.x)
        #expect(inside(flipped, .left, 3))
    }

    @Test func aTextTooLongForThePictureCannotBePlaced() {
        #expect(throws: PlacementError.self) { try Placement.fit(.centre, side: .right, labelEm: 60, size: size) }
        #expect(Placement.allowedRegion(side: .right, labelEm: 60, size: size) == nil)
    }

    @Test func placementIsIndependentOfExportScale() throws {
        let small = try Placement.fit(NormalizedPoint(x: 0.99, y: 0.02), side: .right, labelEm: 5, size: size)
        let large = try Placement.fit(NormalizedPoint(x: 0.99, y: 0.02), side: .right, labelEm: 5,
                                      size: PictureSize(width: 6000, height: 4000))
        #expect(abs(small.x - large.x) < 1e-12 && abs(small.y - large.y) < 1e-12)
    }

    @Test func everyFittedPointIsInsideForManyRandomRequests() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let p = NormalizedPoint(x: .random(in: -0.5...1.5, using: &generator), y: .random(in: -0.5...1.5, using: &generator))
            let side: Side = Bool.random(using: &generator) ? .left : .right
            let em = Double.random(in: 0.5...12, using: &generator)
            #expect(inside(try Placement.fit(p, side: side, labelEm: em, size: size), side, em))
        }
    }

    @Test func geometryScalesWithTheShorterSide() {
        let g = TagGeometry(anchor: .centre, side: .right, labelEm: 2, size: PictureSize(width: 3000, height: 2000))
        #expect(abs(g.height - 0.067 * 2000) < 1e-9)
        #expect(abs(g.fontSize - 0.032 * 2000) < 1e-9)
        #expect(abs(g.ringRadius * 2 / g.height - 0.44) < 1e-9)
    }

    @Test func theTwoSidesAreMirrorImages() {
        let r = TagGeometry(anchor: .centre, side: .right, labelEm: 3, size: size).bounds
        let l = TagGeometry(anchor: .centre, side: .left, labelEm: 3, size: size).bounds
        #expect(abs((r.maxX - 300) - (300 - l.minX)) < 1e-9)
        #expect(abs((300 - r.minX) - (l.maxX - 300)) < 1e-9)
        #expect(r.minY == l.minY && r.maxY == l.maxY)
    }
}
