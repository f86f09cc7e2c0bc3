import Testing
@testable import TagKit

extension RenderTests {
    @Suite struct RasterizerTests {
        static let picture = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)

        static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
            var path = Path(start: Point(x0, y0))
            path.line(Point(x1, y0))
            path.line(Point(x1, y1))
            path.line(Point(x0, y1))
            return path
        }

        @Test func aPixelAlignedSquareIsFullyInsideAndEmptyOutside() {
            let mask = Rasterizer.coverage(of: Self.rectangle(2, 3, 7, 9), clippedTo: Self.picture)
            for y in 0..<12 {
                for x in 0..<12 {
                    let inside = (2..<7).contains(x) && (3..<9).contains(y)
                    #expect(mask[x, y] == (inside ? 255 : 0), "pixel \(x),\(y)")
                }
            }
        }

        @Test func aHalfCoveredPixelIsHalfCovered() {
            let mask = Rasterizer.coverage(of: Self.rectangle(2.5, 3, 7, 9.5), clippedTo: Self.picture)
            #expect(mask[2, 5] == 128)
            #expect(mask[5, 9] == 128)
            #expect(mask[2, 9] == 64)
            #expect(mask[3, 5] == 255)
        }

        @Test func subpixelEdgesCoverTheirFraction() {
            let mask = Rasterizer.coverage(of: Self.rectangle(10.25, 10, 20, 20.9), clippedTo: Self.picture)
            #expect(mask[10, 15] == 191)
            #expect(mask[15, 20] == 230)
            // A slanted edge through a pixel's centre covers half of it.
            var triangle = Path(start: Point(30, 30))
            triangle.line(Point(40, 40))
            triangle.line(Point(30, 40))
            let slanted = Rasterizer.coverage(of: triangle, clippedTo: Self.picture)
            #expect(slanted[35, 35] == 128)
            #expect(slanted[34, 35] == 255)
        }

        @Test(arguments: [(31.3, 27.7, 20.0), (10.5, 10.5, 4.0), (40.1, 22.9, 12.7)])
        func aCircleCoversItsArea(x: Double, y: Double, r: Double) {
            let mask = Rasterizer.coverage(of: .circle(centre: Point(x, y), radius: r), clippedTo: Self.picture)
            let expected = Double.pi * r * r
            #expect(abs(mask.area - expected) / expected < 0.005)
        }

        @Test func shapesPartlyOutsideThePictureAreClippedNotDistorted() {
            let big = PixelRect(x0: -40, y0: -40, x1: 64, y1: 64)
            for centre in [Point(3.3, 5.6), Point(60.2, 61.7), Point(-4.1, 30.5)] {
                let path = Path.circle(centre: centre, radius: 11.3)
                let clipped = Rasterizer.coverage(of: path, clippedTo: Self.picture)
                let whole = Rasterizer.coverage(of: path, clippedTo: big)
                #expect(clipped.bounds.x0 >= 0 && clipped.bounds.y0 >= 0)
                #expect(clipped.bounds.x1 <= 64 && clipped.bounds.y1 <= 64)
                for y in 0..<64 {
                    for x in 0..<64 where clipped[x, y] != whole[x, y] {
                        Issue.record("pixel \(x),\(y): clipped \(clipped[x, y]) whole \(whole[x, y])")
                        return
                    }
                }
            }
        }

        @Test func overlappingOutlinesFillOnceUnderTheNonZeroRule() {
            var rasterizer = Rasterizer(bounds: Self.picture)
            rasterizer.add(Self.rectangle(2, 2, 10, 10))
            rasterizer.add(Self.rectangle(5.5, 5, 15, 15))
            let mask = rasterizer.mask()
            #expect(mask[7, 7] == 255)
            #expect(mask[5, 12] == 128)
            #expect(mask[12, 3] == 0)
        }

        @Test func cubicsAreFlattenedWithinATenthOfAPixel() {
            // A large circle's coverage crosses 50% within 0.1 px of the true radius everywhere.
            let centre = Point(32, 32), r = 30.0
            let mask = Rasterizer.coverage(of: .circle(centre: centre, radius: r), clippedTo: Self.picture)
            let row = 32
            var covered = 0.0
            for x in 32..<64 { covered += Double(mask[x, row]) / 255 }
            #expect(abs(covered - r) < 0.1)
        }
    }
}
