/// A half-open rectangle of whole pixels: columns `x0..<x1`, rows `y0..<y1`.
///
/// Pixel (x, y) covers the square from (x, y) to (x + 1, y + 1) in the continuous pixel space of
/// `Point` and `Rect`, so its centre is at (x + 0.5, y + 0.5).
public struct PixelRect: Equatable, Sendable {
    /// The left/top (inclusive) and right/bottom (exclusive) pixel edges.
    public var x0: Int, y0: Int, x1: Int, y1: Int

    /// A rectangle from its corners; an inverted rectangle is normalized to an empty one.
    public init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0
        self.x1 = max(x0, x1); self.y1 = max(y0, y1)
    }

    /// The whole picture.
    public init(_ size: PictureSize) {
        self.init(x0: 0, y0: 0, x1: size.width, y1: size.height)
    }

    /// The smallest pixel rectangle that contains `rect`: every pixel that `rect` overlaps.
    public init(enclosing rect: Rect) {
        self.init(x0: Int(rect.minX.rounded(.down)), y0: Int(rect.minY.rounded(.down)),
                  x1: Int(rect.maxX.rounded(.up)), y1: Int(rect.maxY.rounded(.up)))
    }

    /// `x1 - x0`.
    public var width: Int { x1 - x0 }
    /// `y1 - y0`.
    public var height: Int { y1 - y0 }
    /// Whether it holds no pixel.
    public var isEmpty: Bool { x0 >= x1 || y0 >= y1 }

    /// The pixels in both rectangles (empty when they do not overlap).
    public func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0),
                  x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The smallest rectangle containing both (an empty one contributes nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0),
                         x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}

extension Path {
    /// Every pixel the outline could touch: the pixels overlapping the hull of its points and
    /// control points (a Bézier curve never leaves the hull of its control points).
    public var pixelBounds: PixelRect {
        var minX = start.x, minY = start.y, maxX = start.x, maxY = start.y
        func add(_ p: Point) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        for segment in segments {
            switch segment {
            case .line(let p): add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            }
        }
        return PixelRect(enclosing: Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }

    /// A circle as four cubic quarter arcs (radial error under 0.03% of the radius), clockwise on
    /// screen; fills the same with either winding rule.
    public static func circle(centre c: Point, radius r: Double) -> Path {
        var path = Path(start: Point(c.x + r, c.y))
        path.corner(to: Point(c.x, c.y + r), centre: c)
        path.corner(to: Point(c.x - r, c.y), centre: c)
        path.corner(to: Point(c.x, c.y - r), centre: c)
        path.corner(to: Point(c.x + r, c.y), centre: c)
        return path
    }
}
