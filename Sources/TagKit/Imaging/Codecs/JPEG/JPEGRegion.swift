/// A part of a JPEG's upright picture decoded without the rest: at the least of libjpeg's
/// scales (M/8) that still holds the pixels asked, the rows above it skipped untransformed, only
/// the MCU columns under it decoded, and what libjpeg gives beyond it cut off; then turned
/// upright alone. What a zoomed view of a photo costs is then about its own pixels, not the
/// photo's.
public enum JPEGRegion {
    /// The fewest eighths (1 to 8) at which `crop` of an `uprightWidth × uprightHeight` picture
    /// (as export rounds a crop, `CropRect`) is at least `output` both ways; 8 when none is.
    public static func eighths(crop: Crop, uprightWidth: Int, uprightHeight: Int, output: PictureSize) -> Int {
        (1...8).first { m in
            let rect = CropRect(crop, pictureWidth: JPEGRowReader.scaled(uprightWidth, eighths: m),
                                pictureHeight: JPEGRowReader.scaled(uprightHeight, eighths: m))
            return rect.width >= output.width && rect.height >= output.height
        } ?? 8
    }

    /// The rows of `crop` (fractions of the upright picture) of the picture `reader` decodes in
    /// stored orientation at its scale, upright: the pixels that decoding the whole picture at
    /// that scale, turning it with `orientation` and cropping it as export does (`CropRect`)
    /// would give, from a decode of that part only (`JPEGRowReader.crop(_:)`). `reader` must not
    /// have given a row yet. As export's reduced decode, the part's edges go to the nearest pixel
    /// of the scale: at most half a pixel of it from where the fractions put them.
    /// - Throws: `ImageError.damaged` with libjpeg's reason.
    public static func rows(_ reader: JPEGRowReader, orientation: Orientation, crop: Crop) throws -> some RowSource {
        let (uw, uh) = orientation.uprightSize(width: reader.width, height: reader.height)
        return try rows(reader, orientation: orientation, rect: CropRect(crop, pictureWidth: uw, pictureHeight: uh))
    }

    /// The rows of `wanted` (pixels of the upright picture at the scale `reader` decodes at, inside
    /// it), as ``rows(_:orientation:crop:)`` gives them for a crop.
    public static func rows(_ reader: JPEGRowReader, orientation: Orientation, rect wanted: CropRect) throws -> some RowSource {
        let (uw, uh) = orientation.uprightSize(width: reader.width, height: reader.height)
        precondition(wanted.fits(width: uw, height: uh), "the region lies outside the picture")
        let stored = orientation.storedRect(ofUpright: wanted, storedWidth: reader.width, storedHeight: reader.height)
        // libjpeg's chroma upsampling has no neighbour beyond the rows and columns it decodes, so
        // its edge pixels differ from a whole decode's: a margin is decoded around the part and cut.
        let x0 = max(stored.x - margin, 0), y0 = max(stored.y - margin, 0)
        let x1 = min(stored.x + stored.width + margin, reader.width), y1 = min(stored.y + stored.height + margin, reader.height)
        let offset = try reader.crop(CropRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        let cut = CropRect(x: offset + stored.x - x0, y: stored.y - y0, width: stored.width, height: stored.height)
        return UprightRows(CroppedRows(reader, rect: cut), orientation: orientation)
    }

    /// The pixels decoded beyond each side of a part (at its scale): more than the reach of
    /// libjpeg's 2:1 upsampling (one chroma sample, two pixels) at any scale.
    static let margin = 8
}
