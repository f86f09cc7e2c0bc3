/// The file as a whole: its counts, its schema against the one tagproj makes, and SQLite's own
/// check (see `ProjectStore`).
extension ProjectStore {
    /// How many tags and history entries there are (two index counts).
    func counts() throws -> (tags: Int, historyEntries: Int) {
        (Int(try db.scalar("SELECT count(*) FROM tags")?.integer ?? 0),
         Int(try db.scalar("SELECT count(*) FROM history")?.integer ?? 0))
    }

    /// The schema version of the file (`PRAGMA user_version`).
    func schemaVersion() throws -> Int { try Migrator.currentVersion(db) }

    /// The tables and indexes the migrations make, each with its SQL, that the file lacks or holds
    /// in another form: a table without the migrations' CHECKs holds any row, since SQLite checks a
    /// CHECK only when a row is written. Compared with a fresh in-memory database brought to the
    /// file's own version by the same migrations (extra objects, such as a planted trigger, never
    /// run on tagproj's connection and are not counted here).
    func schemaProblems() throws -> [String] {
        let version = try Migrator.currentVersion(db)
        let reference = try Database(path: ":memory:", create: true)
        try Migrator.migrate(reference, to: version)
        func objects(_ db: Database) throws -> [String: String] {
            let rows = try db.prepare("SELECT type || ' ' || name, sql FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL")
                .map { ($0.value(0).text ?? "", $0.value(1).text ?? "") }
            return Dictionary(rows.map { ($0.0, $0.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }) { first, _ in first }
        }
        let expected = try objects(reference), found = try objects(db)
        return expected.keys.sorted().compactMap { key in
            guard let sql = found[key] else { return tr("the schema lacks {key}", ["key": key]) }
            return sql == expected[key] ? nil : tr("{key} is not the one tagproj makes (a CHECK or a column differs)", ["key": key])
        }
    }

    /// SQLite's `quick_check`: nil when the file's structure is sound, else its first problems
    /// (a page so damaged that the check itself stops is one of them).
    func quickCheck() throws -> String? {
        var results: [String] = []
        do {
            let s = try db.prepare("PRAGMA quick_check")
            while try s.step() { results.append(s.value(0).text ?? "") }
        } catch let error as SQLiteError where error.meaning == .badData {
            results.append(error.reason)
        }
        return results == ["ok"] ? nil : results.prefix(3).joined(separator: "; ")
    }
}
