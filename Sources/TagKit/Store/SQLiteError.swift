import CSQLite

/// A failure reported by SQLite: its result code, its message, and the SQL that was running.
///
/// See <https://sqlite.org/rescode.html>. The exit code follows what the failure means to the user:
/// a locked project is "busy" (75), a file that is not a database or is damaged is bad data (65),
/// a full disk or a read-only file is an I/O error (74).
public struct SQLiteError: TagProjError {
    /// The extended result code.
    public let code: Int32
    /// SQLite's own explanation (`sqlite3_errmsg`).
    public let reason: String
    /// The statement that failed, if any.
    public let sql: String?
    /// What we were doing, for the message (`cannot open project 'a.tagproj'`); `nil` until a
    /// caller that knows says so.
    public var context: String?

    /// An error for SQLite's `code` and `reason`.
    public init(code: Int32, reason: String, sql: String? = nil, context: String? = nil) {
        self.code = code
        self.reason = reason
        self.sql = sql
        self.context = context
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    /// `context: reason`.
    public var message: String { "\(context ?? "database error"): \(reason)" }

    /// Whether SQLite ran out of memory (its heap limit or the system's).
    public var isOutOfMemory: Bool { primaryCode == SQLITE_NOMEM }

    /// What to do about a damaged, full or read-only project.
    public var advice: String? {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "another tagproj is editing this project; try again"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "the project file is damaged; restore it from a copy"
        case SQLITE_FULL: return "free some disk space and try again"
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return "check the file's and its folder's permissions"
        default: return nil
        }
    }

    /// Busy for a lock, bad data for a damaged or foreign file, missing input when it cannot be
    /// opened, an internal failure when memory ran out, else an I/O error.
    public var meaning: ErrorMeaning {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT, SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_TOOBIG,
             SQLITE_RANGE, SQLITE_ERROR, SQLITE_SCHEMA:
            return .badData
        case SQLITE_CANTOPEN: return .missingInput
        case SQLITE_NOMEM: return .internalFailure
        default: return .io
        }
    }
}
