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
        case .notAnImage:
            return "not \(Self.article(Codecs.names(Codecs.readable, joinedBy: "or"))) image"
        case let .otherFormat(format):
            return "\(Self.article(format.displayName)) image; tagproj reads \(Codecs.names(Codecs.readable))"
        case let .cannotWrite(format):
            return "tagproj cannot write \(format.displayName) images; it writes \(Codecs.names(Codecs.writable))"
        case let .damaged(format, reason):
            return "damaged \(format.displayName): \(reason)"
        case let .unsupported(format, reason):
            return "unsupported \(format.displayName): \(reason)"
        case let .tooManyPixels(width, height, limit):
            return "image is \(width)×\(height) pixels (\(Self.megapixels(width * height))), "
                + "over the limit of \(limit) pixels"
        case let .incomplete(rows, total):
            return "image data ended after \(rows) of \(total) rows"
        case let .failed(format, reason):
            return "\(format.displayName) codec failed: \(reason)"
        }
    }

    /// What is read, for files that are not images.
    public var advice: String? {
        switch self {
        case .notAnImage: return "tagproj reads \(Codecs.names(Codecs.readable)) photos"
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
        ("AEIOU".contains(name.first ?? "x") ? "an " : "a ") + name
    }

    /// "14.7 megapixels", one decimal, without Foundation's formatters.
    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
