extension Project {
    /// A decoder for the photo, to be drawn at `output`, holding the compressed photo as little
    /// as its format allows: the one export and the editor's preview decode with.
    ///
    /// The photo's codec (by the row's format) makes it from the project's blob
    /// (`ImageDecoder.rowReader(from:format:maxPixels:picture:output:)`); a JPEG is decoded
    /// reduced where the output is at most half the picture. Either way the blob, and the read
    /// transaction with it, is closed before this returns (see `JPEGCodec`'s
    /// `rowReader(from:maxPixels:reduction:)`), and a blob that is not what the row says is
    /// refused before a row is decoded.
    func photoReader(_ source: ProjectStore.Source, maxPixels: Int, output: PictureSize) throws -> any ImageRowReader {
        let reader = try ImageDecoder.rowReader(from: StoredPhoto(store: store), format: source.format, maxPixels: maxPixels,
                                                picture: source.size, output: output)
        try checkAgainstRow(reader, source, eighths: 8 / ImageDecoder.reduction(picture: source.size, output: output))
        return reader
    }

    /// A JPEG photo's decoder at `eighths`/8 of its size (1 to 8), checked against the source
    /// row as `photoReader(_:maxPixels:output:)` checks it: what a preview decodes a part of.
    func jpegPhotoReader(_ source: ProjectStore.Source, maxPixels: Int, eighths: Int) throws -> JPEGRowReader {
        let reader = try JPEGCodec().rowReader(from: StoredPhoto(store: store), maxPixels: maxPixels, eighths: eighths)
        try checkAgainstRow(reader, source, eighths: eighths)
        guard let jpeg = reader as? JPEGRowReader else { preconditionFailure("a JPEG checked against its row is read by libjpeg") }
        return jpeg
    }

    /// Refuses a photo blob that is not what the project's `source` row says (its format, its
    /// stored size), before a row is decoded: everything sized from the row (the scene, the
    /// crop, the bands) would be wrong, and a blob far larger than its row would cost its own
    /// size in time and memory.
    func checkAgainstRow(_ reader: any ImageRowReader, _ source: ProjectStore.Source, eighths: Int) throws {
        guard reader.format == source.format else {
            let arguments: MessageArguments = ["found": reader.format.displayName, "format": source.format.displayName]
            // TRANSLATORS: {found} and {format} are image formats' names (PNG, AVIF).
            throw store.damaged(ImageError.startsWithVowel(reader.format.displayName) ? tr("the photo is an {found}, not the {format} its row says", arguments)
                                                                                      : tr("the photo is a {found}, not the {format} its row says", arguments))
        }
        // Only libjpeg decodes reduced (its DCT scaling, rounding up); every other codec at full size.
        let e = reader.format == .jpeg ? eighths : 8
        let width = JPEGRowReader.scaled(source.storedWidth, eighths: e), height = JPEGRowReader.scaled(source.storedHeight, eighths: e)
        guard reader.width == width, reader.height == height else {
            let arguments: MessageArguments = ["width": e == 8 ? reader.width : reader.width * 8 / e, "height": e == 8 ? reader.height : reader.height * 8 / e,
                                               "rowWidth": source.storedWidth, "rowHeight": source.storedHeight]
            throw store.damaged(e == 8 ? tr("the photo is {width}×{height} pixels, not the {rowWidth}×{rowHeight} its row says", arguments)
                                       : tr("the photo is about {width}×{height} pixels, not the {rowWidth}×{rowHeight} its row says", arguments))
        }
    }
}

/// The project's photo blob as a codec reads it: whole, or a piece at a time while the blob is
/// open (`ProjectStore.withSourceBlob(_:)`). Errors are those of `ProjectStore.sourceBytes()`.
struct StoredPhoto: ImageSource {
    let store: ProjectStore

    /// The photo read straight from the blob into memory of its own.
    func wholeBytes() throws -> SharedBytes { try store.sharedSourceBytes() }

    /// The blob, open while `body` runs.
    func withPieces<T>(_ body: (_ read: ByteReader, _ rereading: () throws -> ByteReader) throws -> T) throws -> T {
        try store.withSourceBlob { blob in try body(blob.read(into:), { blob.pieces() }) }
    }
}
