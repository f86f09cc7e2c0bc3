/// The 100-byte SQLite header of a project file, checked before SQLite opens it
/// (<https://sqlite.org/fileformat2.html#the_database_header>).
enum ProjectHeader {
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Checks that `path` is a tagproj project this build can read; returns its schema version.
    static func check(_ path: String) throws -> Int {
        guard FileIO.exists(path) else { throw ProjectError.missing(path: path) }
        guard !FileIO.isDirectory(path) else { throw ProjectError.notSQLite(path: path) }
        let header = try FileIO.readPrefix(path, count: 100)
        guard header.count == 100, Array(header[0..<16]) == magic else { throw ProjectError.notSQLite(path: path) }
        guard bigEndian(header, at: 68) == Project.applicationID else { throw ProjectError.notATagproj(path: path) }
        let version = Int(Int32(bitPattern: bigEndian(header, at: 60)))
        guard version >= 1 else { throw ProjectError.notATagproj(path: path) }
        guard version <= Migrator.latestVersion else { throw ProjectError.newerVersion(path: path, version: version) }
        return version
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
