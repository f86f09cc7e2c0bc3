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
    ///
    /// With `decoded`, which is asked for the photo by its `DecodedPicture.Key` and gives it when
    /// it holds it decoded, the part shown is cut from those pixels instead:
    /// nothing is decoded at all. A picture of another photo than the project's is never given
    /// one: the key is the project's photo's, read for each call.
    public func preview(size: PictureSize, region: Crop = .full, quality: Int = 85,
                        decoded: ((DecodedPicture.Key) -> DecodedPicture?)? = nil) throws -> [UInt8] {
        let source = try store.source()
        var options = ExportOptions()
        options.quality = quality
        try options.validate()
        let c = source.crop
        let crop = Crop(x: c.x + region.x * c.width, y: c.y + region.y * c.height, width: region.width * c.width, height: region.height * c.height)
        let sink = MemorySink()
        if let decoded, let picture = decoded(try sourceKey(source)) {
            let pipeline = ExportPipeline(orientation: .upright, crop: .full, scene: TagScene(drawings: [], size: size),
                                          format: .jpeg, options: options, sink: sink)
            try pipeline.run(upright: picture.rows(crop, size: size), icc: picture.iccProfile)
            return sink.bytes
        }
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

    /// The photo decoded whole, at full size and upright, for `preview(size:region:quality:decoded:)`
    /// to cut views from; nil when it has more than `DecodedPicture.maxPixels` pixels (it is then
    /// decoded for each view). The project is only read. See `photoToDecode(maxPixels:)`.
    /// - Throws: what export's decode throws for the photo (`ImageError`, a damaged project).
    public func decodedPicture(maxPixels: Int = ImageDecoder.defaultMaxPixels) throws -> DecodedPicture? {
        try photoToDecode(maxPixels: maxPixels)?.decoded()
    }

    /// The photo's bytes read from the project, to be decoded by `PhotoToDecode.decoded()`: the
    /// read is done, and the file's lock let go, before the decode begins, so a decode that runs
    /// slowly (at idle priority) never keeps another process from writing the project. Nil
    /// when the photo has more than `DecodedPicture.maxPixels` (or `maxPixels`) pixels.
    /// - Throws: a damaged project, or a project that cannot be read.
    public func photoToDecode(maxPixels: Int = ImageDecoder.defaultMaxPixels) throws -> PhotoToDecode? {
        let source = try store.source()
        guard source.storedWidth * source.storedHeight <= min(DecodedPicture.maxPixels, maxPixels) else { return nil }
        let bytes = try store.sharedSourceBytes()
        return PhotoToDecode(project: self, source: source, bytes: bytes, key: Self.key(source, bytes), maxPixels: maxPixels)
    }

    /// Whether the photo's format decodes at a fraction of its size (JPEG): a view then decodes
    /// only what it shows. When not (HEIC, AVIF, WebP, PNG), every view is a whole decode, and
    /// one picture decoded and held (`decodedPicture`) serves them all.
    public func photoDecodesReduced() throws -> Bool {
        Codecs.codec(for: try store.source().format)?.decodesReduced ?? false
    }

    /// The key of the project's photo as it is now: what a `DecodedPicture` of it carries.
    public func sourceKey() throws -> DecodedPicture.Key { try sourceKey(try store.source()) }

    private func sourceKey(_ source: ProjectStore.Source) throws -> DecodedPicture.Key {
        Self.key(source, try store.sharedSourceBytes())
    }

    private static func key(_ source: ProjectStore.Source, _ bytes: SharedBytes) -> DecodedPicture.Key {
        DecodedPicture.Key(format: source.format, storedWidth: source.storedWidth, storedHeight: source.storedHeight,
                           orientation: source.orientation, byteCount: bytes.count, digest: PhotoDigest(of: bytes.buffer))
    }
}

/// A project's photo read and not yet decoded (`Project.photoToDecode(maxPixels:)`).
public struct PhotoToDecode {
    let project: Project
    let source: ProjectStore.Source
    let bytes: SharedBytes
    /// The photo's key: what the picture decoded from it will carry.
    public let key: DecodedPicture.Key
    let maxPixels: Int

    /// The photo decoded whole, at full size and upright, with its smaller levels. Reads nothing
    /// more from the project.
    /// - Throws: `ImageError`, or a damaged project when the bytes are not what its row says.
    public func decoded() throws -> DecodedPicture {
        let reader = try ImageDecoder.rowReader(sharing: bytes, maxPixels: maxPixels, reduction: 1)
        try project.checkAgainstRow(reader, source, eighths: 8)
        return try Self.decoded(reader, orientation: source.orientation, key: key)
    }

    /// Every upright row of `reader` read into a picture with its smaller levels, carrying `key`.
    static func decoded(_ reader: some ImageRowReader, orientation: Orientation, key: DecodedPicture.Key) throws -> DecodedPicture {
        let icc = reader.iccProfile
        if orientation == .upright {
            var rows = reader
            return try DecodedPicture(key: key, reading: &rows, iccProfile: icc)
        }
        var rows = UprightRows(reader, orientation: orientation)
        return try DecodedPicture(key: key, reading: &rows, iccProfile: icc)
    }
}
