/// The dot positions `FreeSpace` tries, in the order it tries them: a lattice `step` pixels apart
/// through the point searched from, nearest first by pixel distance, ties broken top to bottom
/// then left to right.
///
/// The order of lattice offsets does not depend on the point searched from, only which offsets
/// stay on the picture does; so once searches come from more than one point (`arrange`), the
/// offsets are sorted once, for every point of the picture, and each search takes those that stay
/// on it, in the same order. The positions of the last point are kept for the next search from it
/// (a batch of adds searches from the centre every time). Sorting them for every search made a
/// batch of adds, or `arrange`, pay a sort per tag.
struct FreeSpaceOrder {
    /// The distance between neighbouring positions, in pixels.
    let step: Double
    private let width: Double, height: Double
    /// The most lattice steps from any point of the picture to its far edge, across and down.
    private let reachX: Int, reachY: Int
    /// Every offset within reach, in search order; made at the first search.
    private var offsets: [(i: Int32, j: Int32)] = []
    /// The positions of the last search, kept for the next one from the same point.
    private var last: (near: NormalizedPoint, positions: [NormalizedPoint])?

    /// The order for tags at tag scale `scale` on a `size` picture.
    init(size: PictureSize, scale: Double) {
        width = Double(size.width)
        height = Double(size.height)
        step = max(TagStyle.height(on: size, scale: scale) / 4, max(width, height) / 400, 0.5)
        reachX = Int(width / step)
        reachY = Int(height / step)
    }

    /// The positions searched from `near`, in order.
    mutating func positions(near: NormalizedPoint) -> [NormalizedPoint] {
        if let last, last.near == near { return last.positions }
        let positions = make(near: near)
        last = (near, positions)
        return positions
    }

    /// Where a search from `near` stands in the order: a position's place is `(d, j, i)`, compared
    /// in that order, for the position `i` steps across and `j` down from `near` at squared pixel
    /// distance `d`.
    typealias Place = (d: Double, j: Int, i: Int)

    /// The positions of a search from `near` whose pixel point (`x × width`, `y × height`) lies in
    /// `square`, each with its place in the order: the same positions, computed the same way, as
    /// `positions(near:)` gives, found without walking them all.
    func positions(near: NormalizedPoint, in square: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> [(place: Place, anchor: NormalizedPoint)] {
        let cx = near.x * width, cy = near.y * height
        let i0 = -Int(cx / step), i1 = Int((width - cx) / step)
        let j0 = -Int(cy / step), j1 = Int((height - cy) / step)
        // A step or more around the square's edges, then each position checked exactly.
        func reach(_ from: Double, _ to: Double, _ c: Double, _ lo: Int, _ hi: Int) -> ClosedRange<Int>? {
            let a = ((from - c) / step).rounded(.down) - 1, b = ((to - c) / step).rounded(.up) + 1
            guard a <= Double(hi), b >= Double(lo) else { return nil }
            let first = Int(max(a, Double(lo))), last = Int(min(b, Double(hi)))
            return first <= last ? first...last : nil
        }
        guard let columns = reach(square.x.lowerBound, square.x.upperBound, cx, i0, i1),
              let rows = reach(square.y.lowerBound, square.y.upperBound, cy, j0, j1) else { return [] }
        var found: [(place: Place, anchor: NormalizedPoint)] = []
        for j in rows {
            for i in columns {
                let anchor = NormalizedPoint(x: (cx + Double(i) * step) / width, y: (cy + Double(j) * step) / height)
                guard square.x.contains(anchor.x * width), square.y.contains(anchor.y * height) else { continue }
                let dx = Double(i) * step, dy = Double(j) * step
                found.append(((dx * dx + dy * dy, j, i), anchor))
            }
        }
        return found
    }

    private mutating func make(near: NormalizedPoint) -> [NormalizedPoint] {
        let cx = near.x * width, cy = near.y * height
        let i0 = -Int(cx / step), i1 = Int((width - cx) / step)
        let j0 = -Int(cy / step), j1 = Int((height - cy) / step)
        func position(_ i: Int, _ j: Int) -> NormalizedPoint {
            NormalizedPoint(x: (cx + Double(i) * step) / width, y: (cy + Double(j) * step) / height)
        }
        // The first point is sorted on its own, as is a point off the picture, which reaches
        // further than the offsets sorted for every point of it.
        guard last != nil, -i0 <= reachX, i1 <= reachX, -j0 <= reachY, j1 <= reachY else {
            return Self.sorted(i0...i1, j0...j1, step).map { position(Int($0.i), Int($0.j)) }
        }
        if offsets.isEmpty { offsets = Self.sorted(-reachX...reachX, -reachY...reachY, step) }
        var positions: [NormalizedPoint] = []
        positions.reserveCapacity((i1 - i0 + 1) * (j1 - j0 + 1))
        for o in offsets where (i0...i1).contains(Int(o.i)) && (j0...j1).contains(Int(o.j)) {
            positions.append(position(Int(o.i), Int(o.j)))
        }
        return positions
    }

    /// The offsets of `columns` × `rows` by squared pixel distance, then row, then column.
    private static func sorted(_ columns: ClosedRange<Int>, _ rows: ClosedRange<Int>, _ step: Double) -> [(i: Int32, j: Int32)] {
        var keyed: [(d: Double, i: Int, j: Int)] = []
        keyed.reserveCapacity(columns.count * rows.count)
        for j in rows {
            for i in columns {
                let dx = Double(i) * step, dy = Double(j) * step
                keyed.append((dx * dx + dy * dy, i, j))
            }
        }
        keyed.sort { ($0.d, $0.j, $0.i) < ($1.d, $1.j, $1.i) }
        return keyed.map { (Int32($0.i), Int32($0.j)) }
    }
}
