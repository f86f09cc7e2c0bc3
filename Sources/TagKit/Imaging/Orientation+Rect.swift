extension Orientation {
    /// The rectangle of a `storedWidth × storedHeight` stored grid whose pixels, turned upright
    /// with this orientation, are exactly `upright` (a rectangle of the upright picture): so a
    /// part of a photo can be decoded in stored order and turned alone (`UprightRows`), giving the
    /// same pixels as the whole picture turned and then cropped.
    public func storedRect(ofUpright upright: CropRect, storedWidth w: Int, storedHeight h: Int) -> CropRect {
        let (uw, uh) = uprightSize(width: w, height: h)
        precondition(upright.fits(width: uw, height: uh), "\(upright) outside the \(uw)×\(uh) upright picture")
        let (x0, x1, y0, y1) = (upright.x, upright.x + upright.width, upright.y, upright.y + upright.height)
        // Each stored span from the upright one its axis becomes (see `placement`).
        let columns: (Int, Int), rows: (Int, Int)
        switch self {
        case .upright: (columns, rows) = ((x0, x1), (y0, y1))
        case .mirrorLeftRight: (columns, rows) = ((w - x1, w - x0), (y0, y1))
        case .rotate180: (columns, rows) = ((w - x1, w - x0), (h - y1, h - y0))
        case .mirrorTopBottom: (columns, rows) = ((x0, x1), (h - y1, h - y0))
        case .transpose: (columns, rows) = ((y0, y1), (x0, x1))
        case .rotateClockwise: (columns, rows) = ((y0, y1), (h - x1, h - x0))
        case .transverse: (columns, rows) = ((w - y1, w - y0), (h - x1, h - x0))
        case .rotateCounterClockwise: (columns, rows) = ((w - y1, w - y0), (x0, x1))
        }
        return CropRect(x: columns.0, y: rows.0, width: columns.1 - columns.0, height: rows.1 - rows.0)
    }
}
