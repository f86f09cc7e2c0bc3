import CShims
import CSQLite

/// One blob read a piece at a time (`sqlite3_blob_read`,
/// <https://sqlite.org/c3ref/blob_open.html>), inside a read transaction that lasts until `close()`.
///
/// While it is open the connection holds the file's shared lock, so a writer in another process
/// waits (up to its busy timeout) to commit: close it as soon as the bytes are no longer needed.
/// The pages read are given back as they go, so SQLite's page cache does not grow beside the
/// caller's own copy of the bytes.
final class BlobReader {
    private let db: Database
    private var blob: OpaquePointer?
    private let ownsTransaction: Bool
    private let name: String
    /// The blob's length in bytes.
    let count: Int
    /// Where the next `read(into:)` starts.
    var position = 0

    /// Opens `table.column` of row `row`, refusing a blob that is empty or longer than `limit`.
    ///
    /// The read lock is taken first by an ordinary statement that does not touch the blob:
    /// `sqlite3_blob_open` reports a lock it cannot get as a generic SQLITE_ERROR, while the
    /// statement reports SQLITE_BUSY after the busy timeout, as every other read does.
    init(_ db: Database, table: String, column: String, row: Int64, limit: Int) throws {
        let name = "blob \(table).\(column) row \(row)"
        let owns = sqlite3_get_autocommit(db.handle) != 0
        if owns { try db.execute("BEGIN") }
        var opened: OpaquePointer?
        do {
            _ = try db.scalar("SELECT 1 FROM \(table) WHERE rowid = ?", [.integer(row)])
            guard sqlite3_blob_open(db.handle, "main", table, column, row, 0, &opened) == SQLITE_OK, opened != nil else {
                throw db.lastError(sql: name)
            }
            let count = Int(sqlite3_blob_bytes(opened))
            guard count > 0, count <= limit else {
                throw SQLiteError(code: SQLITE_TOOBIG, reason: tr("the blob is {count} bytes long", ["count": count]), context: tr("cannot read {column}", ["column": "\(table).\(column)"]))
            }
            self.count = count
        } catch {
            if let opened { sqlite3_blob_close(opened) }
            if owns && sqlite3_get_autocommit(db.handle) == 0 { try? db.execute("COMMIT") }
            throw error
        }
        self.db = db
        self.name = name
        self.blob = opened
        ownsTransaction = owns
    }

    deinit { close() }

    /// Reads the next bytes into `buffer`, as many as fit and remain; returns how many (0 at the end).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let n = try read(into: buffer, at: position)
        position += n
        return n
    }

    /// Reads the bytes from `offset` into `buffer`, as many as fit and remain; returns how many
    /// (0 at the end). `position` is left alone.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        guard let blob else { return 0 }
        let n = min(buffer.count, count - offset)
        guard n > 0 else { return 0 }
        guard sqlite3_blob_read(blob, buffer.baseAddress, Int32(n), Int32(offset)) == SQLITE_OK else {
            throw db.lastError(sql: name)
        }
        // The blob's overflow pages are not read again: give them back at once.
        tp_sqlite_release_memory(db.handle)
        return n
    }

    /// A reader of the blob from `offset` on, with a position of its own (for a second pass).
    func pieces(from offset: Int = 0) -> (UnsafeMutableRawBufferPointer) throws -> Int {
        var next = offset
        return { buffer in
            let n = try self.read(into: buffer, at: next)
            next += n
            return n
        }
    }

    /// Closes the blob and ends the read transaction it opened; later reads return 0. Idempotent.
    func close() {
        if let blob { sqlite3_blob_close(blob) }
        blob = nil
        if ownsTransaction && sqlite3_get_autocommit(db.handle) == 0 { try? db.execute("COMMIT") }
    }
}
