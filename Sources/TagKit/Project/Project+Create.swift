/// The choices `new` takes.
public struct NewProjectOptions: Sendable {
    /// How the picture is cropped.
    public enum CropChoice: Equatable, Sendable {
        /// The whole picture.
        case none
        /// The centred square, as the original photo picker did.
        case square
        /// A normalized rectangle of the upright picture.
        case rect(Crop)
    }

    /// How the picture is cropped; the whole picture by default.
    public var crop: CropChoice = .none
    /// Currency and font; validated by `Project.create` (see `ProjectSettings.validated()`).
    public var settings = ProjectSettings()
    /// Replace an existing tagproj project at the project's path (nothing else is ever replaced).
    public var force = false
    /// Refuse photos that declare more pixels than this (default 100 megapixels).
    public var maxPixels = 100_000_000

    /// The crop of a picture of `info`, as fractions of the upright photo.
    func crop(for info: ImageInfo) throws -> Crop {
        switch crop {
        case .none: return .full
        case .square: return .centredSquare(width: info.uprightWidth, height: info.uprightHeight)
        case .rect(let c): return try Crop.validated(x: c.x, y: c.y, width: c.width, height: c.height)
        }
    }

    /// The picture a project made from `photo` with these options has, before it is made: its
    /// empty document, for trying a batch on it (`Document.applying(_:measurer:)`).
    public func document(for photo: VerifiedPhoto) throws -> Document {
        let info = photo.check.info
        let rect = try crop(for: info).pixelRect(width: info.uprightWidth, height: info.uprightHeight)
        return Document(settings: try settings.validated(), size: PictureSize(width: rect.width, height: rect.height))
    }

    /// The defaults: no crop, `¥`, the default font, no replacing, 100 megapixels.
    public init() {}
}

extension Project {
    /// Creates a project at `path` from the photo at `imagePath`, storing its bytes unchanged.
    ///
    /// The whole picture is decoded once, streaming, to find damage now (see `ImageDecoder.verify`);
    /// no pixel is kept. The file is written beside `path` under a temporary name and renamed into place, so a
    /// failure leaves nothing behind and an existing project is replaced only whole (with `force`).
    /// Anything at `path` that is not a tagproj project is refused (`ProjectError.occupied`),
    /// `force` or not.
    @discardableResult
    public static func create(at path: String, imagePath: String, options: NewProjectOptions) throws -> Project {
        _ = try options.settings.validated()
        try checkVacant(path, force: options.force)
        let bytes = try FileIO.read(imagePath, limit: Int(Database.maximumBlobLength))
        return try create(at: path, photo: try VerifiedPhoto(bytes: bytes, path: imagePath, maxPixels: options.maxPixels), bytes: bytes,
                          options: options)
    }

    /// Creates a project at `path` from `photo`, checked earlier (perhaps on another thread, as
    /// `tagproj menu` checks many at once): its bytes are read again, and decoded again only if
    /// the file is no longer the one checked. Otherwise as `create(at:imagePath:options:)`.
    @discardableResult
    public static func create(at path: String, photo: VerifiedPhoto, options: NewProjectOptions) throws -> Project {
        try checkVacant(path, force: options.force)
        let bytes = try FileIO.read(photo.path, limit: Int(Database.maximumBlobLength))
        let current = FileIO.identity(of: photo.path) == photo.identity && photo.identity != nil
            ? photo : try VerifiedPhoto(bytes: bytes, path: photo.path, maxPixels: options.maxPixels)
        return try create(at: path, photo: current, bytes: bytes, options: options)
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

    private static func create(at path: String, photo: VerifiedPhoto, bytes: [UInt8], options: NewProjectOptions) throws -> Project {
        let settings = try options.settings.validated()
        let check = photo.check
        let imagePath = photo.path
        let info = check.info
        let crop = try options.crop(for: info)
        let size = crop.pixelRect(width: info.uprightWidth, height: info.uprightHeight)

        // The photo's own name, remembered so that nothing is ever written over it.
        let base = FileIO.baseName(of: imagePath)
        let fileName = FileIO.isPlainName(base) ? base : nil
        let temporary = FileIO.temporaryPath(beside: path)
        FileIO.remove(temporary)
        do {
            try ProjectStore.create(at: temporary, source: .init(bytes: bytes, fileName: fileName, info: info, crop: crop,
                                                                  size: PictureSize(width: size.width, height: size.height)),
                                    settings: settings)
            try FileIO.replace(path, with: temporary)
        } catch {
            FileIO.remove(temporary)
            FileIO.remove(temporary + "-journal")
            if let e = error as? SQLiteError, e.meaning == .missingInput || e.meaning == .io {
                throw ProjectError.cannotCreate(path: path, reason: e.reason)
            }
            throw error
        }
        let project = try open(path, forWriting: true)
        project.importWarning = check.warning
        return project
    }
}
