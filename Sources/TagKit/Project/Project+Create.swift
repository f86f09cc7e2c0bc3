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
        var settings = try options.settings.validated()
        // Only a project may be replaced, and only with `force`: a photo given as the project (the
        // arguments swapped), a folder or another program's file is what a user would lose.
        switch try ProjectHeader.occupant(of: path) {
        case nil: break
        case .project?: guard options.force else { throw ProjectError.exists(path: path) }
        case let other?: throw ProjectError.occupied(path: path, by: other)
        }
        let bytes = try FileIO.read(imagePath, limit: Int(Database.maximumBlobLength))
        // The whole picture is decoded (pixels discarded), so damage is found now, naming the file;
        // the pixel limit and the longest side (`ImageDecoder.maximumSide`) are checked on the
        // headers first, before a band of rows is allocated.
        let check = try ImageDecoder.verify(bytes, maxPixels: options.maxPixels, file: imagePath)
        let info = check.info
        let crop = try options.crop.crop(width: info.uprightWidth, height: info.uprightHeight)
        let size = crop.pixelRect(width: info.uprightWidth, height: info.uprightHeight)
        settings.crop = crop

        // The photo's own name, remembered so that nothing is ever written over it.
        let base = FileIO.baseName(of: imagePath)
        let fileName = FileIO.isPlainName(base) ? base : nil
        let temporary = FileIO.temporaryPath(beside: path)
        FileIO.remove(temporary)
        do {
            try ProjectStore.create(at: temporary, source: .init(bytes: bytes, fileName: fileName, info: info, crop: crop,
                                                                  size: PictureSize(width: size.width, height: size.height)),
                                    settings: settings, origins: options.origins)
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
