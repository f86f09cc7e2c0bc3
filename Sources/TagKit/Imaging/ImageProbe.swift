/// Reads an image's format, size, orientation and colour-profile presence from its headers,
/// without decoding pixels.
///
/// Cheap enough for every command: the format is recognised by magic bytes (never by file name)
/// through `Codecs`, and its codec reads only the headers before the image data. Every read is
/// bounds-checked; garbage input throws `ImageError`, it never traps.
public enum ImageProbe {
    /// The format of `bytes` by their first bytes, or `nil` if no codec recognises them. The
    /// format may be one tagproj does not read (see `ImageCodec.canRead`).
    public static func format(of bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        Codecs.sniff(bytes)?.format
    }

    /// Probes an image held in memory.
    ///
    /// - Throws: `ImageError.notAnImage` when no codec recognises the bytes; `.otherFormat` for
    ///   an image of a format tagproj does not read; `.damaged` when the headers are truncated or
    ///   inconsistent; `.unsupported` for variants the decoder cannot handle (lossless JPEG,
    ///   Apple's CgBI PNG…), so that such files are refused when they come in, not at export.
    public static func probe(_ bytes: UnsafeRawBufferPointer) throws -> ImageInfo {
        try probeTyped(bytes)
    }

    /// `probe(_:)` with its error type spelled out, for callers inside TagKit.
    static func probeTyped(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageInfo {
        guard let codec = Codecs.sniff(bytes) else { throw .notAnImage }
        return try codec.probe(bytes)
    }

    /// Probes an image held in an array; see `probe(_:)` for the errors.
    public static func probe(_ bytes: [UInt8]) throws -> ImageInfo {
        try bytes.withUnsafeBytes { try probe($0) }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
