/// A point in pixel space of the output picture: x to the right, y down, (0, 0) the top-left corner
/// of the top-left pixel (pixel centres are at half-integers).
public struct Point: Equatable, Sendable {
    /// Horizontal position in pixels, growing to the right.
    public var x: Double
    /// Vertical position in pixels, growing downward.
    public var y: Double
    /// The point (`x`, `y`).
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// An axis-aligned rectangle in pixel space.
public struct Rect: Equatable, Sendable {
    /// The edges, in pixels.
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// The rectangle between the given edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    /// `maxX - minX`.
    public var width: Double { maxX - minX }
    /// `maxY - minY`.
    public var height: Double { maxY - minY }
}

/// A closed outline made of line and cubic Bézier segments, filled with the non-zero rule.
public struct Path: Equatable, Sendable {
    /// One step of the outline; the path starts at `start` and closes back to it.
    public enum Segment: Equatable, Sendable {
        case line(to: Point)
        case cubic(c1: Point, c2: Point, to: Point)
    }

    /// Where the outline begins.
    public var start: Point
    /// The outline after `start`, in order; the path closes back to `start`.
    public var segments: [Segment] = []

    /// An empty path at `start`.
    public init(start: Point) { self.start = start }

    mutating func line(_ to: Point) { segments.append(.line(to: to)) }
    mutating func cubic(_ c1: Point, _ c2: Point, _ to: Point) { segments.append(.cubic(c1: c1, c2: c2, to: to)) }

    /// The last point reached so far.
    var current: Point {
        switch segments.last {
        case .line(let p)?: return p
        case .cubic(_, _, let p)?: return p
        case nil: return start
        }
    }

    /// A quarter-circle corner from the current point to `to`, turning around `centre`.
    mutating func corner(to: Point, centre: Point) {
        let from = current
        let k = 0.552_284_749_8  // 4/3·(√2 − 1): a cubic's best fit to a quarter circle
        let c1 = Point(from.x + k * (to.x - centre.x), from.y + k * (to.y - centre.y))
        let c2 = Point(to.x + k * (from.x - centre.x), to.y + k * (from.y - centre.y))
        cubic(c1, c2, to)
    }
}
