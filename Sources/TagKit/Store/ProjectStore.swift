import Glibc

/// A project file's rows (see `Schema/README.md`): the only place that speaks SQL about a project.
///
/// `Project` orchestrates; this reads and writes, each method one typed question or one
/// transaction. Every value read is checked against its domain, since a project file is untrusted
/// input: a row that is out of range is reported by name instead of being acted on.
struct ProjectStore {
    let db: Database

    /// The file's path as given.
    var path: String { db.path }

    /// Opens an existing project. The file's header is checked before SQLite touches it, so a file
    /// that is not ours, or is from a newer tagproj, is refused without a byte written; an older
    /// schema is migrated (which needs a writable connection).
    static func open(_ path: String, forWriting: Bool, busyTimeoutMS: Int32) throws -> ProjectStore {
        let header = try ProjectHeader.check(path)
        let needsMigration = header.version < Migrator.latestVersion
        // A process killed mid-edit leaves a hot journal that the next reader must roll back, which
        // a read-only connection cannot do ("attempt to write a readonly database"). When a journal
        // is present, read through a read-write connection: SQLite rolls back only a journal that
        // no live writer holds, and a file we may not write still opens read-only.
        let recover = !forWriting && FileIO.exists(path + "-journal")
        // A document is one file: a project another program put in WAL mode (which keeps -wal and
        // -shm files beside it, and after a crash its latest writes in the -wal) is checkpointed
        // and put back to the rollback journal by the first connection that may write it.
        let leaveWAL = header.wal && (forWriting || access(path, W_OK) == 0)
        do {
            let db = try Database(path: path, readOnly: !forWriting && !needsMigration && !recover && !leaveWAL,
                                  busyTimeoutMS: busyTimeoutMS)
            diagnoseFailures(of: db)
            if leaveWAL { try db.execute("PRAGMA journal_mode = DELETE") }
            if forWriting || needsMigration { try db.execute("PRAGMA synchronous = FULL") }
            if needsMigration { try Migrator.migrate(db) }
            return ProjectStore(db: db)
        } catch var error as SQLiteError {
            error.context = tr("cannot open project '{path}'", ["path": path])
            throw error
        }
    }

    /// What a new project stores of its photo.
    struct NewSource {
        var bytes: [UInt8]
        /// The base name of the file it was read from.
        var fileName: String?
        var info: ImageInfo
        var crop: Crop
        /// The picture as the user will see it.
        var size: PictureSize
    }

    /// Writes a whole new project file at `path` (which must not exist): the schema, the photo
    /// with its bytes unchanged, `settings`, no tags, an empty history.
    static func create(at path: String, source: NewSource, settings: ProjectSettings, origins: SettingOrigins = .unknown) throws {
        let db = try Database(path: path, create: true)
        try db.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL")
        try Migrator.migrate(db)
        let info = source.info, crop = source.crop
        try db.writeTransaction {
            try db.prepare("""
                INSERT INTO source (id, format, byte_count, stored_width, stored_height, orientation, has_icc,
                                    crop_x, crop_y, crop_w, crop_h, width, height, file_name)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(info.format.rawValue), .integer(Int64(source.bytes.count)),
                      .integer(Int64(info.storedWidth)), .integer(Int64(info.storedHeight)),
                      .integer(Int64(info.orientation.rawValue)), .integer(info.hasICC ? 1 : 0),
                      .real(crop.x), .real(crop.y), .real(crop.width), .real(crop.height),
                      .integer(Int64(source.size.width)), .integer(Int64(source.size.height)),
                      source.fileName.map { .text($0) } ?? .null]).run()
            try db.prepare("INSERT INTO source_bytes (id, bytes) VALUES (1, ?)", [.blob(source.bytes)]).run()
            try db.prepare("""
                INSERT INTO project (id, currency, font, next_tag_id, history_cursor, created_with)
                VALUES (1, ?, ?, 1, 0, ?)
                """, [.text(settings.currency), .text(settings.font), .text("tagproj \(TagKitVersion.string)")]).run()
            try ProjectStore.writeSettings(db, settings)
            try ProjectStore.writeOrigins(db, origins)
        }
    }

    /// The project is damaged for `reason`.
    func damaged(_ reason: String) -> ProjectError { .damaged(path: db.path, reason: reason) }
}
