/// Why an image could not be read or written.
///
/// Decoding problems (not an image, damaged, unsupported, over the pixel limit) end in exit 65;
/// a failure to write encoded output ends in exit 74. Where a C library reported the problem, its
/// own reason is part of the message.
public enum ImageError: TagProjError, Equatable {
    /// The bytes are neither a JPEG nor a PNG (recognised by content, never by file name).
    case notAnImage
    /// The file is a JPEG or PNG but its data is broken; the reason names what is wrong.
    case damaged(ImageFormat, String)
    /// The file is well-formed but uses a feature the decoder cannot handle.
    case unsupported(ImageFormat, String)
    /// The declared size is over the pixel limit; refused before any pixel memory is allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// A row source ended before producing all the rows it announced.
    case incomplete(rows: Int, of: Int)
    /// Encoded output could not be written (disk full, closed pipe, …).
    case writeFailed(ImageFormat, String)
    /// The codec failed for a reason that is not the file's fault (out of memory, a bad argument).
    case failed(ImageFormat, String)

    /// One line naming what failed and why.
    public var message: String {
        switch self {
        case .notAnImage:
            return "not a JPEG or PNG image"
        case let .damaged(format, reason):
            return "damaged \(format.displayName): \(reason)"
        case let .unsupported(format, reason):
            return "unsupported \(format.displayName): \(reason)"
        case let .tooManyPixels(width, height, limit):
            return "image is \(width)×\(height) pixels (\(Self.megapixels(width * height))), "
                + "over the limit of \(limit) pixels"
        case let .incomplete(rows, total):
            return "image data ended after \(rows) of \(total) rows"
        case let .writeFailed(format, reason):
            return "cannot write \(format.displayName): \(reason)"
        case let .failed(format, reason):
            return "\(format.displayName) codec failed: \(reason)"
        }
    }

    /// What is read, for files that are not images.
    public var advice: String? {
        switch self {
        case .notAnImage: return "tagproj reads JPEG and PNG photos"
        default: return nil
        }
    }

    /// An I/O error for write failures, an internal failure for codec failures that are not the
    /// file's fault, else bad data.
    public var meaning: ErrorMeaning {
        switch self {
        case .writeFailed: return .io
        case .failed: return .internalFailure
        default: return .badData
        }
    }

    /// "14.7 megapixels", one decimal, without Foundation's formatters.
    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) megapixels"
    }
}
