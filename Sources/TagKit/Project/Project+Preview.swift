extension Project {
    /// The picture as export draws it (orientation and crop applied, resampled to `size`) without
    /// any tag, as a JPEG in memory: what the editor shows under the tag images it asks for.
    ///
    /// The project is only read; `size` should have the picture's aspect ratio. A JPEG is decoded
    /// reduced by libjpeg where the view is at most half the picture, so a 14.7 MP photo shown at
    /// 1000 px costs a fraction of a full decode.
    public func preview(size: PictureSize, quality: Int = 85) throws -> [UInt8] {
        let source = try store.source()
        var options = ExportOptions()
        options.quality = quality
        try options.validate()
        let sink = MemorySink()
        let pipeline = ExportPipeline(orientation: source.orientation, crop: source.crop, scene: TagScene(drawings: [], size: size),
                                      format: .jpeg, options: options, sink: sink)
        // The decoder export would use: a screen-sized view of a big JPEG is decoded reduced, and
        // a blob that is not what the source row says is refused before a row is read.
        var reader = try photoReader(source, maxPixels: options.maxPixels, output: size)
        try pipeline.run(&reader)
        return sink.bytes
    }
}
