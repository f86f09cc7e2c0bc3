import CSQLite
import Foundation
import Testing
@testable import TagKit

@Suite struct StoreTests {
    @Test func embeddedMigrationsAreTheSchemaFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("Schema"))
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files.count == Migrator.latestVersion)
        for (offset, file) in files.enumerated() {
            // Migration n is Schema/00n-*.sql, embedded n-th.
            #expect(file.hasPrefix(String(1000 + offset + 1).dropFirst() + "-"))
            let text = try String(contentsOfFile: Fixtures.path("Schema/" + file), encoding: .utf8)
            #expect(Migrator.sql(forVersion: offset + 1) == text)
        }
    }

    @Test func aNewProjectIsAtTheLatestSchemaWithOurApplicationID() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let db = try Database(path: project.path, readOnly: true)
        #expect(try db.scalar("PRAGMA user_version")?.integer == Int64(Migrator.latestVersion))
        #expect(try db.scalar("PRAGMA application_id")?.integer == Int64(Project.applicationID))
        #expect(try db.scalar("PRAGMA journal_mode")?.text == "delete")
        let info = try project.info()
        #expect(info.width == 600 && info.height == 400 && info.format == "png" && info.tags == 0 && info.historyEntries == 0)
    }

    @Test func theSourceBytesAreStoredUnchanged() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let db = try Database(path: project.path, readOnly: true)
        #expect(try db.scalar("SELECT bytes FROM source_bytes") == .blob(Array(contents(Fixtures.coffee)!)))
    }

    @Test func aSquareCropIsStoredNotApplied() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.crop = .square
        let info = try makeProject(in: dir, options: options).info()
        #expect(info.width == 400 && info.height == 400 && info.storedWidth == 600)
        #expect(abs(info.crop.x - 1.0 / 6) < 1e-12)
    }

    @Test func anExistingProjectIsReplacedOnlyWithForce() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: FixedWidthMeasurer())
        let before = contents(project.path)
        #expect(throws: ProjectError.exists(path: project.path)) { try makeProject(in: dir) }
        #expect(contents(project.path) == before)
        var options = NewProjectOptions()
        options.force = true
        #expect(try makeProject(in: dir, options: options).tags().isEmpty)
    }

    @Test func aFileThatIsNotAnImageLeavesNoProjectBehind() throws {
        let dir = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.file("fake.jpg"), contents: Data("hello, not a photo".utf8)))
        #expect(throws: ImageFileError(.file(dir.file("fake.jpg")), .notAnImage)) {
            try Project.create(at: dir.file("x.tagproj"), imagePath: dir.file("fake.jpg"), options: NewProjectOptions())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fake.jpg"])
    }

    @Test func aNonSQLiteFileIsRefusedUntouched() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("text.tagproj")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 4096)))
        try expectRefused(path, ProjectError.notSQLite(path: path))
        #expect(FileManager.default.createFile(atPath: dir.file("empty.tagproj"), contents: Data()))
        try expectRefused(dir.file("empty.tagproj"), ProjectError.notSQLite(path: dir.file("empty.tagproj")))
    }

    @Test func anotherProgramsSQLiteFileIsRefusedUntouched() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("other.db")
        try Database(path: path, create: true).execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')")
        try expectRefused(path, ProjectError.notATagproj(path: path))
    }

    @Test func aProjectFromANewerTagprojIsRefusedUntouched() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        try Database(path: path).execute("PRAGMA user_version = \(Migrator.latestVersion + 1)")
        try expectRefused(path, ProjectError.newerVersion(path: path, version: Migrator.latestVersion + 1))
    }

    @Test func aDamagedProjectIsReportedAsBadData() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        for i in 0..<20 { _ = try project.perform(.add(kind: .dish, text: "Dish \(i)", at: nil, side: nil), measurer: FixedWidthMeasurer()) }
        // Overwrite every page after the first with garbage: the header still says "tagproj".
        var bytes = contents(project.path)!
        for i in 4096..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 7919) }
        try bytes.write(to: URL(fileURLWithPath: project.path))
        let error = #expect(throws: (any Error).self) { try Project.open(project.path, forWriting: false).check() }
        #expect((error as? TagProjError)?.meaning == .badData)
        #expect(contents(project.path) == bytes)
    }

    @Test func aPlantedTriggerNeverRuns() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        // Plant a trigger with a connection of another program (triggers on, not defensive).
        var raw: OpaquePointer?
        sqlite3_open(project.path, &raw)
        sqlite3_exec(raw, "CREATE TABLE seen (n); CREATE TRIGGER spy AFTER INSERT ON tags BEGIN INSERT INTO seen VALUES (1); END;", nil, nil, nil)
        sqlite3_close(raw)
        _ = try Project.open(project.path, forWriting: true).perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: FixedWidthMeasurer())
        let db = try Database(path: project.path, readOnly: true)
        #expect(try db.scalar("SELECT count(*) FROM seen")?.integer == 0)
    }

    /// `path` cannot be opened as a project, with `expected`, and its bytes are unchanged.
    func expectRefused(_ path: String, _ expected: ProjectError) throws {
        let before = contents(path)
        #expect(throws: expected) { try Project.open(path, forWriting: true) }
        #expect(throws: expected) { try Project.open(path, forWriting: false) }
        #expect(expected.meaning == .badData)
        #expect(contents(path) == before)
    }
}

@Suite struct PhotoReadTests {
    @Test func aLockHeldTooLongWhileReadingThePhotoIsBusyNotDamage() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        // Open first: the header check opens and closes the file, which would drop this process's
        // POSIX locks, the holder's included.
        let project = try Project.open(path, forWriting: false, busyTimeoutMS: 50)
        let holder = try Database(path: path)
        try holder.execute("BEGIN EXCLUSIVE; UPDATE project SET font = font")
        let error = #expect(throws: SQLiteError.self) { try project.store.sourceBytes() }
        #expect(error?.meaning == .busy)
        try holder.execute("ROLLBACK")
        #expect(try project.store.sourceBytes() == Array(contents(Fixtures.coffee)!))
    }
}

@Suite struct StoredSettingsTests {
    @Test(arguments: [("currency", "'$' || char(7) || '$'", "the currency is invalid"), ("font", "'   '", "the font name is invalid"),
                      ("grouping_separator", "'.'", "the price format is invalid")])
    func aStoredSettingThatCreateWouldRefuseIsDamage(_ column: String, _ value: String, _ reason: String) throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        try Database(path: path).execute("UPDATE project SET \(column) = \(value)")
        #expect(throws: ProjectError.damaged(path: path, reason: reason)) { try Project.open(path, forWriting: false).info() }
    }
}

@Suite struct StoredTagScaleTests {
    @Test(arguments: ["0", "-1", "9", "'big'", "x'00'"])
    func aStoredTagScaleOutsideItsDomainIsDamage(_ value: String) throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        try Database(path: path).execute("UPDATE project SET tag_scale = \(value)")
        #expect(throws: ProjectError.damaged(path: path, reason: "the tag scale is invalid")) { try Project.open(path, forWriting: false).info() }
    }

    @Test func aSetTagScaleIsStoredAndItsEntryUndoneAndRedone() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.set(SettingsChange(tagScale: 1.5)))
        #expect(try Project.open(project.path, forWriting: false).settings().tagScale == 1.5)
        _ = try project.undo()
        #expect(try project.settings().tagScale == 1)
        _ = try project.redo()
        #expect(try project.settings().tagScale == 1.5)
    }
}
