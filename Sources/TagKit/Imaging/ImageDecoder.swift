/// A whole decoded picture with what came with it.
public struct DecodedImage: Sendable {
    /// The file's headers: format, stored size, EXIF orientation, ICC presence.
    public var info: ImageInfo
    /// The pixels; upright (orientation applied) unless the decode was asked not to.
    public var pixels: PixelBuffer
    /// The ICC profile to keep with these pixels: the file's profile if it describes RGB, else
    /// `nil` (see `ImageRowReader.iccProfile`).
    public var iccProfile: [UInt8]?
    /// The first problem the decoder stepped over without losing pixels.
    public var warning: String?
}

/// What `ImageDecoder.verify` found in a photo that decodes whole.
public struct ImageCheck: Sendable, Equatable {
    /// The headers: format, stored size, orientation, ICC presence.
    public var info: ImageInfo
    /// The first problem the decoder stepped over without losing pixels, or `nil`.
    public var warning: String?
}

/// Decodes images of every readable format in `Codecs`, chosen by content.
///
/// `decode` returns a whole picture; `rowReader` returns a streaming decoder for band-by-band
/// work. Both check the pixel limit from the headers before any pixel memory is allocated.
public enum ImageDecoder {
    /// The default pixel limit: 100 megapixels (`--max-pixels` raises it).
    public static let defaultMaxPixels = 100_000_000

    /// The longest side tagproj decodes, whatever the pixel limit: a 100,000,000 × 1 strip is
    /// under any pixel limit, but a band of its rows would be gigabytes, and it is no photo.
    public static let maximumSide = 1_000_000

    /// Refuses a picture whose headers declare more than `maxPixels` pixels or a side longer
    /// than `maximumSide`: checked on the headers, before any row or band is allocated.
    static func checkLimits(_ info: ImageInfo, maxPixels: Int) throws {
        guard info.pixelCount <= maxPixels else {
            throw ImageError.tooManyPixels(width: info.storedWidth, height: info.storedHeight, limit: maxPixels)
        }
        guard info.storedWidth <= maximumSide, info.storedHeight <= maximumSide else {
            throw ImageError.unsupported(info.format, tr("a side of {width}×{height} pixels is longer than {limit}", ["width": info.storedWidth, "height": info.storedHeight, "limit": maximumSide]))
        }
    }

    /// A streaming decoder for the image in `bytes` (copied), chosen by its magic bytes.
    /// Rows come in stored orientation.
    /// - Throws: `ImageError`.
    public static func rowReader(for bytes: UnsafeRawBufferPointer,
                                 maxPixels: Int = defaultMaxPixels) throws -> any ImageRowReader {
        guard let codec = Codecs.sniff(bytes) else { throw ImageError.notAnImage }
        return try codec.rowReader(for: bytes, maxPixels: maxPixels)
    }

    /// A streaming decoder for a picture of `picture` pixels (as the user sees it: orientation and
    /// crop applied) that will be drawn at `output`: decoded reduced where the codec can (a JPEG
    /// through libjpeg's DCT scaling) by the largest of 1/2, 1/4, 1/8 that still leaves at least
    /// the output's pixels both ways, so only the rest is resampled. Rows come in stored
    /// orientation, reduced; the crop, as fractions, applies to them unchanged.
    /// - Throws: `ImageError`.
    public static func rowReader(for bytes: UnsafeRawBufferPointer, maxPixels: Int = defaultMaxPixels,
                                 picture: PictureSize, output: PictureSize) throws -> any ImageRowReader {
        try rowReader(sharing: SharedBytes(copying: bytes), maxPixels: maxPixels, picture: picture, output: output)
    }

    /// A streaming decoder as `rowReader(for:maxPixels:picture:output:)` that reads `bytes` in
    /// place where the codec can (JPEG), keeping them alive instead of copying them.
    /// - Throws: `ImageError`.
    public static func rowReader(sharing bytes: SharedBytes, maxPixels: Int = defaultMaxPixels,
                                 picture: PictureSize, output: PictureSize) throws -> any ImageRowReader {
        try rowReader(sharing: bytes, maxPixels: maxPixels, reduction: reduction(picture: picture, output: output))
    }

    /// A streaming decoder for the image in `bytes`, read in place where the codec can, chosen by
    /// its magic bytes, at 1/`reduction` of the size where the codec can (see
    /// `ImageCodec.rowReader(sharing:maxPixels:reduction:)`).
    /// - Throws: `ImageError`.
    public static func rowReader(sharing bytes: SharedBytes, maxPixels: Int = defaultMaxPixels,
                                 reduction: Int) throws -> any ImageRowReader {
        guard let codec = Codecs.sniff(bytes.buffer) else { throw ImageError.notAnImage }
        return try codec.rowReader(sharing: bytes, maxPixels: maxPixels, reduction: reduction)
    }

    /// A streaming decoder for a picture of `picture` pixels that will be drawn at `output`, held
    /// by `source` and said to be in `format`: the reader `format`'s codec makes
    /// (`ImageCodec.rowReader(from:maxPixels:reduction:)`), reduced as
    /// `rowReader(for:maxPixels:picture:output:)` says. The one way export and the editor's
    /// preview get their decoder. Its `format` is the file's own, which the caller may compare
    /// with `format`.
    /// - Throws: `ImageError` (`.otherFormat` for a format not read), or what `source` throws.
    public static func rowReader(from source: some ImageSource, format: ImageFormat, maxPixels: Int = defaultMaxPixels,
                                 picture: PictureSize, output: PictureSize) throws -> any ImageRowReader {
        guard let codec = Codecs.codec(for: format), codec.canRead else { throw ImageError.otherFormat(format) }
        return try codec.rowReader(from: source, maxPixels: maxPixels, reduction: reduction(picture: picture, output: output))
    }

    /// The largest of 8, 4 and 2 that divides `picture` into at least `output` both ways, else 1.
    static func reduction(picture: PictureSize, output: PictureSize) -> Int {
        [8, 4, 2].first { picture.width / $0 >= output.width && picture.height / $0 >= output.height } ?? 1
    }

    /// Decodes the image in `bytes` whole.
    ///
    /// With `applyOrientation` (the default) the pixels come out upright, turned while decoding
    /// so that only one picture-sized buffer is ever allocated; without it, as stored.
    /// - Throws: `ImageError`: `.notAnImage`, `.damaged`, `.unsupported`, `.tooManyPixels`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = defaultMaxPixels,
                              applyOrientation: Bool = true) throws -> DecodedImage {
        let info = try ImageProbe.probe(bytes)
        try checkLimits(info, maxPixels: maxPixels)
        var reader = try rowReader(for: bytes, maxPixels: maxPixels)
        let pixels = try (applyOrientation ? info.orientation : .upright).readUpright(&reader)
        return DecodedImage(info: info, pixels: pixels, iccProfile: reader.iccProfile, warning: reader.warning)
    }

    /// Decodes the whole picture in `bytes` and throws away the pixels, so that damage anywhere in
    /// it is found now (at import) rather than at export.
    ///
    /// Streams in bands of 16 rows through the codec's checking reader (for JPEG, libjpeg's 1/8
    /// scaling: every coefficient is still entropy-decoded, which is where damage shows, but the
    /// inverse DCT and colour conversion are nearly free). Memory stays bounded by a band, except
    /// what the codec itself must hold (a progressive JPEG's coefficients, an interlaced PNG).
    /// - Parameter file: the photo's path; when given, errors are `ImageFileError`s naming it.
    /// - Throws: `ImageError` (or `ImageFileError`): not an image, another format, damaged,
    ///   unsupported, over `maxPixels`.
    public static func verify(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels, file: String? = nil) throws -> ImageCheck {
        guard let file else { return try bytes.withUnsafeBytes { try verify($0, maxPixels: maxPixels) } }
        return try ImageFileError.naming(.file(file)) { try bytes.withUnsafeBytes { try verify($0, maxPixels: maxPixels) } }
    }

    private static func verify(_ bytes: UnsafeRawBufferPointer, maxPixels: Int) throws -> ImageCheck {
        let info = try ImageProbe.probeTyped(bytes)
        try checkLimits(info, maxPixels: maxPixels)
        guard let codec = Codecs.sniff(bytes) else { throw ImageError.notAnImage }
        var reader = try codec.checkingReader(for: bytes, maxPixels: maxPixels)
        var band = [UInt8](repeating: 0, count: 16 * reader.rowBytes)
        var row = 0
        while row < reader.height {
            let n = try band.withUnsafeMutableBufferPointer { try reader.readRows(into: $0, count: min(16, reader.height - row)) }
            guard n > 0 else { throw ImageError.incomplete(rows: row, of: reader.height) }
            row += n
        }
        return ImageCheck(info: info, warning: reader.warning)
    }

    /// Decodes an image held in an array; see `decode(_:maxPixels:applyOrientation:)`.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels,
                              applyOrientation: Bool = true) throws -> DecodedImage {
        try bytes.withUnsafeBytes { try decode($0, maxPixels: maxPixels, applyOrientation: applyOrientation) }
    }
}
