import CShims
import CSQLite

/// One SQLite connection, opened defensively, owned by this object and closed in `deinit`.
///
/// Every project file is untrusted input: the connection turns on defensive mode, turns off
/// triggers, views and `trusted_schema`, and caps string/blob length, so a crafted file can neither
/// run code nor exhaust memory (<https://sqlite.org/security.html>).
public final class Database {
    /// The C handle; valid for the object's life.
    let handle: OpaquePointer
    /// The file this connection has open.
    public let path: String

    /// What the file explains of a failure that SQLite blames on the code: given an error whose
    /// meaning is an internal failure (a statement refused, a constraint failed), the error to
    /// report instead when the file, not the code, is at fault (a project another program
    /// changed), or nil to report it as it is. Set by the owner that knows what the file should
    /// hold (`ProjectStore.open`); asked only after such a failure, outside any transaction, and
    /// never about a failure of its own queries.
    var diagnosis: ((SQLiteError) -> (any Error)?)?
    /// True while `diagnosis` runs, so that a failure of its own queries is reported as it is.
    private var diagnosing = false

    /// The largest string or blob a project may hold (the source photo is the biggest): 256 MiB.
    public static let maximumBlobLength: Int32 = 256 << 20

    /// The most memory SQLite may hold at once in this process, whatever a file asks for: 640 MiB.
    ///
    /// Storing the largest photo needs it twice (the bound copy and the record being written), so
    /// the cap is two and a half blob limits; a crafted file that makes SQLite allocate more (a huge
    /// sort, a deep recursive query) fails with SQLITE_NOMEM instead of exhausting the machine
    /// (<https://sqlite.org/c3ref/hard_heap_limit64.html>).
    public static let heapLimit: Int64 = 640 << 20

    /// Sets `heapLimit` once per process, before the first connection opens. SQLite's limit is
    /// process-wide; a program that linked TagKit and set a lower one keeps its own.
    private static let heapLimitInForce: Int64 = {
        let current = sqlite3_hard_heap_limit64(-1)
        if current == 0 || current > heapLimit { sqlite3_hard_heap_limit64(heapLimit) }
        return sqlite3_hard_heap_limit64(-1)
    }()

    /// Opens `path`; `create` also creates a missing file. Fails with the reason SQLite gives.
    public init(path: String, readOnly: Bool = false, create: Bool = false, busyTimeoutMS: Int32 = 5000) throws {
        _ = Database.heapLimitInForce
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard let db else {
            throw SQLiteError(code: rc, reason: String(cString: sqlite3_errstr(rc)), context: tr("cannot open '{path}'", ["path": path]))
        }
        self.handle = db
        self.path = path
        guard rc == SQLITE_OK else {
            throw SQLiteError(code: rc, reason: String(cString: sqlite3_errmsg(db)), context: tr("cannot open '{path}'", ["path": path]))
        }
        try harden()
        sqlite3_busy_timeout(db, busyTimeoutMS)
    }

    deinit { sqlite3_close_v2(handle) }

    private func harden() throws {
        let settings: [(Int32, Int32)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
            (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0),
            (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
            (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0),
        ]
        for (op, on) in settings {
            var now: Int32 = -1
            let rc = tp_sqlite_db_config_flag(handle, op, on, &now)
            guard rc == SQLITE_OK, now == on else {
                throw SQLiteError(code: rc == SQLITE_OK ? SQLITE_ERROR : rc,
                                  reason: "could not set sqlite3_db_config option \(op)", context: tr("cannot open '{path}'", ["path": path]))
            }
        }
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Database.maximumBlobLength)
        sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 1 << 20)
        sqlite3_limit(handle, SQLITE_LIMIT_COLUMN, 100)
        sqlite3_limit(handle, SQLITE_LIMIT_EXPR_DEPTH, 100)
        sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let reason = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(error)
            throw explained(SQLiteError(code: sqlite3_extended_errcode(handle), reason: reason, sql: sql))
        }
    }

    /// Compiles `sql` into a statement bound to `arguments`.
    public func prepare(_ sql: String, _ arguments: [SQLValue] = []) throws -> Statement {
        let statement = try Statement(database: self, sql: sql)
        try statement.bind(arguments)
        return statement
    }

    /// The first column of the first row of `sql`, or nil when there is no row.
    public func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLValue? {
        let statement = try prepare(sql, arguments)
        return try statement.step() ? statement.value(0) : nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    ///
    /// IMMEDIATE takes the write lock before reading, so two processes editing one project queue
    /// up behind the busy timeout instead of losing an edit.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch var error as SQLiteError {
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            // A full disk or a read-only file surfaces here; name the file it is about.
            if error.context == nil { error.context = tr("cannot change '{path}'", ["path": path]) }
            throw explained(error)
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` inside one read transaction (`BEGIN DEFERRED`), so that several reads see one
    /// state of the file even while another process writes.
    public func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        do {
            defer { if sqlite3_get_autocommit(handle) == 0 { try? execute("COMMIT") } }
            return try body()
        } catch let error as SQLiteError {
            throw explained(error)
        }
    }

    /// The error to throw for the last call on this connection: SQLite's, or what `diagnosis`
    /// finds behind it.
    func lastError(sql: String?) -> any Error {
        explained(SQLiteError(code: sqlite3_extended_errcode(handle), reason: String(cString: sqlite3_errmsg(handle)), sql: sql))
    }

    /// `error`, or what `diagnosis` finds behind it when SQLite blames the code (memory running
    /// out says nothing about the file and is not asked about). Asked only outside a transaction,
    /// where the file reads as it was committed, not as the failed change left it: inside one, the
    /// error passes up to `writeTransaction` or `readTransaction`, which ask once it has ended.
    private func explained(_ error: SQLiteError) -> any Error {
        guard error.meaning == .internalFailure, !error.isOutOfMemory, let diagnosis, !diagnosing,
              sqlite3_get_autocommit(handle) != 0 else { return error }
        diagnosing = true
        defer { diagnosing = false }
        return diagnosis(error) ?? error
    }
}

extension Database {
    /// The whole blob in `table.column` of row `row`, read with `sqlite3_blob_read` into a single
    /// array (<https://sqlite.org/c3ref/blob_open.html>) through a `BlobReader`, whose read
    /// transaction ends before this returns. Refuses a blob longer than `limit`.
    func readBlob(table: String, column: String, row: Int64, limit: Int) throws -> [UInt8] {
        try readBlob(table: table, column: column, row: row, limit: limit) { count, read in
            try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                try read(UnsafeMutableRawBufferPointer(buffer))
                initialized = count
            }
        }
    }

    /// Reads a blob into memory that `make` allocates: `make(count, read)` calls `read` once with
    /// a buffer of `count` bytes, which `read` fills from the blob (or throws).
    func readBlob<Bytes>(table: String, column: String, row: Int64, limit: Int,
                         into make: (Int, (UnsafeMutableRawBufferPointer) throws -> Void) throws -> Bytes) throws -> Bytes {
        let blob = try BlobReader(self, table: table, column: column, row: row, limit: limit)
        defer { blob.close() }
        return try make(blob.count) { buffer in _ = try blob.read(into: buffer) }
    }
}
