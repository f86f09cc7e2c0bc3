extension Project {
    /// The picture as export draws it (orientation and crop applied, resampled to `size`) without
    /// any tag, as a JPEG in memory: what the editor shows under the tag images it asks for.
    ///
    /// With `region` (fractions of the picture as the user sees it), only that part, at `size`:
    /// what a zoomed view shows. The project is only read; `size` should have the region's aspect
    /// ratio. A JPEG is decoded at the least of libjpeg's scales (M/8) that holds `size`, and only
    /// the region (`JPEGRegion`): a 14.7 MP photo shown at 1000 px costs a fraction of a full
    /// decode, and a region at 1:1 about its own pixels. Other formats are decoded as export
    /// decodes them, reduced where the codec can, then cropped.
    public func preview(size: PictureSize, region: Crop = .full, quality: Int = 85) throws -> [UInt8] {
        let source = try store.source()
        var options = ExportOptions()
        options.quality = quality
        try options.validate()
        let c = source.crop
        let crop = Crop(x: c.x + region.x * c.width, y: c.y + region.y * c.height, width: region.width * c.width, height: region.height * c.height)
        let sink = MemorySink()
        if source.format == .jpeg {
            // Only the part shown is decoded, at the least of libjpeg's eighths that holds it.
            let (uw, uh) = source.orientation.uprightSize(width: source.storedWidth, height: source.storedHeight)
            let eighths = JPEGRegion.eighths(crop: crop, uprightWidth: uw, uprightHeight: uh, output: size)
            let reader = try jpegPhotoReader(source, maxPixels: options.maxPixels, eighths: eighths)
            let pipeline = ExportPipeline(orientation: .upright, crop: .full, scene: TagScene(drawings: [], size: size),
                                          format: .jpeg, options: options, sink: sink)
            let (sw, sh) = source.orientation.uprightSize(width: reader.width, height: reader.height)
            let rect = Self.snapped(CropRect(crop, pictureWidth: sw, pictureHeight: sh), to: size, pictureWidth: sw, pictureHeight: sh)
            // Decoded on a second core while the first resamples (unless the sizes match) and encodes.
            let rows = ReadAheadRows(try JPEGRegion.rows(reader, orientation: source.orientation, rect: rect))
            try pipeline.run(upright: rows, icc: reader.iccProfile)
            return sink.bytes
        }
        // The whole picture at the view's scale: what the decoder's reduction is chosen for.
        let whole = PictureSize(width: max(1, Int((Double(size.width) / region.width).rounded())),
                                height: max(1, Int((Double(size.height) / region.height).rounded())))
        let pipeline = ExportPipeline(orientation: source.orientation, crop: crop, scene: TagScene(drawings: [], size: size),
                                      format: .jpeg, options: options, sink: sink)
        // The decoder export would use: a blob that is not what the source row says is refused
        // before a row is read.
        var reader = try photoReader(source, maxPixels: options.maxPixels, output: whole)
        try pipeline.run(&reader)
        return sink.bytes
    }

    /// `rect`, or, when its size is within a pixel of `size` each way (a view at one pixel of the
    /// decode per pixel of the screen, 1:1, where the fractions the page sends round either way),
    /// the `size` pixels at its place, kept inside the picture: those pixels as they are, instead
    /// of a resampling by a pixel's difference, which would soften every one of them.
    static func snapped(_ rect: CropRect, to size: PictureSize, pictureWidth: Int, pictureHeight: Int) -> CropRect {
        guard abs(rect.width - size.width) <= 1, abs(rect.height - size.height) <= 1,
              size.width <= pictureWidth, size.height <= pictureHeight else { return rect }
        return CropRect(x: min(max(rect.x, 0), pictureWidth - size.width), y: min(max(rect.y, 0), pictureHeight - size.height),
                        width: size.width, height: size.height)
    }
}
