import CSQLite
import Foundation
import Testing
@testable import TagKit

/// What SQLite's failures mean, driven for real through the database wrapper: a statement of ours
/// that SQLite refuses is the code's own failure, a damaged or foreign file is bad data, a lock is
/// busy, a file that may not be written is I/O.
@Suite struct SQLiteErrorMeaningTests {
    /// A scratch database with one table whose CHECK and key our statements can break.
    func scratch() throws -> Database {
        let db = try Database(path: ":memory:", create: true)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL CHECK (n > 0))")
        return db
    }

    /// The SQLite error `body` throws.
    func failure(_ body: () throws -> Void) -> SQLiteError? {
        #expect(throws: SQLiteError.self) { try body() }
    }

    @Test func aConstraintOurStatementBreaksIsAnInternalFailure() throws {
        let db = try scratch()
        let check = failure { try db.prepare("INSERT INTO t (id, n) VALUES (1, 0)").run() }
        #expect(check?.primaryCode == SQLITE_CONSTRAINT && check?.meaning == .internalFailure)
        try db.execute("INSERT INTO t (id, n) VALUES (1, 1)")
        let key = failure { try db.execute("INSERT INTO t (id, n) VALUES (1, 2)") }
        #expect(key?.primaryCode == SQLITE_CONSTRAINT && key?.meaning == .internalFailure)
        #expect(key?.advice == nil, "no advice to restore the file from a copy")
    }

    @Test func aStatementSQLiteCannotCompileIsAnInternalFailure() throws {
        let error = failure { _ = try scratch().prepare("SELECT nothing FROM nowhere") }
        #expect(error?.primaryCode == SQLITE_ERROR && error?.meaning == .internalFailure)
    }

    @Test func bindingMoreValuesThanTheStatementTakesIsAnInternalFailure() throws {
        let error = failure { _ = try scratch().prepare("SELECT ?", [.integer(1), .integer(2)]) }
        #expect(error?.primaryCode == SQLITE_RANGE && error?.meaning == .internalFailure)
    }

    @Test func textForAnIntegerKeyIsAnInternalFailure() throws {
        let error = failure { try scratch().prepare("INSERT INTO t (id, n) VALUES ('one', 1)").run() }
        #expect(error?.primaryCode == SQLITE_MISMATCH && error?.meaning == .internalFailure)
    }

    @Test func aDamagedPageIsBadData() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        let (page, size) = try { () throws -> (Int64, Int64) in
            let db = try Database(path: path, readOnly: true)
            return (try db.scalar("SELECT rootpage FROM sqlite_master WHERE name = 'tags'")!.integer!, try db.scalar("PRAGMA page_size")!.integer!)
        }()
        var bytes = contents(path)!
        for i in Int((page - 1) * size)..<Int(page * size) { bytes[i] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = failure { _ = try Database(path: path, readOnly: true).prepare("SELECT * FROM tags").map { _ in 0 } }
        #expect(error?.primaryCode == SQLITE_CORRUPT && error?.meaning == .badData)
    }

    @Test func aFileThatIsNotADatabaseIsBadData() throws {
        let dir = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.file("notes.txt"), contents: Data(repeating: 0x41, count: 4096)))
        let error = failure { _ = try Database(path: dir.file("notes.txt"), readOnly: true).scalar("SELECT count(*) FROM sqlite_master") }
        #expect(error?.primaryCode == SQLITE_NOTADB && error?.meaning == .badData)
    }

    @Test func aLockHeldTooLongIsBusy() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        let holder = try Database(path: path)
        try holder.execute("BEGIN EXCLUSIVE")
        let error = failure { try Database(path: path, busyTimeoutMS: 20).execute("BEGIN IMMEDIATE") }
        #expect(error?.primaryCode == SQLITE_BUSY && error?.meaning == .busy)
        try holder.execute("ROLLBACK")
    }

    @Test func writingThroughAReadOnlyConnectionIsIO() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        let error = failure { try Database(path: path, readOnly: true).execute("UPDATE project SET font = font") }
        #expect(error?.primaryCode == SQLITE_READONLY && error?.meaning == .io)
    }

    @Test(arguments: [
        (SQLITE_BUSY, ErrorMeaning.busy), (SQLITE_LOCKED, .busy),
        (SQLITE_CORRUPT, .badData), (SQLITE_NOTADB, .badData), (SQLITE_TOOBIG, .badData),
        (SQLITE_CANTOPEN, .missingInput),
        (SQLITE_IOERR, .io), (SQLITE_FULL, .io), (SQLITE_READONLY, .io), (SQLITE_PERM, .io),
        (SQLITE_ERROR, .internalFailure), (SQLITE_CONSTRAINT, .internalFailure), (SQLITE_RANGE, .internalFailure),
        (SQLITE_MISUSE, .internalFailure), (SQLITE_MISMATCH, .internalFailure), (SQLITE_SCHEMA, .internalFailure),
        (SQLITE_INTERNAL, .internalFailure), (SQLITE_NOMEM, .internalFailure),
    ])
    func aResultCodeMeansTheSameWhicheverExtendedCodeCarriesIt(_ code: Int32, _ meaning: ErrorMeaning) {
        #expect(SQLiteError(code: code, reason: "").meaning == meaning)
        #expect(SQLiteError(code: code | (2 << 8), reason: "").meaning == meaning, "the extended code of the same primary")
    }
}
