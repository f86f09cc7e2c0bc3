/// The invariant: the whole tag, dot and bubble, lies inside the picture.
///
/// Placement works in normalized coordinates; because every tag dimension is proportional to the
/// picture's shorter side, a placement that fits at one export size fits at every size.
public enum Placement {
    /// Where a tag's dot may go on a picture, as a normalized rectangle, or nil when the tag is
    /// too wide or tall to fit anywhere.
    public static func allowedRegion(side: Side, labelEm: Double, size: PictureSize) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let h = TagStyle.heightOfShorterSide * Double(size.shorterSide)
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
    public static func fit(_ wanted: NormalizedPoint, side: Side, labelEm: Double, size: PictureSize) throws -> NormalizedPoint {
        guard let region = allowedRegion(side: side, labelEm: labelEm, size: size) else {
            throw PlacementError.doesNotFit
        }
        return NormalizedPoint(x: min(max(wanted.x, region.x.lowerBound), region.x.upperBound),
                               y: min(max(wanted.y, region.y.lowerBound), region.y.upperBound))
    }
}

/// A tag that cannot be placed.
public enum PlacementError: TagProjError {
    case doesNotFit

    /// The one-line explanation.
    public var message: String { "the tag is too long to fit inside the photo at any position" }
    /// A shorter text fits.
    public var advice: String? { "use a shorter text" }
    /// No position works.
    public var meaning: ErrorMeaning { .notPossible }
}
