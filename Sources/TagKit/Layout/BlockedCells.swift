/// Where free space need not look again: square cells of dot positions where every dot is known
/// to give a tag of a given width, on a given side, a box that overlaps some other tag's.
///
/// A batch of adds searches the same picture for free space once per tag, and `arrange` once per
/// tag it moves; once the picture is full, each search tried every position (thousands) and found
/// nothing. A position found blocked says more than that: the boxes of all dots in a cell share a
/// part (the box shrunk by the cell on each side), and when that part overlaps a tag's box, every
/// dot of the cell is blocked, for this width and every wider one (a wider tag's box contains the
/// narrower's), for as long as boxes are only added (`BoxIndex.removals` unchanged). A search
/// skips the dots of such cells, and when every cell where the dot may go is blocked it has
/// nothing to find and ends at once.
///
/// The shared part is computed with the same sums as `Placement.box` and shrunk by a hair far
/// above rounding, so a dot the cell holds has a box containing it: nothing is skipped that the
/// exhaustive search would have found.
struct BlockedCells {
    /// The side of a cell in pixels: the free-space step, so a cell holds about one position of a search.
    let cellSize: Double
    private let columns: Int, rows: Int
    private let width: Double, height: Double
    /// A hair, in pixels, far above the rounding of any coordinate on the picture.
    private let hair: Double
    /// Per cell (row-major), per side: the narrowest label width (em) known blocked; infinity when none.
    private var right: [Double], left: [Double]
    /// The open cells earlier scans found, per side and label width, the latest last. A wider
    /// tag's open cells are among a narrower one's (it may lie in fewer cells, and a cell blocked
    /// for the narrower is blocked for it), so a scan starts from the widest narrower one found.
    private var scans: [(side: Side, labelEm: Double, open: [Int])] = []
    /// `BoxIndex.removals` when the cells were learnt.
    private var removals: Int?
    /// Cells looked at by `openCells` so far: the work, for tests to bound.
    private(set) var scanned = 0

    /// No cell known blocked, for a `size` picture searched `step` pixels apart.
    init(size: PictureSize, step: Double) {
        width = Double(size.width)
        height = Double(size.height)
        cellSize = step
        columns = Int(width / step) + 2
        rows = Int(height / step) + 2
        hair = 1e-9 * (width + height)
        right = Array(repeating: .infinity, count: columns * rows)
        left = right
    }

    /// Forgets every cell when a box has been taken out of `index` since they were learnt.
    mutating func keep(inStepWith index: BoxIndex) {
        if removals != index.removals {
            if removals != nil {
                right = Array(repeating: .infinity, count: columns * rows)
                left = right
                scans = []
            }
            removals = index.removals
        }
    }

    /// Whether the dot at `anchor` is known blocked for a tag `labelEm` wide on `side`.
    func isBlocked(_ anchor: NormalizedPoint, side: Side, labelEm: Double) -> Bool {
        guard let c = cell(anchor.x * width, anchor.y * height) else { return false }
        return narrowest(c, side) <= labelEm
    }

    /// Learns whether the whole cell of the dot at `anchor` is blocked for the tag: one query of
    /// the part the boxes of its dots share. Returns whether it is (now) known blocked.
    @discardableResult
    mutating func learn(_ anchor: NormalizedPoint, side: Side, labelEm: Double, extent: TagStyle.Extent, tagHeight: Double,
                        index: inout BoxIndex) -> Bool {
        guard let c = cell(anchor.x * width, anchor.y * height) else { return false }
        return learn(cell: c, side: side, labelEm: labelEm, extent: extent, tagHeight: tagHeight, index: &index)
    }

    /// The cells a dot allowed in `region` (an `allowedRegion`, `Placement.fits` with its hair)
    /// may lie in that are not blocked for the tag, learning the cells not known yet as it goes;
    /// nil when there are more than `limit` of them, or the region reaches off the cells. Every
    /// dot that fits and is not in one of them is blocked. A nil region: the tag fits nowhere on that side.
    mutating func openCells(side: Side, labelEm: Double, region: (x: ClosedRange<Double>, y: ClosedRange<Double>)?,
                            extent: TagStyle.Extent, tagHeight: Double, limit: Int, index: inout BoxIndex) -> [Int]? {
        guard let region else { return [] }
        let slack = 1e-9
        let x0 = (region.x.lowerBound - slack) * width - hair, x1 = (region.x.upperBound + slack) * width + hair
        let y0 = (region.y.lowerBound - slack) * height - hair, y1 = (region.y.upperBound + slack) * height + hair
        guard x0 >= 0, y0 >= 0, x1 <= Double(columns) * cellSize, y1 <= Double(rows) * cellSize else { return nil }
        // The cells whose closed squares meet the rectangle the dot may lie in.
        let (k0, k1) = (first(reaching: x0, columns), last(startingBy: x1, columns))
        let (l0, l1) = (first(reaching: y0, rows), last(startingBy: y1, rows))
        var open: [Int] = []
        guard k0 <= k1, l0 <= l1 else { return open }
        if let earlier = scans.filter({ $0.side == side && $0.labelEm <= labelEm }).max(by: { $0.labelEm < $1.labelEm }) {
            for c in earlier.open where (k0...k1).contains(c % columns) && (l0...l1).contains(c / columns) {
                scanned += 1
                if !learn(cell: c, side: side, labelEm: labelEm, extent: extent, tagHeight: tagHeight, index: &index) { open.append(c) }
            }
        } else {
            for l in l0...l1 {
                scanned += k1 - k0 + 1
                for k in k0...k1 where !learn(cell: l * columns + k, side: side, labelEm: labelEm, extent: extent, tagHeight: tagHeight, index: &index) {
                    if open.count == limit { return nil }
                    open.append(l * columns + k)
                }
            }
        }
        scans.removeAll { $0.side == side && $0.labelEm == labelEm }
        scans.append((side, labelEm, open))
        if scans.count > 16 { scans.removeFirst() }
        return open
    }

    /// The pixel square of cell `c`, edges included.
    func square(of c: Int) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let k = c % columns, l = c / columns
        return (Double(k) * cellSize...Double(k + 1) * cellSize, Double(l) * cellSize...Double(l + 1) * cellSize)
    }

    private mutating func learn(cell c: Int, side: Side, labelEm: Double, extent e: TagStyle.Extent, tagHeight h: Double,
                                index: inout BoxIndex) -> Bool {
        if narrowest(c, side) <= labelEm { return true }
        let k = c % columns, l = c / columns
        let x0 = Double(k) * cellSize, x1 = Double(k + 1) * cellSize
        let y0 = Double(l) * cellSize, y1 = Double(l + 1) * cellSize
        // `Placement.box` of the cell's far corner for the near edges and of its near corner for
        // the far ones: what every dot's box in the cell contains.
        let shared = Rect(minX: x1 + (side == .right ? e.near : -e.far) * h + hair, minY: y1 + e.top * h + hair,
                          maxX: x0 + (side == .right ? e.far : -e.near) * h - hair, maxY: y0 + e.bottom * h - hair)
        guard shared.minX < shared.maxX, shared.minY < shared.maxY, index.overlapsAny(shared) else { return false }
        if side == .right { right[c] = min(right[c], labelEm) } else { left[c] = min(left[c], labelEm) }
        return true
    }

    /// The narrowest label width known blocked in cell `c` on `side`.
    @inline(__always)
    private func narrowest(_ c: Int, _ side: Side) -> Double {
        side == .right ? right[c] : left[c]
    }

    /// The cell whose closed square holds the pixel point (x, y), or nil off the cells.
    private func cell(_ x: Double, _ y: Double) -> Int? {
        guard let k = square(x, columns), let l = square(y, rows) else { return nil }
        return l * columns + k
    }

    /// The cell `k` of `n` with `k × cellSize ≤ v ≤ (k + 1) × cellSize`, or nil.
    private func square(_ v: Double, _ n: Int) -> Int? {
        let t = v / cellSize
        guard t >= 0, t < Double(n) else { return nil }
        var k = Int(t)
        while k > 0 && Double(k) * cellSize > v { k -= 1 }
        while k < n - 1 && Double(k + 1) * cellSize < v { k += 1 }
        return Double(k) * cellSize <= v && v <= Double(k + 1) * cellSize ? k : nil
    }

    /// The first cell of `n` whose square ends at or after `v` (`v ≥ 0`).
    private func first(reaching v: Double, _ n: Int) -> Int {
        var k = min(n - 1, Int(v / cellSize))
        while k > 0 && Double(k) * cellSize >= v { k -= 1 }
        while k < n - 1 && Double(k + 1) * cellSize < v { k += 1 }
        return k
    }

    /// The last cell of `n` whose square starts at or before `v` (`v ≥ 0`).
    private func last(startingBy v: Double, _ n: Int) -> Int {
        var k = min(n - 1, Int(v / cellSize))
        while k < n - 1 && Double(k + 1) * cellSize <= v { k += 1 }
        while k > 0 && Double(k) * cellSize > v { k -= 1 }
        return k
    }
}
