/// An image format tagproj knows by name: one it reads or writes (JPEG, PNG, WebP, HEIC, AVIF),
/// or one it only recognises so it can say what a file is (TIFF, GIF).
///
/// A format is a value, not a closed enum: each codec declares its own (`ImageFormat.jpeg` lives
/// beside the JPEG codec), and `Codecs` is the one list of them. Two formats are equal when their
/// `rawValue` is, the lowercase name stored in projects and printed by `info`.
public struct ImageFormat: Hashable, Sendable, CustomStringConvertible {
    /// The lowercase name: `jpeg`, `png`, `webp`, `heic`, `avif`; what projects store and JSON
    /// output prints.
    public let rawValue: String
    /// The name used in messages: `JPEG`, `PNG`, `HEIC`.
    public let displayName: String

    /// A format called `rawValue` (lowercase) and shown as `displayName`.
    public init(_ rawValue: String, displayName: String) {
        self.rawValue = rawValue
        self.displayName = displayName
    }

    /// The registered format called exactly `rawValue`, or `nil` if no codec declares it: a
    /// suffix (`jpg`) or another case (`JPEG`) is no format's name. How a project's stored
    /// name is read.
    public init?(rawValue: String) {
        guard let codec = Codecs.codec(named: rawValue), codec.format.rawValue == rawValue else { return nil }
        self = codec.format
    }

    /// Equal names make equal formats.
    public static func == (a: ImageFormat, b: ImageFormat) -> Bool { a.rawValue == b.rawValue }
    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    /// The lowercase name.
    public var description: String { rawValue }
}
