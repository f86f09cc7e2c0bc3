/// An open project file: the façade through which commands read and edit a project.
///
/// Each public method is one whole command: it reads what it needs and, if it edits, changes the
/// tags and appends the history entry in one `BEGIN IMMEDIATE` transaction. Nothing here decodes the
/// photo.
public final class Project {
    /// The file's path as given.
    public let path: String
    let db: Database
    var records: ProjectRecords { ProjectRecords(db: db) }

    /// `application_id` of every tagproj project: `'TAGP'`.
    public static let applicationID: UInt32 = 0x5441_4750
    /// How long a command waits for another process's lock before giving up with exit 75.
    /// `TAGPROJ_BUSY_TIMEOUT_MS` overrides the default of 5 s.
    public static var defaultBusyTimeoutMS: Int32 {
        guard let raw = Environment.value("TAGPROJ_BUSY_TIMEOUT_MS"), let ms = Int32(raw), ms >= 0 else { return 5000 }
        return ms
    }

    init(path: String, db: Database) {
        self.path = path
        self.db = db
    }

    /// Opens an existing project. The file's header is checked before SQLite touches it, so a file
    /// that is not ours, or is from a newer tagproj, is refused without a byte written.
    public static func open(_ path: String, forWriting: Bool, busyTimeoutMS: Int32 = defaultBusyTimeoutMS) throws -> Project {
        let version = try ProjectHeader.check(path)
        let needsMigration = version < Migrator.latestVersion
        // A process killed mid-edit leaves a hot journal that the next reader must roll back, which
        // a read-only connection cannot do ("attempt to write a readonly database"). When a journal
        // is present, read through a read-write connection: SQLite rolls back only a journal that
        // no live writer holds, and a file we may not write still opens read-only.
        let recover = !forWriting && FileIO.exists(path + "-journal")
        let db: Database
        do {
            db = try Database(path: path, readOnly: !forWriting && !needsMigration && !recover, busyTimeoutMS: busyTimeoutMS)
            if forWriting || needsMigration { try db.execute("PRAGMA synchronous = FULL") }
            if needsMigration { try Migrator.migrate(db) }
        } catch var error as SQLiteError {
            error.context = "cannot open project '\(path)'"
            throw error
        }
        return Project(path: path, db: db)
    }

    /// The project's settings (currency, font).
    public func settings() throws -> ProjectSettings { try records.header().settings }

    /// The picture's size as the user sees it (oriented and cropped).
    public func pictureSize() throws -> PictureSize { try records.pictureSize() }

    /// The tags, in id order.
    public func tags() throws -> [Tag] { try records.tags() }

    /// The history with its cursor.
    public func history() throws -> HistoryLog { try records.historyLog(cursor: records.header().cursor) }
}
