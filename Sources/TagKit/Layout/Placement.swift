/// The invariant: the whole tag, dot and bubble, lies inside the picture; and the rules for where
/// a tag goes when it would not.
///
/// Placement works in normalized coordinates; because every tag dimension is proportional to the
/// picture's shorter side, a placement that fits at one export size fits at every size. `scale` is
/// the project's tag scale (`ProjectSettings.tagScale`): every tag dimension is multiplied by it. The dot is
/// what the user points at, so `place` keeps it where it was put whenever either side of the
/// bubble fits there, and moves it (the least distance) only when neither does.
public enum Placement {
    /// Where a tag's dot may go on a picture, as a normalized rectangle, or nil when the tag is
    /// too wide or tall to fit anywhere.
    public static func allowedRegion(side: Side, labelEm: Double, size: PictureSize,
                                     scale: Double = 1) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let h = TagStyle.height(on: size, scale: scale)
        let e = TagStyle.extent(bodyWidth: TagGeometry.bodyWidth(labelEm: labelEm))
        let w = Double(size.width), ht = Double(size.height)
        // Distances in pixels from the dot to the tag's left, right, top and bottom edges.
        let left = side == .right ? -e.near * h : e.far * h
        let right = side == .right ? e.far * h : -e.near * h
        let minX = left / w, maxX = 1 - right / w
        let minY = -e.top * h / ht, maxY = 1 - e.bottom * h / ht
        guard minX <= maxX, minY <= maxY else { return nil }
        return (minX...maxX, minY...maxY)
    }

    /// The point nearest to `wanted` where the whole tag fits. Clamping each coordinate to the
    /// allowed rectangle is the least Euclidean move. Throws when the tag cannot fit anywhere.
    public static func fit(_ wanted: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize,
                           scale: Double = 1) throws -> NormalizedPoint {
        guard let region = allowedRegion(side: side, labelEm: labelEm, size: size, scale: scale) else {
            throw PlacementError.doesNotFit
        }
        return clamp(wanted, to: region)
    }

    /// Whether the whole tag fits with its dot at `anchor` and the bubble on `side` (a rounding
    /// hair allowed, so a dot stored on the region's edge still fits there).
    public static func fits(_ anchor: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize, scale: Double = 1) -> Bool {
        guard let r = allowedRegion(side: side, labelEm: labelEm, size: size, scale: scale) else { return false }
        return fits(anchor, in: r)
    }

    /// Whether `anchor` lies in `region` (an `allowedRegion`), a rounding hair allowed.
    static func fits(_ anchor: NormalizedPoint, in r: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> Bool {
        let slack = 1e-9
        return anchor.x >= r.x.lowerBound - slack && anchor.x <= r.x.upperBound + slack
            && anchor.y >= r.y.lowerBound - slack && anchor.y <= r.y.upperBound + slack
    }

    /// Where a tag goes, and which way its bubble points.
    public struct Spot: Equatable, Sendable {
        /// The dot.
        public var anchor: NormalizedPoint
        /// The bubble's side.
        public var side: Side
        /// The spot (`anchor`, `side`).
        public init(anchor: NormalizedPoint, side: Side) { self.anchor = anchor; self.side = side }
    }

    /// Where a tag wanted at `wanted` with its bubble on `side` goes.
    ///
    /// The dot stays at `wanted` when the bubble fits there on `side`, or, when `mayFlip`, on the
    /// other side. Only when neither allowed side fits is the dot moved, the least distance in
    /// pixels over the allowed sides (`side` on a tie). When `mayFlip` is false and `wanted` lies
    /// inside the picture, the request cannot be honoured where the dot is and is refused with
    /// `PlacementError.sideDoesNotFit`, naming the nearest point where it could be; a dot outside
    /// the picture (a small excursion the user meant as "at the edge") is brought in instead.
    public static func place(_ wanted: NormalizedPoint, side: Side, mayFlip: Bool, labelEm: Double, size: PictureSize,
                             scale: Double = 1, id: TagID? = nil) throws -> Spot {
        if fits(wanted, side: side, labelEm: labelEm, size: size, scale: scale) { return Spot(anchor: wanted, side: side) }
        if mayFlip, fits(wanted, side: side.flipped, labelEm: labelEm, size: size, scale: scale) {
            return Spot(anchor: wanted, side: side.flipped)
        }
        guard let region = allowedRegion(side: side, labelEm: labelEm, size: size, scale: scale) else { throw PlacementError.doesNotFit }
        let insidePicture = (0...1).contains(wanted.x) && (0...1).contains(wanted.y)
        if !mayFlip && insidePicture {
            throw PlacementError.sideDoesNotFit(id: id, side: side, at: wanted, room: clamp(wanted, to: region))
        }
        var best = Spot(anchor: clamp(wanted, to: region), side: side)
        if mayFlip, let other = allowedRegion(side: side.flipped, labelEm: labelEm, size: size, scale: scale) {
            let flipped = clamp(wanted, to: other)
            if distance(flipped, wanted, size) < distance(best.anchor, wanted, size) { best = Spot(anchor: flipped, side: side.flipped) }
        }
        return best
    }

    /// The whole tag's box (dot and bubble) in pixels of a `size` picture: what overlap is judged on.
    public static func box(anchor: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize, scale: Double = 1) -> Rect {
        box(anchor: anchor, side: side, extent: TagStyle.extent(bodyWidth: TagGeometry.bodyWidth(labelEm: labelEm)),
            height: TagStyle.height(on: size, scale: scale), size: size)
    }

    /// The box of a tag whose extent around its dot is `e` (in tag heights) and whose height is
    /// `h` pixels: `box(anchor:side:labelEm:size:scale:)` for a caller that asks for many dots.
    static func box(anchor: NormalizedPoint, side: Side, extent e: TagStyle.Extent, height h: Double, size: PictureSize) -> Rect {
        let x = anchor.x * Double(size.width), y = anchor.y * Double(size.height)
        let a = x + (side == .right ? e.near : -e.far) * h, b = x + (side == .right ? e.far : -e.near) * h
        return Rect(minX: a, minY: y + e.top * h, maxX: b, maxY: y + e.bottom * h)
    }

    /// The box of `tag` (see `box(anchor:side:labelEm:size:scale:)`).
    public static func box(of tag: Tag, size: PictureSize, scale: Double = 1) -> Rect {
        box(anchor: tag.anchor, side: tag.side, labelEm: tag.labelEm, size: size, scale: scale)
    }

    /// Whether two boxes share any area (touching edges do not).
    public static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static func clamp(_ p: NormalizedPoint, to region: (x: ClosedRange<Double>, y: ClosedRange<Double>)) -> NormalizedPoint {
        NormalizedPoint(x: min(max(p.x, region.x.lowerBound), region.x.upperBound),
                        y: min(max(p.y, region.y.lowerBound), region.y.upperBound))
    }

    /// Squared distance in pixels between two normalized points.
    static func distance(_ a: NormalizedPoint, _ b: NormalizedPoint, _ size: PictureSize) -> Double {
        let dx = (a.x - b.x) * Double(size.width), dy = (a.y - b.y) * Double(size.height)
        return dx * dx + dy * dy
    }
}

/// A tag that cannot be placed.
public enum PlacementError: TagProjError, Equatable {
    /// The text is so long that the tag does not fit inside the picture anywhere.
    case doesNotFit
    /// An explicit side (`flip`, `add` with a side) that does not fit with the dot where it is;
    /// `room` is the nearest dot position where it would. `id` is nil for a tag being added.
    case sideDoesNotFit(id: TagID?, side: Side, at: NormalizedPoint, room: NormalizedPoint)

    /// The one-line explanation.
    public var message: String {
        switch self {
        case .doesNotFit: return tr("the tag is too long to fit inside the photo at any position")
        case let .sideDoesNotFit(id?, .left, at, _):
            // TRANSLATORS: {id} is a tag's id (#3); {point} the dot's position, two fractions of the photo (0.812,0.400).
            return tr("{id}'s bubble does not fit on the left of its dot at {point}: it would stick out of the photo", ["id": id, "point": at.formatted])
        case let .sideDoesNotFit(id?, .right, at, _):
            // TRANSLATORS: {id} is a tag's id (#3); {point} the dot's position, two fractions of the photo (0.812,0.400).
            return tr("{id}'s bubble does not fit on the right of its dot at {point}: it would stick out of the photo", ["id": id, "point": at.formatted])
        case let .sideDoesNotFit(nil, .left, at, _):
            return tr("the bubble does not fit on the left of its dot at {point}: it would stick out of the photo", ["point": at.formatted])
        case let .sideDoesNotFit(nil, .right, at, _):
            return tr("the bubble does not fit on the right of its dot at {point}: it would stick out of the photo", ["point": at.formatted])
        }
    }
    /// The message for a front end that shows the picture, where the dot's coordinates say
    /// nothing: `#1's bubble does not fit on the right of its dot: it would stick out of the photo`.
    public var messageOnThePicture: String {
        switch self {
        case .doesNotFit: return message
        case let .sideDoesNotFit(id?, .left, _, _):
            return tr("{id}'s bubble does not fit on the left of its dot: it would stick out of the photo", ["id": id])
        case let .sideDoesNotFit(id?, .right, _, _):
            return tr("{id}'s bubble does not fit on the right of its dot: it would stick out of the photo", ["id": id])
        case .sideDoesNotFit(nil, .left, _, _):
            return tr("the bubble does not fit on the left of its dot: it would stick out of the photo")
        case .sideDoesNotFit(nil, .right, _, _):
            return tr("the bubble does not fit on the right of its dot: it would stick out of the photo")
        }
    }

    /// The requests that do what was asked once the dot is where the side fits: for a refused
    /// flip of tag `id`, its dot moved to `room`, then the flip, as one batch.
    public var fix: (label: String, request: Request)? {
        guard case let .sideDoesNotFit(id?, _, _, room) = self else { return nil }
        let requests: [Request] = [.move(id, .to(Position(room))), .flip(id)]
        // TRANSLATORS: a button that fixes a refused flip: it moves the tag's dot away from the edge, then flips the bubble.
        return (tr("Move the dot in and flip"), .batch(Batch(requests, source: "the editor", name: "move \(id) in to \(room.formatted) and flip")))
    }

    /// A shorter text fits; a side fits once the dot is further from the edge.
    public var advice: String? {
        switch self {
        case .doesNotFit: return tr("use a shorter text")
        case let .sideDoesNotFit(_, .left, _, room): return tr("the left side fits with the dot at {point} or further in", ["point": room.formatted])
        case let .sideDoesNotFit(_, .right, _, room): return tr("the right side fits with the dot at {point} or further in", ["point": room.formatted])
        }
    }
    /// No position works, or none without moving the dot the user placed.
    public var meaning: ErrorMeaning { .notPossible }
}
