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
        let bytes = try store.sourceBytes()
        let sink = MemorySink()
        let pipeline = ExportPipeline(orientation: source.orientation, crop: source.crop, scene: TagScene(drawings: [], size: size),
                                      format: .jpeg, options: options, sink: sink)
        // A screen-sized view of a big JPEG is decoded with libjpeg's DCT scaling: the largest
        // reduction that still leaves at least the view's pixels, the rest is resampled.
        let reduction = [8, 4, 2].first { source.size.width / $0 >= size.width && source.size.height / $0 >= size.height } ?? 1
        if reduction > 1, bytes.withUnsafeBytes({ ImageProbe.format(of: $0) }) == .jpeg {
            var reader = try JPEGRowReader(bytes, maxPixels: options.maxPixels, reduction: reduction)
            try pipeline.run(&reader)
        } else {
            var reader = try bytes.withUnsafeBytes { try ImageDecoder.rowReader(for: $0, maxPixels: options.maxPixels) }
            try pipeline.run(&reader)
        }
        return sink.bytes
    }
}
