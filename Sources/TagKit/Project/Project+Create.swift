/// The choices `new` takes.
public struct NewProjectOptions: Sendable {
    /// How the picture is cropped.
    public enum CropChoice: Equatable, Sendable {
        case none
        /// The centred square, as the original photo picker did.
        case square
        /// A normalized rectangle of the upright picture.
        case rect(Crop)
    }

    public var crop: CropChoice = .none
    public var settings = ProjectSettings()
    /// Replace an existing file at the project's path.
    public var force = false
    /// Refuse photos that declare more pixels than this (default 100 megapixels).
    public var maxPixels = 100_000_000

    public init() {}
}

extension Project {
    /// Creates a project at `path` from the photo at `imagePath`, storing its bytes unchanged.
    ///
    /// The whole picture is decoded once, streaming, to find damage now (see `ImageDecoder.verify`);
    /// no pixel is kept. The file is written beside `path` under a temporary name and renamed into place, so a
    /// failure leaves nothing behind and an existing project is replaced only whole (with `force`).
    @discardableResult
    public static func create(at path: String, imagePath: String, options: NewProjectOptions) throws -> Project {
        let bytes = try FileIO.read(imagePath, limit: Int(Database.maximumBlobLength))
        // The whole picture is decoded (pixels discarded), so damage is found now, naming the file.
        let info = try ImageDecoder.verify(bytes, maxPixels: options.maxPixels, file: imagePath).info
        // A project stores sides up to 1,000,000 pixels whatever --max-pixels says (a 1,000,001 × 1
        // strip is under any pixel limit but no photo).
        guard info.storedWidth <= 1_000_000, info.storedHeight <= 1_000_000 else {
            throw ImageFileError(.file(imagePath), .unsupported(info.format, "a side of \(info.storedWidth)×\(info.storedHeight) pixels is longer than 1000000"))
        }
        if FileIO.exists(path) {
            guard options.force else { throw ProjectError.exists(path: path) }
            guard !FileIO.isDirectory(path) else { throw ProjectError.cannotCreate(path: path, reason: "it is a folder") }
        }
        let crop: Crop
        switch options.crop {
        case .none: crop = .full
        case .square: crop = .centredSquare(width: info.uprightWidth, height: info.uprightHeight)
        case .rect(let c): crop = c
        }
        let size = crop.pixelRect(width: info.uprightWidth, height: info.uprightHeight)

        let temporary = FileIO.temporaryPath(beside: path)
        FileIO.remove(temporary)
        do {
            try write(to: temporary, bytes: bytes, info: info, crop: crop, size: (size.width, size.height), settings: options.settings)
            try FileIO.replace(path, with: temporary)
        } catch {
            FileIO.remove(temporary)
            FileIO.remove(temporary + "-journal")
            if let e = error as? SQLiteError, e.meaning == .missingInput || e.meaning == .io {
                throw ProjectError.cannotCreate(path: path, reason: e.reason)
            }
            throw error
        }
        return try open(path, forWriting: true)
    }

    private static func write(to temporary: String, bytes: [UInt8], info: ImageInfo, crop: Crop,
                              size: (width: Int, height: Int), settings: ProjectSettings) throws {
        let db = try Database(path: temporary, create: true)
        try db.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL")
        try Migrator.migrate(db)
        try db.writeTransaction {
            try db.prepare("""
                INSERT INTO source (id, format, byte_count, stored_width, stored_height, orientation, has_icc,
                                    crop_x, crop_y, crop_w, crop_h, width, height)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(info.format.rawValue), .integer(Int64(bytes.count)),
                      .integer(Int64(info.storedWidth)), .integer(Int64(info.storedHeight)),
                      .integer(Int64(info.orientation)), .integer(info.hasICC ? 1 : 0),
                      .real(crop.x), .real(crop.y), .real(crop.width), .real(crop.height),
                      .integer(Int64(size.width)), .integer(Int64(size.height))]).run()
            try db.prepare("INSERT INTO source_bytes (id, bytes) VALUES (1, ?)", [.blob(bytes)]).run()
            try db.prepare("""
                INSERT INTO project (id, currency, font, next_tag_id, history_cursor, created_with)
                VALUES (1, ?, ?, 1, 0, ?)
                """, [.text(settings.currency), .text(settings.font), .text("tagproj \(TagKitVersion.string)")]).run()
        }
    }
}
