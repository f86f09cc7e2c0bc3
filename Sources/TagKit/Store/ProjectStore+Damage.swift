/// The damage behind a failure SQLite blames on the code: what a project file holds that makes a
/// statement of ours fail.
///
/// The store's statements are written for the schema the migrations make and for rows its own
/// checks accept. A file another program changed can still make one fail, and SQLite then says
/// what it saw, not why: a dropped column or a table made a view is `no such column` or `access
/// to view prohibited` (`SQLITE_ERROR`); a cursor naming an entry the history lacks fails the new
/// entry's parent CHECK, and rows planted for an entry not yet made take its key
/// (`SQLITE_CONSTRAINT`). Each is looked for only after such a failure, so a sound file pays
/// nothing; when none is found, the failure is the code's own and is reported as it is.
extension ProjectStore {
    /// Makes `db` report the damage this file holds behind a failure of its own statements.
    static func diagnoseFailures(of db: Database) {
        db.diagnosis = { [unowned db] _ in ProjectStore(db: db).damageBehindFailure() }
    }

    /// The first damage found that can make a statement of ours fail, or nil (also when the
    /// search itself cannot read the file: the original failure is then reported).
    func damageBehindFailure() -> ProjectError? {
        do {
            guard let problem = try schemaProblems().first ?? historyRowProblem() else { return nil }
            return damaged(problem)
        } catch {
            return nil
        }
    }

    /// A history row the next entry would collide with: the cursor naming an entry the history
    /// lacks, or changes, settings or faces recorded for an entry that does not exist.
    func historyRowProblem() throws -> String? {
        if let cursor = try db.scalar("SELECT history_cursor FROM project WHERE id = 1")?.integer, cursor != 0,
           try db.scalar("SELECT 1 FROM history WHERE seq = ?", [.integer(cursor)]) == nil {
            return tr("the history cursor names entry {cursor}, which does not exist", ["cursor": cursor])
        }
        for table in ["history_changes", "history_settings", "history_fonts"] {
            if let seq = try db.scalar("SELECT seq FROM \(table) WHERE seq NOT IN (SELECT seq FROM history) LIMIT 1")?.integer {
                switch table {
                case "history_changes": return tr("the history holds tag changes of entry {seq}, which does not exist", ["seq": seq])
                case "history_settings": return tr("the history holds settings of entry {seq}, which does not exist", ["seq": seq])
                default: return tr("the history holds faces of entry {seq}, which does not exist", ["seq": seq])
                }
            }
        }
        return nil
    }
}
