import CShims

/// Brings a project file's schema up to date with the SQL of `Schema/`, embedded in the binary.
///
/// Migration *n* is `Schema/00n-*.sql`. Each runs in its own `BEGIN IMMEDIATE` transaction that also
/// sets `PRAGMA user_version = n`, so a file is always at exactly one version. Shipped migrations are
/// never edited.
public enum Migrator {
    /// The schema version this build writes.
    public static var latestVersion: Int { Int(tp_schema_count()) }

    /// The SQL of migration `version` (1-based).
    public static func sql(forVersion version: Int) -> String {
        String(cString: tp_schema_sql(Int32(version - 1))!)
    }

    /// Applies every migration after the file's current version, in order.
    /// Refuses a file from a newer tagproj without touching it.
    public static func migrate(_ db: Database) throws { try migrate(db, to: latestVersion) }

    /// Applies the migrations after the file's current version up to `target`.
    static func migrate(_ db: Database, to target: Int) throws {
        var version = try currentVersion(db)
        guard version <= latestVersion else { throw ProjectError.newerVersion(path: db.path, version: version) }
        while version < target {
            version += 1
            try db.writeTransaction {
                try db.execute(sql(forVersion: version))
                try db.execute("PRAGMA user_version = \(version)")
            }
        }
    }

    /// `PRAGMA user_version` of the open file.
    static func currentVersion(_ db: Database) throws -> Int {
        Int(try db.scalar("PRAGMA user_version")?.integer ?? 0)
    }
}
