import Synchronization

/// The registry of image formats: the one place that lists them, in the order their bytes are
/// sniffed.
///
/// Everything that depends on which formats exist asks here: the probe and the decoder (by
/// content), export (by the output's suffix or a format name), the messages that say what tagproj
/// reads, and the command line's `--format` list. Adding a format means adding its codec file(s)
/// under `Imaging/Codecs/` and one line to `builtIn`; a program linking TagKit can `register` its own.
///
/// One thing is not derived from here: the project schema's CHECK on `source.format`
/// (`Schema/002-formats.sql`) spells out `'jpeg', 'png', 'webp', 'heic', 'avif'`. A new readable
/// format needs a migration that widens it before `new` can store such a photo (shipped
/// migrations are never edited).
public enum Codecs {
    /// The formats built into TagKit. Readable and writable ones first; then formats recognised
    /// only to name them in an error.
    static let builtIn: [any ImageCodec] = [JPEGCodec(), PNGCodec(), WebPCodec(), HEIFCodec.heic, HEIFCodec.avif]
        + RecognisedCodec.all

    private static let registered = Mutex<[any ImageCodec]>([])

    /// Adds a codec after the built-in ones (a format of the same name replaces nothing: the
    /// first codec for a format wins).
    public static func register(_ codec: any ImageCodec) {
        registered.withLock { $0.append(codec) }
    }

    /// Every codec: the built-in ones, then the registered ones.
    public static var all: [any ImageCodec] { builtIn + registered.withLock { $0 } }
    /// The codecs whose format tagproj reads.
    public static var readable: [any ImageCodec] { all.filter(\.canRead) }
    /// The codecs whose format tagproj writes.
    public static var writable: [any ImageCodec] { all.filter(\.canWrite) }

    /// The codec for `format`.
    public static func codec(for format: ImageFormat) -> (any ImageCodec)? {
        all.first { $0.format == format }
    }

    /// The codec a name asks for: a format's name or one of its suffixes (`jpeg`, `jpg`, `PNG`).
    public static func codec(named name: String) -> (any ImageCodec)? {
        let key = name.lowercased()
        return all.first { $0.format.rawValue == key } ?? all.first { $0.suffixes.contains(key) }
    }

    /// The codec a path's suffix asks for (`out.jpg`, any case), or `nil` without a known suffix.
    public static func codec(forPath path: String) -> (any ImageCodec)? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let suffix = path[path.index(after: dot)...].lowercased()
        return all.first { $0.suffixes.contains(suffix) }
    }

    /// The codec whose magic bytes `bytes` start with, or `nil` for data of no known format.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> (any ImageCodec)? {
        all.first { $0.sniff(bytes) }
    }

    /// The display names of `codecs` as prose: `JPEG and PNG`, `JPEG, PNG and WebP`.
    public static func names(_ codecs: [any ImageCodec], joinedBy conjunction: String = "and") -> String {
        let names = codecs.map(\.format.displayName)
        guard names.count > 1 else { return names.first ?? "" }
        // TRANSLATORS: between the items of a list of format names (JPEG, PNG and WebP).
        let head = names.dropLast().joined(separator: trc("list", ", "))
        switch conjunction {
        // TRANSLATORS: the end of a list of format names: {list} is "JPEG, PNG", {last} "WebP".
        case "and": return tr("{list} and {last}", ["list": head, "last": names.last!])
        // TRANSLATORS: the end of a list of format names, one of them: {list} is "JPEG, PNG", {last} "WebP".
        case "or": return tr("{list} or {last}", ["list": head, "last": names.last!])
        default: return head + " \(conjunction) " + names.last!
        }
    }
}
