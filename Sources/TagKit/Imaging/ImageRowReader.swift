/// A decoder that produces a file's pixels row by row, as a codec makes it (`ImageCodec.rowReader`):
/// `JPEGRowReader`, `PNGRowReader`.
///
/// Rows come in stored orientation (EXIF orientation not applied) as 8-bit RGB or RGBA.
public protocol ImageRowReader: RowSource, AnyObject {
    /// The file's format.
    var format: ImageFormat { get }
    /// The file's ICC profile when it describes RGB pixels, else `nil`.
    ///
    /// Grey and CMYK files are decoded to RGB, so their own (grey or CMYK) profiles no longer
    /// describe the pixels and are dropped rather than passed on to an encoder.
    var iccProfile: [UInt8]? { get }
    /// The first problem the decoder stepped over without losing pixels (for a `warning:` line);
    /// more may appear while rows are read, so ask again after the last one.
    var warning: String? { get }
}

/// Facts about ICC profiles that the decoders need.
enum ICCProfile {
    /// Whether the profile's header declares the RGB colour space (bytes 16–19 are `RGB `).
    static func describesRGB(_ profile: [UInt8]) -> Bool {
        profile.count >= 132 && profile[16...19].elementsEqual(Array("RGB ".utf8))
    }

    /// The profile if it describes RGB, else `nil`.
    static func keepingRGB(_ profile: [UInt8]?) -> [UInt8]? {
        guard let profile, describesRGB(profile) else { return nil }
        return profile
    }
}
