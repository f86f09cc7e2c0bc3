/// The boxes of a picture's tags on a uniform grid, so that "does this box overlap a tag's?" and
/// "which tags' boxes does it overlap?" look at the boxes near it, not at every box.
///
/// Free space, `arrange` and overlap notices ask these questions once per candidate position or
/// per touched tag; against a list of every box that made their cost the product of the two
/// counts. Here the plane is cut into cells a tag high wide and half a tag high (the outermost row and
/// column reach to infinity, so a box off the picture has cells too), and a box is listed in every
/// cell it shares area with. A query visits only the cells its box shares area with:
/// - a box listed in a cell that lies inside the query on every side overlaps it: such a cell
///   answers from whether it is empty;
/// - in a cell on one edge of the query, a listed box overlaps it exactly when it reaches past
///   that edge, so the cell answers from the farthest its boxes reach (kept per cell);
/// - only in a cell on two edges (a corner) are its boxes tested one by one.
///
/// Every answer is exactly what `Placement.overlap` against every box gives. A box that is empty,
/// inverted or not finite (no tag's is, but `FreeSpace.spot` takes any boxes) is kept aside and
/// always tested, and so is every box for such a query.
/// `examined` counts cells visited and boxes tested: the work, for tests to bound.
struct BoxIndex {
    /// The width and height of a cell, in pixels.
    let cellWidth: Double, cellHeight: Double
    /// The grid's columns and rows.
    let columns: Int, rows: Int
    /// Cells visited and boxes tested by queries so far.
    private(set) var examined = 0
    /// How many times a box was taken out (or replaced): what was learnt from the boxes before
    /// (`BlockedCells`) holds only while this stays the same.
    private(set) var removals = 0

    private var boxes: [Rect] = []
    private var ids: [TagID] = []
    /// Each box's cells: first and last column, first and last row (unused for an odd box).
    private var spans: [(a0: Int32, a1: Int32, b0: Int32, b1: Int32)] = []
    private var slotOf: [TagID: Int32] = [:]
    private var freeSlots: [Int32] = []
    /// The slots of odd boxes, tested by every query.
    private var odd: [Int32] = []
    /// Per cell (row-major): the slots listed there, and the extremes their boxes reach.
    private var cells: [Cell]

    /// The boxes listed in one cell, and how far they reach: the least left and top edges, the
    /// most right and bottom ones (infinities when empty).
    private struct Cell {
        var slots: [Int32] = []
        var leastMinX = Double.infinity, mostMaxX = -Double.infinity, leastMinY = Double.infinity, mostMaxY = -Double.infinity

        mutating func add(_ slot: Int32, _ box: Rect) {
            slots.append(slot)
            leastMinX = min(leastMinX, box.minX)
            mostMaxX = max(mostMaxX, box.maxX)
            leastMinY = min(leastMinY, box.minY)
            mostMaxY = max(mostMaxY, box.maxY)
        }
    }

    /// An empty index for the tags of a `size` picture `tagHeight` pixels high: cells a tag wide
    /// and half a tag high (a tag's box, at least twice as wide as high, is listed in about a dozen),
    /// at most 512 along a side.
    init(size: PictureSize, tagHeight: Double) {
        let longer = Double(max(size.width, size.height, 1))
        func side(_ wanted: Double) -> Double { wanted.isFinite && wanted >= longer / 512 ? wanted : longer / 512 }
        cellWidth = side(tagHeight)
        cellHeight = side(tagHeight / 2)
        columns = min(512, max(1, Int((Double(size.width) / cellWidth).rounded(.up))))
        rows = min(512, max(1, Int((Double(size.height) / cellHeight).rounded(.up))))
        cells = Array(repeating: Cell(), count: columns * rows)
    }

    /// How many boxes the index holds.
    var count: Int { slotOf.count }

    /// Puts `box` for tag `id`, replacing the box it had.
    mutating func insert(_ id: TagID, _ box: Rect) {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            boxes[Int(slot)] = box
            ids[Int(slot)] = id
        } else {
            slot = Int32(boxes.count)
            boxes.append(box)
            ids.append(id)
            spans.append((0, 0, 0, 0))
        }
        if let old = slotOf.updateValue(slot, forKey: id) { unlist(old) }
        guard let span = span(of: box) else { odd.append(slot); return }
        spans[Int(slot)] = span
        for b in span.b0...span.b1 {
            for a in span.a0...span.a1 { cells[Int(b) * columns + Int(a)].add(slot, box) }
        }
    }

    /// Takes tag `id`'s box out, if it has one.
    mutating func remove(_ id: TagID) {
        guard let slot = slotOf.removeValue(forKey: id) else { return }
        unlist(slot)
    }

    /// Takes the box in `slot` out of its cells and frees the slot.
    private mutating func unlist(_ slot: Int32) {
        removals += 1
        freeSlots.append(slot)
        if let i = odd.firstIndex(of: slot) { odd.remove(at: i); return }
        let span = spans[Int(slot)]
        for b in span.b0...span.b1 {
            for a in span.a0...span.a1 {
                // The extremes are exact (the edge cells answer from them), so they are recomputed.
                var cell = Cell()
                for s in cells[Int(b) * columns + Int(a)].slots where s != slot { cell.add(s, boxes[Int(s)]) }
                cells[Int(b) * columns + Int(a)] = cell
            }
        }
    }

    /// Whether `query` overlaps any box (`Placement.overlap`).
    mutating func overlapsAny(_ query: Rect) -> Bool {
        guard let q = span(of: query) else {
            for slot in Array(slotOf.values) where test(slot, query) { return true }
            return false
        }
        for slot in odd where test(slot, query) { return true }
        // Cells inside the query or on one edge answer at once; corners are searched after them.
        var corners = false
        for b in q.b0...q.b1 {
            for a in q.a0...q.a1 {
                examined += 1
                let c = Int(b) * columns + Int(a)
                switch edges(a, b, q) {
                case 0: if !cells[c].slots.isEmpty { return true }
                case 1: if reaches(c, a, b, q, query) { return true }
                default: corners = true
                }
            }
        }
        guard corners else { return false }
        for b in q.b0...q.b1 {
            for a in q.a0...q.a1 where edges(a, b, q) > 1 {
                let c = Int(b) * columns + Int(a)
                guard reaches(c, a, b, q, query) else { continue }
                for slot in cells[c].slots where test(slot, query) { return true }
            }
        }
        return false
    }

    /// The tags whose boxes `query` overlaps (`Placement.overlap`), in id order.
    ///
    /// With a `limit`, the search stops once it has found that many (which ones is up to the
    /// grid, not their ids): a caller that only needs to know whether a box overlaps fewer than
    /// `limit` tags, and which, pays for at most `limit` of them wherever the tags crowd.
    mutating func overlapping(_ query: Rect, limit: Int = .max) -> [TagID] {
        var found: [Int32] = []
        func done() -> [TagID] { found.map { ids[Int($0)] }.sorted() }
        guard let q = span(of: query) else {
            for slot in Array(slotOf.values) where test(slot, query) {
                found.append(slot)
                if found.count >= limit { break }
            }
            return done()
        }
        for slot in odd where test(slot, query) {
            found.append(slot)
            if found.count >= limit { return done() }
        }
        for b in q.b0...q.b1 {
            for a in q.a0...q.a1 {
                examined += 1
                let c = Int(b) * columns + Int(a)
                guard edges(a, b, q) == 0 || reaches(c, a, b, q, query) else { continue }
                // A box listed in several of the query's cells is taken in the first of them.
                for slot in cells[c].slots {
                    let s = spans[Int(slot)]
                    if a == max(q.a0, s.a0), b == max(q.b0, s.b0), test(slot, query) {
                        found.append(slot)
                        if found.count >= limit { return done() }
                    }
                }
            }
        }
        return done()
    }

    // MARK: - Cells

    /// How many of the query's edges cell (a, b) lies on: 0 inside, 1 on a side, 2 or more at a corner.
    private func edges(_ a: Int32, _ b: Int32, _ q: (a0: Int32, a1: Int32, b0: Int32, b1: Int32)) -> Int {
        (a == q.a0 ? 1 : 0) + (a == q.a1 ? 1 : 0) + (b == q.b0 ? 1 : 0) + (b == q.b1 ? 1 : 0)
    }

    /// Whether some box of cell `c` reaches past every edge of `query` the cell lies on: for a cell
    /// on one edge, exactly whether one of its boxes overlaps the query; for a corner, a necessary
    /// condition only.
    private func reaches(_ c: Int, _ a: Int32, _ b: Int32, _ q: (a0: Int32, a1: Int32, b0: Int32, b1: Int32), _ query: Rect) -> Bool {
        let cell = cells[c]
        return (a != q.a0 || cell.mostMaxX > query.minX) && (a != q.a1 || cell.leastMinX < query.maxX)
            && (b != q.b0 || cell.mostMaxY > query.minY) && (b != q.b1 || cell.leastMinY < query.maxY)
    }

    /// One box test, counted.
    private mutating func test(_ slot: Int32, _ query: Rect) -> Bool {
        examined += 1
        return Placement.overlap(boxes[Int(slot)], query)
    }

    /// The cells `box` shares area with, or nil for an odd box (empty, inverted, not finite).
    private func span(of box: Rect) -> (a0: Int32, a1: Int32, b0: Int32, b1: Int32)? {
        guard box.minX.isFinite, box.maxX.isFinite, box.minY.isFinite, box.maxY.isFinite,
              box.minX < box.maxX, box.minY < box.maxY else { return nil }
        return (first(after: box.minX, columns, cellWidth), last(before: box.maxX, columns, cellWidth),
                first(after: box.minY, rows, cellHeight), last(before: box.maxY, rows, cellHeight))
    }

    /// Where cell `k` of `n` cells `size` long starts: `k × size`, the first at minus infinity,
    /// past the last at infinity.
    @inline(__always)
    private func boundary(_ k: Int, _ n: Int, _ size: Double) -> Double {
        k <= 0 ? -.infinity : k >= n ? .infinity : Double(k) * size
    }

    /// A first guess at the cell of `v`, clamped to the grid.
    @inline(__always)
    private func guess(_ v: Double, _ n: Int, _ size: Double) -> Int {
        let t = v / size
        return t >= 0 ? (t < Double(n - 1) ? Int(t) : n - 1) : 0
    }

    /// The first cell whose far boundary lies beyond `v`: the first a box starting at `v` shares area with.
    @inline(__always)
    private func first(after v: Double, _ n: Int, _ size: Double) -> Int32 {
        var k = guess(v, n, size)
        while k > 0 && boundary(k, n, size) > v { k -= 1 }
        while k < n - 1 && boundary(k + 1, n, size) <= v { k += 1 }
        return Int32(k)
    }

    /// The last cell whose near boundary lies before `v`: the last a box ending at `v` shares area with.
    @inline(__always)
    private func last(before v: Double, _ n: Int, _ size: Double) -> Int32 {
        var k = guess(v, n, size)
        while k < n - 1 && boundary(k + 1, n, size) < v { k += 1 }
        while k > 0 && boundary(k, n, size) >= v { k -= 1 }
        return Int32(k)
    }
}
