extension Project {
    /// A decoder for the photo, to be drawn at `output`, holding the compressed photo as little
    /// as its format allows.
    ///
    /// A multi-scan (progressive) JPEG is fed to libjpeg from the project's blob a piece at a time
    /// (`JPEGRowReader.multipleScans(reading:…)`): libjpeg absorbs every scan into its coefficients
    /// before the first row, so the blob, and the read transaction with it, is closed before this
    /// returns and the photo is never in memory whole beside them. Any other photo is read whole
    /// into memory that its decoder reads in place (the photo in memory once), and its blob closed
    /// at once too: a baseline JPEG streamed from the blob would keep the project locked until
    /// its last row is written.
    func photoReader(_ source: ProjectStore.Source, maxPixels: Int, output: PictureSize) throws -> any ImageRowReader {
        let reduction = ImageDecoder.reduction(picture: source.size, output: output)
        let reader: any ImageRowReader
        if source.format == .jpeg, let streamed = try store.withSourceBlob({ blob in
            try JPEGRowReader.multipleScans(reading: blob.read(into:), rereading: { blob.pieces() }, maxPixels: maxPixels,
                                            reduction: reduction)
        }) {
            reader = streamed
        } else {
            reader = try ImageDecoder.rowReader(sharing: store.sharedSourceBytes(), maxPixels: maxPixels, picture: source.size, output: output)
        }
        try checkAgainstRow(reader, source, reduction: reduction)
        return reader
    }

    /// Refuses a photo blob that is not what the project's `source` row says (its format, its
    /// stored size), before a row is decoded: everything sized from the row (the scene, the
    /// crop, the bands) would be wrong, and a blob far larger than its row would cost its own
    /// size in time and memory.
    private func checkAgainstRow(_ reader: any ImageRowReader, _ source: ProjectStore.Source, reduction: Int) throws {
        guard reader.format == source.format else {
            throw store.damaged("the photo is \(ImageError.article(reader.format.displayName)), not the \(source.format.displayName) its row says")
        }
        // Only libjpeg decodes reduced (its DCT scaling, rounding up); every other codec at full size.
        let r = reader.format == .jpeg ? reduction : 1
        let width = (source.storedWidth + r - 1) / r, height = (source.storedHeight + r - 1) / r
        guard reader.width == width, reader.height == height else {
            let stored = r == 1 ? "\(reader.width)×\(reader.height)" : "about \(reader.width * r)×\(reader.height * r)"
            throw store.damaged("the photo is \(stored) pixels, not the \(source.storedWidth)×\(source.storedHeight) its row says")
        }
    }
}
