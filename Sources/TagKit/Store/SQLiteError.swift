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
    /// What we were doing, for the message (`cannot open project 'a.tagproj'`).
    public var context: String

    public init(code: Int32, reason: String, sql: String? = nil, context: String = "database error") {
        self.code = code
        self.reason = reason
        self.sql = sql
        self.context = context
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    public var message: String { "\(context): \(reason)" }

    public var hint: String? {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return "another tagproj is editing this project; try again, or raise TAGPROJ_BUSY_TIMEOUT_MS"
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return "the project file is damaged; restore it from a copy"
        case SQLITE_FULL: return "free some disk space and try again"
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return "check the file's and its folder's permissions"
        default: return nil
        }
    }

    public var exitCode: ExitCode {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT, SQLITE_CONSTRAINT, SQLITE_MISMATCH, SQLITE_TOOBIG,
             SQLITE_RANGE, SQLITE_ERROR, SQLITE_SCHEMA:
            return .dataError
        case SQLITE_CANTOPEN: return .noInput
        default: return .ioError
        }
    }
}
