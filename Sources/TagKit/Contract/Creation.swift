/// A request to make a project from a photo: the one way every front end makes one (`new`,
/// `open photo.jpg`, the gallery's upload, `menu`, `demo`).
///
/// It is not a `Request`, which a project performs on itself: there is no project yet. It is
/// answered the same way, by ``Project/perform(_:fonts:)``: the project, and an `Answer` whose
/// result is `.created` and whose notices are what making it says, worded once here (a font that
/// is not installed, a photo that decodes whole though slightly damaged).
public struct Creation: Sendable {
    /// Where the photo comes from.
    public enum Photo: Sendable {
        /// A file, read and checked now. `name` is the name the user knows it by when the file is
        /// a temporary copy (the gallery's upload): errors and notices name it, and the project
        /// records it.
        case file(String, name: String? = nil)
        /// A photo checked earlier (`menu` checks many at once, on several threads): decoded again
        /// only if its file is no longer the one checked.
        case checked(VerifiedPhoto)
    }

    /// Where the project goes.
    public var path: String
    /// The photo it is made from.
    public var photo: Photo
    /// How it is made: crop, settings, pixel limit, replacing.
    public var options: NewProjectOptions
    /// What the answer calls the project (`created NAME: …`): the path by default; the gallery,
    /// which shows one folder, names the file alone.
    public var name: String?

    /// A request to make the project at `path` from `photo` as `options` say.
    public init(path: String, photo: Photo, options: NewProjectOptions, name: String? = nil) {
        (self.path, self.photo, self.options, self.name) = (path, photo, options, name)
    }
}

extension Project {
    /// Makes the project `creation` asks for (see ``create(at:imagePath:options:photoName:)``: it is
    /// written whole or not at all, and nothing but a project is ever replaced) and answers it:
    /// `.created` with the project's facts, and its notices (`fontSubstituted` when the settings'
    /// font family is not installed, asked of `fonts` or the installed fonts;
    /// `madeFromSlightlyDamagedPhoto`).
    /// - Throws: the `TagProjError` of the stage that failed (the photo, the path, the settings).
    public static func perform(_ creation: Creation, fonts: FontSystem? = nil) throws -> (project: Project, answer: Answer) {
        let project: Project
        switch creation.photo {
        case let .file(file, name): project = try create(at: creation.path, imagePath: file, options: creation.options, photoName: name)
        case let .checked(photo): project = try create(at: creation.path, photo: photo, options: creation.options)
        }
        let family = creation.options.settings.font
        let substitute = try (fonts ?? FontSystem()).substitute(for: family, language: creation.options.settings.language)
        let notices = (substitute.map { [Notice.fontSubstituted(family: family, substitute: $0)] } ?? []) + project.creationNotices
        return (project, Answer(.created(name: creation.name ?? creation.path, try project.info()), notices: notices))
    }
}
