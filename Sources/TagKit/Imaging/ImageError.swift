/// Why an image could not be read or written.
///
/// Problems of the data (not an image, a format not read, damaged, unsupported, over the pixel
/// limit, rows that end early) are bad data; a format not written is an invalid request; a codec
/// failure that is not the file's fault is an internal one (see `meaning`). A failure to write
/// encoded output is the sink's own error, not one of these. Where a C library reported the
/// problem, its own reason is part of the message.
public enum ImageError: TagProjError, Equatable {
    /// The bytes are of no format any codec recognises (by content, never by file name).
    case notAnImage
    /// The bytes are an image of a format tagproj recognises by its magic bytes but does not read
    /// (TIFF, GIF).
    case otherFormat(ImageFormat)
    /// An encoder was asked for a format tagproj does not write.
    case cannotWrite(ImageFormat)
    /// The file is of a format tagproj reads but its data is broken; the reason names what is wrong.
    case damaged(ImageFormat, String)
    /// The file is well-formed but uses a feature the decoder cannot handle.
    case unsupported(ImageFormat, String)
    /// The declared size is over the pixel limit; refused before any pixel memory is allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A row source ended before producing all the rows it announced.
    case incomplete(rows: Int, of: Int)
    /// The codec failed for a reason that is not the file's fault (out of memory, a bad argument).
    case failed(ImageFormat, String)

    /// One line naming what failed and why.
    public var message: String {
        switch self {
        case .notAnImage, .otherFormat:
            return sentence(about: nil)
        case let .cannotWrite(format):
            return tr("tagproj cannot write {format} images; it writes {formats}", ["format": format.displayName, "formats": Codecs.names(Codecs.writable)])
        case let .damaged(format, reason):
            // TRANSLATORS: {reason} is the decoder's own words.
            return tr("damaged {format}: {reason}", ["format": format.displayName, "reason": reason])
        case let .unsupported(format, reason):
            return tr("unsupported {format}: {reason}", ["format": format.displayName, "reason": reason])
        case let .tooManyPixels(width, height, limit):
            return tr("image is {width}×{height} pixels ({megapixels}), over the limit of {limit} pixels",
                      ["width": width, "height": height, "megapixels": Self.megapixels(width * height), "limit": limit])
        case let .incomplete(rows, total):
            return tr("image data ended after {rows} of {total} rows", ["rows": rows, "total": total])
        case let .failed(format, reason):
            return tr("{format} codec failed: {reason}", ["format": format.displayName, "reason": reason])
        }
    }

    /// `notAnImage` or `otherFormat` as one sentence about `subject` (`'a.png'`, the photo in a
    /// project), or alone when nil: `'a.gif' is not a JPEG, PNG… image`.
    func sentence(about subject: ImageFileError.Subject?) -> String {
        let readable = Codecs.names(Codecs.readable, joinedBy: "or")
        switch (self, subject) {
        case (.notAnImage, nil):
            return Self.startsWithVowel(readable) ? tr("not an {formats} image", ["formats": readable]) : tr("not a {formats} image", ["formats": readable])
        case (.notAnImage, .file(let path)?):
            return Self.startsWithVowel(readable) ? tr("'{path}' is not an {formats} image", ["path": path, "formats": readable])
                : tr("'{path}' is not a {formats} image", ["path": path, "formats": readable])
        case (.notAnImage, .photo(let project)?):
            return Self.startsWithVowel(readable) ? tr("the photo in '{project}' is not an {formats} image", ["project": project, "formats": readable])
                : tr("the photo in '{project}' is not a {formats} image", ["project": project, "formats": readable])
        case (.otherFormat(let format), nil):
            let arguments: MessageArguments = ["format": format.displayName, "formats": Codecs.names(Codecs.readable)]
            return Self.startsWithVowel(format.displayName) ? tr("an {format} image; tagproj reads {formats}", arguments)
                : tr("a {format} image; tagproj reads {formats}", arguments)
        case (.otherFormat(let format), .file(let path)?):
            let arguments: MessageArguments = ["path": path, "format": format.displayName, "formats": Codecs.names(Codecs.readable)]
            return Self.startsWithVowel(format.displayName) ? tr("'{path}' is an {format} image; tagproj reads {formats}", arguments)
                : tr("'{path}' is a {format} image; tagproj reads {formats}", arguments)
        case (.otherFormat(let format), .photo(let project)?):
            let arguments: MessageArguments = ["project": project, "format": format.displayName, "formats": Codecs.names(Codecs.readable)]
            return Self.startsWithVowel(format.displayName) ? tr("the photo in '{project}' is an {format} image; tagproj reads {formats}", arguments)
                : tr("the photo in '{project}' is a {format} image; tagproj reads {formats}", arguments)
        default:
            return message
        }
    }

    /// What is read, for files that are not images.
    public var advice: String? {
        switch self {
        case .notAnImage: return tr("tagproj reads {formats} photos", ["formats": Codecs.names(Codecs.readable)])
        default: return nil
        }
    }

    /// An invalid request for a format not written, an internal failure for codec failures that
    /// are not the file's fault, else bad data.
    public var meaning: ErrorMeaning {
        switch self {
        case .cannotWrite: return .invalidRequest
        case .failed: return .internalFailure
        default: return .badData
        }
    }

    /// "a JPEG", "an AVIF": the indefinite article by the name's first letter.
    static func article(_ name: String) -> String {
        (startsWithVowel(name) ? "an " : "a ") + name
    }

    /// Whether English writes `an` before `name` (a format's name: AVIF, HEIC…).
    static func startsWithVowel(_ name: String) -> Bool { "AEIOU".contains(name.first ?? "x") }

    /// "14.7 megapixels", one decimal, without Foundation's formatters.
    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return tr("{number} megapixels", ["number": "\(tenths / 10).\(tenths % 10)"])
    }
}
