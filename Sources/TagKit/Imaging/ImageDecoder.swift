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

/// Decodes images of every readable format in `Codecs`, chosen by content.
///
/// `decode` returns a whole picture; `rowReader` returns a streaming decoder for band-by-band
/// work. Both check the pixel limit from the headers before any pixel memory is allocated.
public enum ImageDecoder {
    /// The default pixel limit: 100 megapixels (`--max-pixels` raises it).
    public static let defaultMaxPixels = 100_000_000

    /// A streaming decoder for the image in `bytes` (copied), chosen by its magic bytes.
    /// Rows come in stored orientation.
    /// - Throws: `ImageError`.
    public static func rowReader(for bytes: UnsafeRawBufferPointer,
                                 maxPixels: Int = defaultMaxPixels) throws -> any ImageRowReader {
        guard let codec = Codecs.sniff(bytes) else { throw ImageError.notAnImage }
        return try codec.rowReader(for: bytes, maxPixels: maxPixels)
    }

    /// Decodes the image in `bytes` whole.
    ///
    /// With `applyOrientation` (the default) the pixels come out upright, turned while decoding
    /// so that only one picture-sized buffer is ever allocated; without it, as stored.
    /// - Throws: `ImageError`: `.notAnImage`, `.damaged`, `.unsupported`, `.tooManyPixels`.
    public static func decode(_ bytes: UnsafeRawBufferPointer, maxPixels: Int = defaultMaxPixels,
                              applyOrientation: Bool = true) throws -> DecodedImage {
        let info = try ImageProbe.probe(bytes)
        guard info.pixelCount <= maxPixels else {
            throw ImageError.tooManyPixels(width: info.storedWidth, height: info.storedHeight, limit: maxPixels)
        }
        var reader = try rowReader(for: bytes, maxPixels: maxPixels)
        let pixels = try Orientation.readUpright(&reader, orientation: applyOrientation ? info.orientation : 1)
        return DecodedImage(info: info, pixels: pixels, iccProfile: reader.iccProfile, warning: reader.warning)
    }

    /// Decodes an image held in an array; see `decode(_:maxPixels:applyOrientation:)`.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = defaultMaxPixels,
                              applyOrientation: Bool = true) throws -> DecodedImage {
        try bytes.withUnsafeBytes { try decode($0, maxPixels: maxPixels, applyOrientation: applyOrientation) }
    }
}
