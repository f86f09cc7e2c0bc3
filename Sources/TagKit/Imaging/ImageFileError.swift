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
        switch (error, subject) {
        case (.notAnImage, _), (.otherFormat, _): return error.sentence(about: subject)
        // TRANSLATORS: {path} is a file name; {error} what is wrong with the image.
        case (_, .file(let path)): return tr("'{path}': {error}", ["path": path, "error": error.message])
        // TRANSLATORS: {project} is a project file's name; {error} what is wrong with its photo.
        case (_, .photo(let project)): return tr("the photo in '{project}': {error}", ["project": project, "error": error.message])
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
