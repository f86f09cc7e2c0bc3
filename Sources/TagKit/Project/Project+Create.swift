import Glibc

/// The choices `new` takes.
public struct NewProjectOptions: Sendable {
    /// How the picture is cropped (`TagKit.CropChoice`).
    public typealias CropChoice = TagKit.CropChoice

    /// How the picture is cropped; the whole picture by default.
    public var crop: CropChoice = .none
    /// Currency and font; validated by `Project.create` (see `ProjectSettings.validated()`).
    public var settings = ProjectSettings()
    /// Where each setting came from, as `info` will say (`ProjectDefaults.resolve` gives both);
    /// unknown unless given.
    public var origins = SettingOrigins.unknown
    /// Replace an existing tagproj project at the project's path (nothing else is ever replaced).
    public var force = false
    /// Refuse photos that declare more pixels than this (default 100 megapixels).
    public var maxPixels = 100_000_000
    /// Keep the picture the check decodes (`Project.pictureDecodedAtCreation`) when every view of
    /// the photo is a whole decode anyway (HEIC, AVIF, WebP, PNG), for a first view about to be
    /// drawn: it is then drawn without decoding the photo again. Off by default: the picture is
    /// held in memory until the project is let go.
    public var keepsPicture = false

    /// The crop of a picture of `info`, as fractions of the upright photo.
    func crop(for info: ImageInfo) throws -> Crop {
        try crop.crop(width: info.uprightWidth, height: info.uprightHeight)
    }

    /// The picture a project made from `photo` with these options has, before it is made: its
    /// empty document, for trying a batch on it (`Document.applying(_:measurer:)`).
    public func document(for photo: VerifiedPhoto) throws -> Document {
        let info = photo.check.info
        let cut = try crop(for: info)
        let rect = cut.pixelRect(width: info.uprightWidth, height: info.uprightHeight)
        var settings = try settings.validated()
        settings.crop = cut
        return Document(settings: settings, size: PictureSize(width: rect.width, height: rect.height),
                        upright: PictureSize(width: info.uprightWidth, height: info.uprightHeight))
    }

    /// The defaults: no crop, `¥`, the default font, no replacing, 100 megapixels.
    public init() {}

    /// The options `tagproj new` takes without flags in `environment` (the process's:
    /// `ProcessEnvironment.current()`): the settings and their origins from `ProjectDefaults`,
    /// so every front end that makes projects (the gallery's uploads, `menu`) starts them alike.
    /// - Throws: what `ProjectDefaults.resolve(flags:environment:)` throws.
    public static func defaults(environment: [String: String]) throws -> NewProjectOptions {
        var options = NewProjectOptions()
        let defaults = try ProjectDefaults.resolve(flags: SettingsChange(), environment: environment)
        (options.settings, options.origins) = (defaults.settings, defaults.origins)
        return options
    }
}

extension Project {
    /// Creates a project at `path` from the photo at `imagePath`, storing its bytes unchanged.
    ///
    /// The whole picture is decoded once, streaming, to find damage now (see `ImageDecoder.verify`);
    /// no pixel is kept, unless `options.keepsPicture` asks for it (`pictureDecodedAtCreation`). The file is written beside `path` under a temporary name and renamed into place, so a
    /// failure leaves nothing behind and an existing project is replaced only whole (with `force`).
    /// Anything at `path` that is not a tagproj project is refused (`ProjectError.occupied`),
    /// `force` or not. `photoName` is the name the user knows the photo by when `imagePath` is a
    /// temporary copy (the gallery's upload): errors name it, and the project records it.
    @discardableResult
    static func create(at path: String, imagePath: String, options: NewProjectOptions, photoName: String? = nil) throws -> Project {
        _ = try options.settings.validated()
        try checkVacant(path, force: options.force)
        let bytes = try FileIO.read(imagePath, limit: Int(Database.maximumBlobLength))
        let photo = try VerifiedPhoto(bytes: bytes, path: imagePath, maxPixels: options.maxPixels, name: photoName,
                                      keepingPicture: options.keepsPicture)
        return try create(at: path, photo: photo, bytes: bytes, options: options, photoName: photoName)
    }

    /// Creates a project at `path` from `photo`, checked earlier (perhaps on another thread, as
    /// `tagproj menu` checks many at once): its bytes are read again, and decoded again only if
    /// the file is no longer the one checked. Otherwise as `create(at:imagePath:options:photoName:)`.
    @discardableResult
    static func create(at path: String, photo: VerifiedPhoto, options: NewProjectOptions) throws -> Project {
        try checkVacant(path, force: options.force)
        let bytes = try FileIO.read(photo.path, limit: Int(Database.maximumBlobLength))
        let current = FileIO.identity(of: photo.path) == photo.identity && photo.identity != nil
            ? photo : try VerifiedPhoto(bytes: bytes, path: photo.path, maxPixels: options.maxPixels)
        return try create(at: path, photo: current, bytes: bytes, options: options, photoName: nil)
    }

    /// Refuses anything at `path` but a project, and a project unless `force`: a photo given as
    /// the project (the arguments swapped), a folder or another program's file is what a user would lose.
    static func checkVacant(_ path: String, force: Bool) throws {
        switch try ProjectHeader.occupant(of: path) {
        case nil: break
        case .project?: guard force else { throw ProjectError.exists(path: path) }
        case let other?: throw ProjectError.occupied(path: path, by: other)
        }
    }

    private static func create(at path: String, photo: VerifiedPhoto, bytes: [UInt8], options: NewProjectOptions,
                               photoName: String?) throws -> Project {
        var settings = try options.settings.validated()
        let check = photo.check
        let imagePath = photo.path
        let info = check.info
        let crop = try options.crop(for: info)
        let size = crop.pixelRect(width: info.uprightWidth, height: info.uprightHeight)
        settings.crop = crop

        // The photo's own name, remembered so that nothing is ever written over it.
        let base = FileIO.baseName(of: photoName ?? imagePath)
        let fileName = FileIO.isPlainName(base) ? base : nil
        // What a `new` or an upload killed here before left in this folder goes first.
        StaleTemporaries.remove(in: FileIO.directory(of: path))
        let temporary = StaleTemporaries.path(beside: path)
        FileIO.remove(temporary)
        do {
            try ProjectStore.create(at: temporary, source: .init(bytes: bytes, fileName: fileName, info: info, crop: crop,
                                                                  size: PictureSize(width: size.width, height: size.height)),
                                    settings: settings, origins: options.origins)
            // A project is replaced only when one was there and `force` says so; otherwise the name
            // must still be free as the new file takes it (a file put there since is kept).
            if options.force, case .project? = try ProjectHeader.occupant(of: path) {
                try FileIO.replace(path, with: temporary)
            } else if try !FileIO.place(path, with: temporary) {
                try checkVacant(path, force: false)
                throw FileError(path: path, errno: EEXIST, operation: .create)
            }
        } catch {
            FileIO.remove(temporary)
            FileIO.remove(temporary + "-journal")
            if let e = error as? SQLiteError, e.meaning == .missingInput || e.meaning == .io {
                throw ProjectError.cannotCreate(path: path, reason: e.reason)
            }
            throw error
        }
        let project = try open(path, forWriting: true)
        project.creationNotices = check.warning.map { [.madeFromSlightlyDamagedPhoto(photo: photoName ?? imagePath, problem: $0)] } ?? []
        project.pictureDecodedAtCreation = photo.picture
        return project
    }
}

extension Project {
    /// What `tagproj open photo.jpg` opens: the project beside the photo named after it
    /// (`photo.tagproj` for `photo.jpg`), created now from the photo as ``create(at:imagePath:options:photoName:)``
    /// makes one when there is none, else the one there, whatever photo it was made from.
    /// Anything else at that path (a folder, another program's file) is refused as `create`
    /// refuses it, and nothing is replaced.
    /// - Returns: the project's path, and when it was created now, the picture its check decoded
    ///   when `options.keepsPicture` kept one (`pictureDecodedAtCreation`) and the creation's answer
    ///   (``perform(_:fonts:)``).
    public static func beside(photo imagePath: String, options: NewProjectOptions) throws
        -> (path: String, picture: DecodedPicture?, created: Answer?) {
        let path = FileIO.removingSuffix(imagePath) + ".tagproj"
        switch try ProjectHeader.occupant(of: path) {
        case .project?:
            return (path, nil, nil)
        case nil:
            var options = options
            options.force = false
            let (project, answer) = try perform(Creation(path: path, photo: .file(imagePath), options: options))
            return (path, project.pictureDecodedAtCreation, answer)
        case let other?:
            throw ProjectError.occupied(path: path, by: other)
        }
    }

    /// Whether the file at `path` is a picture (by its first bytes, whatever its name): what
    /// `tagproj open` tells a photo from a project by.
    public static func isPicture(_ path: String) -> Bool {
        guard FileIO.isRegularFile(path), let prefix = try? FileIO.readPrefix(path, count: 64) else { return false }
        return prefix.withUnsafeBytes { ImageProbe.format(of: $0) } != nil
    }
}
