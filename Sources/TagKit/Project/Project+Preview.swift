extension Project {
    /// The picture as export draws it (orientation and crop applied, resampled to `size`) without
    /// any tag, as a JPEG in memory: what the editor shows under the tag images it asks for.
    ///
    /// The project is only read; `size` should have the picture's aspect ratio.
    public func preview(size: PictureSize, quality: Int = 85) throws -> [UInt8] {
        let records = self.records
        let source = try records.source()
        var options = ExportOptions()
        options.quality = quality
        try options.validate()
        var reader = try records.sourceBytes().withUnsafeBytes { try ImageDecoder.rowReader(for: $0, maxPixels: options.maxPixels) }
        let sink = MemorySink()
        let pipeline = ExportPipeline(orientation: source.orientation, crop: source.crop, scene: TagScene(drawings: [], size: size),
                                      format: .jpeg, options: options, sink: sink)
        try pipeline.run(&reader)
        return sink.bytes
    }
}
