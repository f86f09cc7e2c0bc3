/// An `ImageError` about a particular photo, so the message names it: the file given to `new`, or
/// the photo stored in a project (at export).
public struct ImageFileError: TagProjError, Equatable {
    /// Whose photo it is.
    public enum Subject: Equatable, Sendable {
        /// An image file, by its path.
        case file(String)
        /// The photo a project holds, by the project's path.
        case photo(inProject: String)
    }

    /// Whose photo the error is about.
    public let subject: Subject
    /// What is wrong with it.
    public let error: ImageError

    /// `error` about `subject`.
    public init(_ subject: Subject, _ error: ImageError) {
        self.subject = subject
        self.error = error
    }

    /// `'photo.jpg': damaged JPEG: …`, `'menu.gif' is a GIF image; tagproj reads JPEG, PNG, WebP, HEIC and AVIF`,
    /// `the photo in 'p.tagproj': damaged JPEG: …`.
    public var message: String {
        let name = switch subject {
        case .file(let path): "'\(path)'"
        case .photo(let project): "the photo in '\(project)'"
        }
        switch error {
        case .notAnImage, .otherFormat: return "\(name) is \(error.message)"
        default: return "\(name): \(error.message)"
        }
    }

    /// The image error's meaning.
    public var meaning: ErrorMeaning { error.meaning }
    /// The image error's advice.
    public var advice: String? { error.advice }

    /// Runs `body`, naming `subject` in any `ImageError` it throws.
    static func naming<T>(_ subject: Subject, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as ImageError { throw ImageFileError(subject, error) }
    }
}
