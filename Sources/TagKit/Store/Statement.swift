import CSQLite

/// A value going into or coming out of SQLite.
public enum SQLValue: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob([UInt8])

    /// The value as an integer, if it is one.
    public var integer: Int64? { if case .integer(let v) = self { return v } else { return nil } }
    /// The value as a double, if it is numeric.
    public var real: Double? {
        switch self {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: return nil
        }
    }
    /// The value as text, if it is text.
    public var text: String? { if case .text(let v) = self { return v } else { return nil } }
    /// The value as bytes, if it is a blob.
    public var blob: [UInt8]? { if case .blob(let v) = self { return v } else { return nil } }
}

/// A compiled statement (`sqlite3_stmt`), finalized in `deinit`.
public final class Statement {
    let handle: OpaquePointer
    private let database: Database
    /// The statement's SQL, for error messages.
    public let sql: String

    init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw database.lastError(sql: sql) }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `arguments` to the statement's parameters, in order.
    func bind(_ arguments: [SQLValue]) throws {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, transient)
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob64(handle, index, $0.baseAddress, sqlite3_uint64($0.count), transient) }
            }
            guard rc == SQLITE_OK else { throw database.lastError(sql: sql) }
        }
    }

    /// Advances to the next row: true when a row is ready, false when done.
    @discardableResult
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError(sql: sql)
        }
    }

    /// Runs the statement to completion.
    public func run() throws { while try step() {} }

    /// The value of column `index` of the current row.
    public func value(_ index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(handle, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    /// Every remaining row, each mapped by `row`.
    public func map<T>(_ row: (Statement) throws -> T) throws -> [T] {
        var rows: [T] = []
        while try step() { rows.append(try row(self)) }
        return rows
    }
}

extension Statement {
    /// Resets the statement so it can run again with new bindings.
    func reset() throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }
}
