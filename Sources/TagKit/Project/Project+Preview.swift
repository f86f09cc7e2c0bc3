extension Project {
    /// The picture as export draws it (orientation and crop applied, resampled to `size`) without
    /// any tag, as a JPEG in memory: what the editor shows under the tag images it asks for.
    ///
    /// With `region` (fractions of the picture as the user sees it), only that part, at `size`:
    /// what a zoomed view shows. The project is only read; `size` should have the region's aspect
    /// ratio. A JPEG is decoded reduced by libjpeg where the whole picture at the view's scale is
    /// at most half its own size, so a 14.7 MP photo shown at 1000 px costs a fraction of a full
    /// decode, and a region at 1:1 is decoded at full size.
    public func preview(size: PictureSize, region: Crop = .full, quality: Int = 85) throws -> [UInt8] {
        let source = try store.source()
        var options = ExportOptions()
        options.quality = quality
        try options.validate()
        let c = source.crop
        let crop = Crop(x: c.x + region.x * c.width, y: c.y + region.y * c.height, width: region.width * c.width, height: region.height * c.height)
        // The whole picture at the view's scale: what the decoder's reduction is chosen for.
        let whole = PictureSize(width: max(1, Int((Double(size.width) / region.width).rounded())),
                                height: max(1, Int((Double(size.height) / region.height).rounded())))
        let sink = MemorySink()
        let pipeline = ExportPipeline(orientation: source.orientation, crop: crop, scene: TagScene(drawings: [], size: size),
                                      format: .jpeg, options: options, sink: sink)
        // The decoder export would use: a screen-sized view of a big JPEG is decoded reduced, and
        // a blob that is not what the source row says is refused before a row is read.
        var reader = try photoReader(source, maxPixels: options.maxPixels, output: whole)
        try pipeline.run(&reader)
        return sink.bytes
    }
}
