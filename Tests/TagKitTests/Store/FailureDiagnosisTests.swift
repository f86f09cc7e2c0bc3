import Foundation
import Testing
@testable import TagKit

/// A statement of ours that fails on a project another program changed is reported as the
/// damage behind it, by name; on a sound project the same kind of failure stays the code's own.
@Suite struct FailureDiagnosisTests {
    /// A project with one tag, changed by `sql` through a plain connection (no diagnosis).
    func project(in dir: TemporaryDirectory, changedBy sql: String) throws -> String {
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: FixedWidthMeasurer())
        if !sql.isEmpty { try Database(path: project.path).execute(sql) }
        return project.path
    }

    /// `request` on `path` (adding a tag by default), which must fail with `reason` and leave the
    /// file as it was.
    func expectEditRefused(_ path: String, _ reason: String, _ request: Request = .add(kind: .dish, text: "Tea", at: nil, side: nil)) throws {
        let before = contents(path)
        #expect(throws: ProjectError.damaged(path: path, reason: reason)) {
            try Project.open(path, forWriting: true).perform(request, measurer: FixedWidthMeasurer())
        }
        #expect(contents(path) == before)
    }

    @Test func onASoundProjectOurFailingStatementIsTheCodesOwnFailure() throws {
        let dir = TemporaryDirectory()
        let db = try Project.open(try project(in: dir, changedBy: ""), forWriting: true).store.db
        let unknown = #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT nothing FROM tags") }
        #expect(unknown?.meaning == .internalFailure)
        let check = #expect(throws: SQLiteError.self) { try db.writeTransaction { try db.execute("UPDATE tags SET x = 7") } }
        #expect(check?.meaning == .internalFailure)
    }

    @Test func aDroppedColumnIsDamageWhereverItIsRead() throws {
        let dir = TemporaryDirectory()
        let path = try project(in: dir, changedBy: "ALTER TABLE tags DROP COLUMN label_em")
        let reason = "table tags is not the one tagproj makes (a CHECK or a column differs)"
        #expect(throws: ProjectError.damaged(path: path, reason: reason)) { try Project.open(path, forWriting: false).tags() }
        try expectEditRefused(path, reason)
    }

    @Test func aTableMadeAViewIsDamage() throws {
        let dir = TemporaryDirectory()
        let path = try project(in: dir, changedBy: "CREATE TABLE kept AS SELECT * FROM tags; DROP TABLE tags; CREATE VIEW tags AS SELECT * FROM kept")
        #expect(throws: ProjectError.damaged(path: path, reason: "the schema lacks table tags")) { try Project.open(path, forWriting: false).tags() }
    }

    @Test func aCursorPastEveryEntryIsDamageNotAFailedCheck() throws {
        let dir = TemporaryDirectory()
        let path = try project(in: dir, changedBy: "UPDATE project SET history_cursor = 99")
        try expectEditRefused(path, "the history cursor names entry 99, which does not exist")
    }

    @Test func changesPlantedForTheNextEntryAreDamage() throws {
        let dir = TemporaryDirectory()
        let path = try project(in: dir, changedBy: "INSERT INTO history_changes (seq, tag_id) VALUES (2, 2)")
        try expectEditRefused(path, "the history holds tag changes of entry 2, which does not exist")
    }

    @Test func settingsPlantedForTheNextEntryAreDamage() throws {
        let dir = TemporaryDirectory()
        let path = try project(in: dir, changedBy: """
            INSERT INTO history_settings (seq, before_currency, before_font, before_price_symbol, before_price_space,
                before_decimal_separator, after_currency, after_font, after_price_symbol, after_price_space, after_decimal_separator)
            VALUES (2, '¥', '', 'before', 0, '.', '$', '', 'before', 0, '.')
            """)
        try expectEditRefused(path, "the history holds settings of entry 2, which does not exist", .set(SettingsChange(currency: "$")))
    }
}
