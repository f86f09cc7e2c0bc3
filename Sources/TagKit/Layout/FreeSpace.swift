/// Where a tag added without a position goes: the nearest place to the centre of the picture where
/// the whole tag fits and overlaps no other tag.
///
/// The search walks a grid of dot positions (a quarter of a tag's height apart, at most 400 along
/// the longer side) in order of pixel distance from the centre, ties broken top to bottom then left
/// to right, so the same document always gives the same spot (`FreeSpaceOrder`). At each position
/// the side that faces the centre is tried first (or only the side asked for). The other tags'
/// boxes are looked up in a `BoxIndex`, so a position costs the boxes near it, not every box; and
/// positions an earlier search found blocked are not tried again (`BlockedCells`).
public enum FreeSpace {
    /// The first free spot for a tag `labelEm` wide, or nil when every position overlaps some box
    /// of `others` (or the tag fits nowhere).
    ///
    /// `near` searches outward from another point than the centre (what `arrange` does from a
    /// tag's own dot), and `preferring` tries that side first at every position. `scale` is the
    /// project's tag scale, as for `Placement`.
    public static func spot(labelEm: Double, side: Side?, size: PictureSize, scale: Double = 1, others: [Rect],
                            near: NormalizedPoint = .centre, preferring: Side? = nil) -> Placement.Spot? {
        var index = BoxIndex(size: size, tagHeight: TagStyle.height(on: size, scale: scale))
        for (i, box) in others.enumerated() { index.insert(TagID(Int64(i) + 1), box) }
        var search = Search(size: size, scale: scale)
        return spot(labelEm: labelEm, side: side, size: size, scale: scale, near: near, preferring: preferring, index: &index, search: &search)
    }

    /// What searches on one picture at one tag scale keep from one to the next: the order of the
    /// positions and the cells found blocked.
    struct Search {
        var order: FreeSpaceOrder
        var blocked: BlockedCells
        /// Positions tried so far.
        var tried = 0
        /// Whether a search has found nothing: the picture is full, and learning which cells are
        /// blocked pays off for the searches after it (a first search walks, and learns nothing).
        var full = false
        /// The work of the searches so far, besides the index's: positions tried and cells looked at.
        var work: Int { tried + blocked.scanned }
        /// A search state for a `size` picture at tag scale `scale`, nothing learnt yet.
        init(size: PictureSize, scale: Double) {
            order = FreeSpaceOrder(size: size, scale: scale)
            blocked = BlockedCells(size: size, step: order.step)
        }
    }

    /// The first free spot among the boxes of `index`, searched with `search` (made for `size` and
    /// `scale`): what a batch or `arrange` asks tag after tag, keeping both between the calls.
    ///
    /// Once a search has found nothing (the picture is full), the cells the dot may lie in are
    /// learnt, and where few are still open only the positions in them are tried, in their order;
    /// else every position is walked in order, skipping those in cells known blocked. Either way
    /// the first free position in the order is found, as by trying every position.
    static func spot(labelEm: Double, side: Side?, size: PictureSize, scale: Double, near: NormalizedPoint, preferring: Side?,
                     index: inout BoxIndex, search: inout Search) -> Placement.Spot? {
        // What every position asks, worked out once: where the dot may go and how far the tag
        // reaches around it, on each side (the same arithmetic as `Placement.fits` and `box`).
        let h = TagStyle.height(on: size, scale: scale)
        let extent = TagStyle.extent(bodyWidth: TagGeometry.bodyWidth(labelEm: labelEm))
        let regions = (right: Placement.allowedRegion(side: .right, labelEm: labelEm, size: size, scale: scale),
                       left: Placement.allowedRegion(side: .left, labelEm: labelEm, size: size, scale: scale))
        search.blocked.keep(inStepWith: index)

        /// The side the tag takes with its dot at `anchor`: the first of those tried that fits,
        /// is not known blocked, and overlaps no box.
        func free(_ anchor: NormalizedPoint) -> Side? {
            search.tried += 1
            let first = side ?? preferring ?? Side.facingCentre(from: anchor)
            for s in [first, first.flipped].prefix(side == nil ? 2 : 1) {
                guard let region = s == .right ? regions.right : regions.left, Placement.fits(anchor, in: region),
                      !search.blocked.isBlocked(anchor, side: s, labelEm: labelEm) else { continue }
                if !index.overlapsAny(Placement.box(anchor: anchor, side: s, extent: extent, height: h, size: size)) { return s }
                if search.full { search.blocked.learn(anchor, side: s, labelEm: labelEm, extent: extent, tagHeight: h, index: &index) }
            }
            return nil
        }

        var open: Set<Int>? = search.full ? [] : nil
        for s in side.map({ [$0] }) ?? [.right, .left] where open != nil {
            guard let cells = search.blocked.openCells(side: s, labelEm: labelEm, region: s == .right ? regions.right : regions.left,
                                                       extent: extent, tagHeight: h, limit: Self.openCellLimit, index: &index)
            else { open = nil; break }
            open!.formUnion(cells)
        }
        if let open {
            // A position in no open cell is blocked on every side: the first free one is among these.
            var candidates = open.flatMap { search.order.positions(near: near, in: search.blocked.square(of: $0)) }
            candidates.sort { $0.place < $1.place }
            var last: FreeSpaceOrder.Place?
            for candidate in candidates where last.map({ $0 != candidate.place }) ?? true {
                last = candidate.place
                if let s = free(candidate.anchor) { return Placement.Spot(anchor: candidate.anchor, side: s) }
            }
            return nil
        }
        for anchor in search.order.positions(near: near) {
            if let s = free(anchor) { return Placement.Spot(anchor: anchor, side: s) }
        }
        search.full = true
        return nil
    }

    /// The most open cells for which only their positions are tried (past it, the walk in order is cheaper).
    static let openCellLimit = 64
}
