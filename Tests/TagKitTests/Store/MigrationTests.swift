import CSQLite
import Foundation
import Testing
@testable import TagKit

/// Projects written by an older tagproj open as they were: the migrations keep every row.
@Suite struct MigrationTests {
    /// A copy of the committed version-1 project, as a user's old file.
    func oldProject(in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("old.tagproj")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/projects/schema-v1.tagproj"), toPath: path)
        return path
    }

    func rows(_ path: String, _ sql: String) throws -> [[SQLValue]] {
        let db = try Database(path: path, readOnly: true)
        let statement = try db.prepare(sql)
        let columns = sqlite3_column_count(statement.handle)
        return try statement.map { row in (0..<columns).map { row.value($0) } }
    }

    @Test func aVersion1ProjectOpensWithItsTagsSourceAndHistoryUnchanged() throws {
        let dir = TemporaryDirectory()
        let path = try oldProject(in: dir)
        let sourceSQL = "SELECT * FROM source"
        let before = try (rows(path, sourceSQL), rows(path, "SELECT * FROM tags ORDER BY id"),
                          rows(path, "SELECT seq, label FROM history ORDER BY seq"), rows(path, "SELECT bytes FROM source_bytes"))
        #expect(try rows(path, "PRAGMA user_version") == [[.integer(1)]])
        let project = try Project.open(path, forWriting: false)
        #expect(try project.tags().map(\.text) == ["Soup", "12"])
        #expect(try rows(path, "PRAGMA user_version") == [[.integer(Int64(Migrator.latestVersion))]])
        // The row is as it was; version 7 added the photo's file name, unknown for an old project.
        #expect(try rows(path, sourceSQL).map { Array($0.dropLast()) } == before.0)
        #expect(try rows(path, "SELECT file_name FROM source") == [[.null]])
        // Version 8 added a dish's price: none in an old project.
        #expect(try rows(path, "SELECT * FROM tags ORDER BY id").map { Array($0.dropLast()) } == before.1)
        #expect(try rows(path, "SELECT DISTINCT price FROM tags") == [[.null]])
        #expect(try rows(path, "SELECT seq, label FROM history ORDER BY seq") == before.2)
        // The linear history became a chain: each entry on top of the one before.
        #expect(try rows(path, "SELECT count(*) FROM history WHERE parent != seq - 1") == [[.integer(0)]])
        #expect(try rows(path, "SELECT bytes FROM source_bytes") == before.3)
        #expect(try rows(path, "PRAGMA integrity_check") == [[.text("ok")]])
    }

    @Test func afterMigrationTheSourceTableAcceptsTheNewFormatsAndStillChecksTheRest() throws {
        let dir = TemporaryDirectory()
        let path = try oldProject(in: dir)
        _ = try Project.open(path, forWriting: true)
        let db = try Database(path: path)
        for format in ["webp", "heic", "avif", "jpeg", "png"] {
            try db.execute("UPDATE source SET format = '\(format)'")
        }
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE source SET format = 'gif'") }
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE source SET orientation = 9") }
    }
}

/// A project written by the last linear-history tagproj (schema version 3): four edits, a `set`,
/// and an undone `flip` as its redo tail.
@Suite struct HistoryTreeMigrationTests {
    @Test func aVersion3HistoryBecomesAChainAndItsRedoTailStillRedoes() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v3.tagproj")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/projects/schema-v3.tagproj"), toPath: path)
        let project = try Project.open(path, forWriting: true, frontEnd: "cli")
        let tree = try project.historyTree()
        #expect(tree.items.map(\.parent) == [0, 1, 2, 3, 4, 5] && tree.cursor == 5)
        #expect(tree.items.map(\.undone) == [false, false, false, false, false, true])
        #expect(tree.items.allSatisfy { $0.origin == EntryOrigin(timeMS: nil, user: nil, frontEnd: nil, session: nil) })
        try project.check()
        #expect(try project.tags().map(\.side) == [.right, .left] && project.settings().currency == "$")
        #expect(try project.redo().labels == ["flip #2"])
        #expect(try project.tags().map(\.side) == [.right, .right])
        // Undo to before the set, then a new edit: the old entries 5 and 6 stay as a branch.
        _ = try project.undo(steps: 2)
        #expect(try project.settings().currency == "¥")
        _ = try project.perform(.flip(TagID(1)))
        let after = try project.historyTree()
        #expect(after.items.map(\.seq) == [1, 2, 3, 4, 5, 6, 7] && after.items.last?.parent == 4)
        #expect(after.items.last?.origin.frontEnd == "cli" && after.items.last?.origin.timeMS != nil)
        try project.check()
        #expect(try Migrator.currentVersion(project.store.db) == Migrator.latestVersion)
    }
}

extension MigrationTests {
    @Test func aVersion1ProjectOpensWithTagScale1AndTakesANewOne() throws {
        let dir = TemporaryDirectory()
        let path = try oldProject(in: dir)
        let project = try Project.open(path, forWriting: true)
        #expect(try project.settings().tagScale == 1)
        let before = try project.tags()
        _ = try project.perform(.set(SettingsChange(tagScale: 0.5)))
        #expect(try project.settings().tagScale == 0.5 && project.tags() == before, "a smaller scale fits wherever a larger one did")
        _ = try project.undo()
        #expect(try project.settings().tagScale == 1)
        #expect(try rows(path, "SELECT before_tag_scale, after_tag_scale FROM history_settings") == [[.real(1), .real(0.5)]])
    }
}

extension MigrationTests {
    @Test func anOldProjectsTagsAndHistoryCarryNoPriceAndADishMayTakeOneThatUndoTakesBack() throws {
        let dir = TemporaryDirectory()
        let path = try oldProject(in: dir)
        let project = try Project.open(path, forWriting: true)
        let old = try project.tags()
        #expect(!old.isEmpty && old.allSatisfy { $0.price == nil })
        #expect(try rows(path, "SELECT count(*) FROM history_changes WHERE before_price IS NOT NULL OR after_price IS NOT NULL") == [[.integer(0)]])
        try project.check()
        let dish = try #require(old.first { $0.kind == .dish })
        _ = try project.perform(.edit(dish.id, text: nil, price: .set("38")), measurer: FixedWidthMeasurer())
        #expect(try project.tags().first { $0.id == dish.id }?.price == "38")
        #expect(try rows(path, "SELECT price FROM tags WHERE id = \(dish.id.rawValue)") == [[.text("38")]])
        #expect(try rows(path, "SELECT before_price, after_price FROM history_changes ORDER BY seq DESC LIMIT 1") == [[.null, .text("38")]])
        try project.check()
        _ = try project.undo()
        #expect(try project.tags() == old)
        try project.check()
    }
}

extension MigrationTests {
    @Test func anOldProjectIsInTheUndeterminedLanguageAndTakesOneThatUndoTakesBack() throws {
        let dir = TemporaryDirectory()
        let path = try oldProject(in: dir)
        let project = try Project.open(path, forWriting: true)
        #expect(try project.settings().language == .undetermined)
        #expect(try project.settingOrigins().language == .unknown)
        #expect(try rows(path, "SELECT language, language_origin FROM project") == [[.text("und"), .null]])
        _ = try project.perform(.set(SettingsChange(currency: "$")), measurer: FixedWidthMeasurer())
        _ = try project.perform(.set(SettingsChange(language: "ja")), measurer: FixedWidthMeasurer())
        #expect(try project.settings().language.tag == "ja")
        #expect(try project.settingOrigins().language == .entry(seq: 5, label: "set language ja"))
        #expect(try rows(path, "SELECT before_language, after_language FROM history_settings ORDER BY seq")
            == [[.text("und"), .text("und")], [.text("und"), .text("ja")]])
        try project.check()
        _ = try project.undo()
        #expect(try project.settings().language == .undetermined && project.settings().currency == "$")
        try project.check()
        try Database(path: path).execute("UPDATE project SET language = 'Chinese'")
        #expect(throws: ProjectError.self) { try project.settings() }
    }

    @Test func aVersion3ProjectKeepsItsPriceFormatGroupsNoThousandsAndMayStartGroupingThem() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("v3.tagproj")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/projects/schema-v3.tagproj"), toPath: path)
        let stored = try rows(path, "SELECT currency, price_symbol, price_space, decimal_separator FROM project")
        let project = try Project.open(path, forWriting: true)
        let settings = try project.settings()
        let format = settings.priceFormat
        #expect(stored == [[.text(settings.currency), .text(format.symbol.rawValue), .integer(format.spaced ? 1 : 0), .text(String(format.decimalSeparator))]])
        #expect(format.groupingSeparator == nil && settings.currency == "$")
        // Version 14 added the grouping: none in the project, and none before or after its `set`.
        #expect(try rows(path, "SELECT grouping_separator FROM project") == [[.text("")]])
        #expect(try rows(path, "SELECT DISTINCT before_grouping_separator, after_grouping_separator FROM history_settings") == [[.text(""), .text("")]])
        try project.check()
        _ = try project.perform(.set(SettingsChange(priceFormat: "$1,280.00")), measurer: FixedWidthMeasurer())
        #expect(try project.settings().priceFormat == PriceFormat(groupingSeparator: ","))
        #expect(try rows(path, "SELECT grouping_separator FROM project") == [[.text(",")]])
        try project.check()
        _ = try project.undo()
        #expect(try project.settings() == settings)
        try project.check()
    }
}
