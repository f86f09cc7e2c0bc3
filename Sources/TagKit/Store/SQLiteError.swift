import CSQLite

/// A failure reported by SQLite: its result code, its message, and the SQL that was running.
///
/// See <https://sqlite.org/rescode.html>. Its meaning follows what the result code says about the
/// file, not which statement was running: a lock is busy, a file SQLite finds damaged or not a
/// database is bad data, a full disk or a file that may not be written is I/O, and a statement of
/// ours that SQLite refuses (`SQLITE_ERROR`, a constraint, a bad binding) is the code's own
/// failure. Where a file another program changed is what makes our statement fail (a column it
/// dropped, a row it planted), the connection's owner says so (`Database.diagnosis`) and reports
/// the damage instead.
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
    public var message: String {
        // TRANSLATORS: {context} says what was being done (cannot open project 'a.tagproj'); {reason} is SQLite's own words.
        tr("{context}: {reason}", ["context": context ?? tr("database error"), "reason": reason])
    }

    /// Whether SQLite ran out of memory (its heap limit or the system's).
    public var isOutOfMemory: Bool { primaryCode == SQLITE_NOMEM }

    /// What to do about a damaged, full or read-only project.
    public var advice: String? {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return tr("another tagproj is editing this project; try again")
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return tr("the project file is damaged; restore it from a copy")
        case SQLITE_FULL: return tr("free some disk space and try again")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return tr("check the file's and its folder's permissions")
        default: return nil
        }
    }

    /// Busy for a lock; bad data for a damaged file, a file that is not a database, or a value
    /// past the length limits (`SQLITE_TOOBIG`: only a value read from a file, or an input too
    /// large to store, reaches them); missing input when the file cannot be opened; I/O for the
    /// disk, the file's permissions and the system's locks; an internal failure for everything
    /// else: SQLite refusing a statement the code wrote (`SQLITE_ERROR`, `CONSTRAINT`, `RANGE`,
    /// `MISMATCH`, `MISUSE`, `SCHEMA`…) or running out of memory.
    public var meaning: ErrorMeaning {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_TOOBIG: return .badData
        case SQLITE_CANTOPEN: return .missingInput
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH, SQLITE_PROTOCOL, SQLITE_NOLFS: return .io
        default: return .internalFailure
        }
    }
}
