/// The 100-byte SQLite header of a project file, checked before SQLite opens it
/// (<https://sqlite.org/fileformat2.html#the_database_header>).
enum ProjectHeader {
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// What the header says of a project this build can read.
    struct Summary {
        /// The schema version (`PRAGMA user_version`).
        var version: Int
        /// Whether the file is in WAL mode (its read and write versions 2): a project written
        /// by another program, which tagproj puts back to a rollback journal when it writes.
        var wal: Bool
    }

    /// Checks that `path` is a tagproj project this build can read. Only a regular file is read:
    /// a FIFO or a device named as a project is refused without being opened.
    static func check(_ path: String) throws -> Summary {
        guard FileIO.exists(path) else { throw ProjectError.missing(path: path) }
        guard FileIO.isRegularFile(path) else { throw ProjectError.notSQLite(path: path) }
        let header = try Database.readPrefix(of: path, count: 100)
        guard isSQLite(header) else { throw ProjectError.notSQLite(path: path) }
        guard bigEndian(header, at: 68) == Project.applicationID else { throw ProjectError.notATagproj(path: path) }
        let version = Int(Int32(bitPattern: bigEndian(header, at: 60)))
        guard version >= 1 else { throw ProjectError.notATagproj(path: path) }
        guard version <= Migrator.latestVersion else { throw ProjectError.newerVersion(path: path, version: version) }
        return Summary(version: version, wal: header[18] == 2 || header[19] == 2)
    }

    /// What is at `path`, where a project is to be written; nil when nothing is. Only the first
    /// bytes of a file are read: the SQLite header and its application id, or an image's magic.
    static func occupant(of path: String) throws -> ExistingFile? {
        guard FileIO.exists(path) else { return nil }
        if FileIO.isDirectory(path) { return .folder }
        guard FileIO.isRegularFile(path) else { return .other }
        let prefix = try Database.readPrefix(of: path, count: 512)
        if isSQLite(prefix) { return bigEndian(prefix, at: 68) == Project.applicationID ? .project : .sqliteDatabase }
        if let format = prefix.withUnsafeBytes({ ImageProbe.format(of: $0) }) { return .image(format) }
        return .other
    }

    private static func isSQLite(_ header: [UInt8]) -> Bool {
        header.count >= 100 && Array(header[0..<16]) == magic
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// What already exists where a project is to be created. Only a tagproj project may be replaced
/// (with `force`); anything else is refused as `ProjectError.occupied`.
public enum ExistingFile: Equatable, Sendable {
    /// A tagproj project (of any schema version).
    case project
    /// A folder.
    case folder
    /// An SQLite database of another program.
    case sqliteDatabase
    /// An image, recognised by its first bytes.
    case image(ImageFormat)
    /// Any other file.
    case other
}
