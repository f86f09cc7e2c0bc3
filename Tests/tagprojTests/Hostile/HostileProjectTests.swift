import CSQLite
import Foundation
import FuzzBodies
import Testing
import TagKit

/// Crafted project files through every command: planted triggers and views never run, a page of
/// garbage is refused rather than acted on, and rows outside their domain are refused by name.
@Suite struct HostileProjectTests {
    static let commands: [[String]] = [
        ["add", "p.tagproj", "dish", "Tea"], ["move", "p.tagproj", "1", "--by", "0.1,0"], ["flip", "p.tagproj", "1"],
        ["edit", "p.tagproj", "1", "Noodles"], ["delete", "p.tagproj", "1"], ["undo", "p.tagproj"],
        ["redo", "p.tagproj"], ["list", "p.tagproj"], ["history", "p.tagproj"], ["info", "p.tagproj"],
        ["check", "p.tagproj"], ["export", "p.tagproj", "out.png"],
    ]

    /// A project with tags 1 and 2, and the second add undone (so redo has something to do).
    static func project(_ cli: CLI) throws {
        try cli.newProject("p.tagproj")
        try cli("add", "p.tagproj", "dish", "Soup", "--at", "0.3,0.3")
        try cli("add", "p.tagproj", "price", "12", "--at", "0.6,0.6")
        try cli("undo", "p.tagproj")
    }

    /// Runs `sql` on `path` through a plain connection, as another program would (triggers on).
    static func plainSQL(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        sqlite3_open(path, &db)
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, "PRAGMA ignore_check_constraints = ON;" + sql, nil, nil, &message)
        #expect(rc == SQLITE_OK, "\(message.map { String(cString: $0) } ?? "")")
        sqlite3_free(message)
        sqlite3_close(db)
    }

    @Test(arguments: commands)
    func plantedTriggersAndViewsNeverRun(_ command: [String]) throws {
        let cli = CLI()
        try Self.project(cli)
        var sql = "CREATE TABLE seen (what TEXT);"
        for table in ["tags", "history", "history_changes", "project", "source", "source_bytes"] {
            for event in ["INSERT", "UPDATE", "DELETE"] {
                sql += "CREATE TRIGGER spy_\(table)_\(event) AFTER \(event) ON \(table) BEGIN INSERT INTO seen VALUES ('\(table) \(event)'); END;"
            }
        }
        // A view that would write if it could run; views are off on tagproj's connection.
        sql += "CREATE VIEW tags_view AS SELECT id, kind FROM tags;"
        sql += "CREATE TRIGGER spy_view INSTEAD OF INSERT ON tags_view BEGIN INSERT INTO seen VALUES ('view'); END;"
        Self.plainSQL(cli.path("p.tagproj"), sql)
        let run = try cli.run(command)
        #expect(run.status == 0, "\(run)")
        let db = try Database(path: cli.path("p.tagproj"), readOnly: true)
        #expect(try db.scalar("SELECT count(*) FROM seen")?.integer == 0)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'")?.integer == 19)
    }

    @Test(arguments: ["tags", "history"])
    func aPageOfGarbageIsRefusedByEveryCommandThatReadsIt(_ table: String) throws {
        let cli = CLI()
        try Self.project(cli)
        let page: Int64 = try {
            let db = try Database(path: cli.path("p.tagproj"), readOnly: true)
            let size = try db.scalar("PRAGMA page_size")!.integer!
            let root = try db.scalar("SELECT rootpage FROM sqlite_master WHERE name = ?", [.text(table)])!.integer!
            return (root - 1) * size
        }()
        var bytes = cli.bytes("p.tagproj")!
        var random = SplitMix64(state: 4)
        for i in Int(page)..<Int(page) + 4096 { bytes[i] = UInt8.random(in: 0...255, using: &random) }
        try bytes.write(to: URL(fileURLWithPath: cli.path("p.tagproj")))
        // `history` reads no tags, and list/info/export read no history.
        let skip = table == "tags" ? ["history"] : ["list", "info", "export"]
        for command in Self.commands where !skip.contains(command[0]) {
            let run = try cli.run(command)
            #expect(run.status == 65, "\(command[0]) on a garbage \(table) page: \(run)")
            #expect(run.errorLines.first?.hasPrefix("error: ") == true)
            #expect(cli.bytes("p.tagproj") == bytes, "\(command[0]) changed the file")
        }
    }

    @Test(arguments: [
        ("UPDATE tags SET x = 1.5", ["list", "move", "check", "export"], "tag #1 has an invalid x position"),
        ("UPDATE tags SET y = 'north'", ["list", "flip", "export"], "tag #1 has an invalid y position"),
        ("UPDATE tags SET kind = 'soup'", ["list", "edit", "check"], "tag #1 has an unknown kind"),
        ("UPDATE tags SET text = printf('%.2000c', 'a')", ["list", "delete", "export"], "tag #1 has invalid text"),
        ("UPDATE tags SET side = 'up'", ["list", "flip"], "tag #1 has an unknown side"),
        // A dish's price: the canonical amount `add` stores, or none; a price tag carries none.
        ("UPDATE tags SET price = '12.5'", ["list", "export", "check"], "tag #1 has an invalid price"),
        ("UPDATE tags SET price = '3' || char(27) || '[2J'", ["list", "edit"], "tag #1 has an invalid price"),
        ("UPDATE history_changes SET after_price = '12' WHERE tag_id = 2", ["redo", "check"], "tag #2 has an invalid price"),
        ("UPDATE history_changes SET after_x = -3 WHERE tag_id = 2", ["redo", "check"], "tag #2 has an invalid x position"),
        ("UPDATE source SET orientation = 9", ["info", "export", "check"], "the source photo's orientation is invalid"),
        ("UPDATE source SET width = 0", ["info", "add", "move", "export"], "the source photo's size is invalid"),
        ("UPDATE source SET format = 'gif'", ["info", "check"], "the source photo's format is unknown"),
        ("UPDATE source_bytes SET bytes = x''", ["export"], "is damaged: the photo cannot be read: the blob is 0 bytes long"),
        ("UPDATE source SET crop_w = 2", ["info", "export"], "the crop is invalid"),
        ("UPDATE project SET next_tag_id = 1", ["add", "check"], "the id counter is behind tag #"),
        ("UPDATE project SET history_cursor = -1", ["list", "undo", "history"], "the history cursor is invalid"),
        ("UPDATE project SET currency = printf('%.300c', '$')", ["add", "list"], "the currency is invalid"),
        ("UPDATE history SET label = printf('%.5000c', 'x')", ["history", "check"], "a history entry is invalid"),
        // Escape sequences for the terminal (OSC 52 writes the clipboard, CSI 2J clears the screen)
        // and line breaks: refused where read, as `add` refuses them.
        ("UPDATE tags SET text = 'Soup' || char(27) || ']52;c;ZXZpbA==' || char(7)", ["list", "export", "check"], "tag #1 has invalid text"),
        ("UPDATE tags SET text = 'Soup' || char(10) || '#9 dish Fake'", ["list"], "tag #1 has invalid text"),
        ("UPDATE tags SET text = ' Soup'", ["list"], "tag #1 has invalid text"),
        ("UPDATE history SET label = 'add ' || char(27) || '[2J' WHERE seq = 1", ["history", "check"], "a history entry is invalid"),
        ("UPDATE history SET user = char(27) || '[2J' WHERE seq = 1", ["history"], "history entry 1 is invalid"),
        ("UPDATE history SET front_end = char(155) || '2J' WHERE seq = 1", ["history", "undo"], "is invalid"),
        // A seq that cannot grow: every edit would overflow `last + 1`.
        ("UPDATE history SET seq = 9223372036854775807 WHERE seq = 2", ["add", "edit"], "leaves no room for another"),
        ("UPDATE history SET seq = 9223372036854775807 WHERE seq = 2", ["check", "history"], "a history entry is invalid"),
        ("UPDATE project SET next_tag_id = 9223372036854775807", ["add", "list", "check"], "the id counter is invalid"),
        ("UPDATE tags SET id = 9223372036854775806", ["list", "check"], "a tag has an invalid id"),
        ("UPDATE project SET history_cursor = 9223372036854775807", ["undo", "history"], "the history cursor is invalid"),
    ])
    func aRowOutsideItsDomainIsRefusedByName(_ sql: String, _ commands: [String], _ message: String) throws {
        let cli = CLI()
        try Self.project(cli)
        Self.plainSQL(cli.path("p.tagproj"), sql)
        let before = cli.bytes("p.tagproj")
        for name in commands {
            let command = Self.commands.first { $0[0] == name }!
            expectFailure(try cli.run(command), 65, message)
            #expect(cli.bytes("p.tagproj") == before, "\(name) changed the file")
        }
    }

    /// A project put in WAL mode by another program, with its last write still in the -wal file
    /// (as a crash leaves it): the first tagproj command reads that write, and leaves one file in
    /// rollback-journal mode, no -wal or -shm beside it.
    @Test(arguments: ["list", "add"])
    func aWALModeProjectBecomesOneFileAgain(_ name: String) throws {
        let cli = CLI()
        try Self.project(cli)
        let path = cli.path("p.tagproj"), copy = cli.path("c.tagproj")
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        #expect(sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; UPDATE tags SET text = 'Broth' WHERE id = 1", nil, nil, nil) == SQLITE_OK)
        // The connection is still open: what is on disk now is what a crash would leave.
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix) }
        #expect(FileManager.default.fileExists(atPath: copy + "-wal"))
        let command = Self.commands.first { $0[0] == name }!.map { $0 == "p.tagproj" ? "c.tagproj" : $0 }
        let run = try cli.run(command)
        #expect(run.status == 0, "\(run)")
        if name == "list" { #expect(run.stdout.contains("Broth"), "\(run)") }
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: copy + "-shm"))
        let header = [UInt8](cli.bytes("c.tagproj")!.prefix(20))
        #expect(header[18] == 1 && header[19] == 1, "still in WAL mode: \(header[18]), \(header[19])")
        #expect(try cli("list", "c.tagproj").stdout.contains("Broth"))
    }

    /// check reports every problem it finds, the first as the error line, the rest as notes.
    @Test func checkReportsEveryProblem() throws {
        let cli = CLI()
        try Self.project(cli)
        Self.plainSQL(cli.path("p.tagproj"), "UPDATE tags SET x = 3; UPDATE source SET orientation = 12; UPDATE history SET label = 'a' || char(27) WHERE seq = 1")
        let run = try cli("check", "p.tagproj")
        #expect(run.status == 65)
        #expect(run.errorLines == ["error: project 'p.tagproj' is damaged: the source photo's orientation is invalid",
                                   "note: also: tag #1 has an invalid x position", "note: also: a history entry is invalid"], "\(run)")
        let json = try cli("check", "p.tagproj", "--json")
        #expect(json.status == 65 && json.stdout.hasPrefix(#"{"ok":false,"problems":["project 'p.tagproj' is damaged: the source photo's orientation is invalid","#), "\(json)")
    }

    /// A table made again without the migrations' CHECKs would hold any row SQLite is given:
    /// check compares the schema with the one the migrations make.
    @Test func checkRefusesATableWithoutItsChecks() throws {
        let cli = CLI()
        try Self.project(cli)
        Self.plainSQL(cli.path("p.tagproj"), "CREATE TABLE loose AS SELECT * FROM tags; DROP TABLE tags; ALTER TABLE loose RENAME TO tags;")
        expectFailure(try cli("check", "p.tagproj"), 65, "table tags is not the one tagproj makes")
        let missing = CLI()
        try Self.project(missing)
        Self.plainSQL(missing.path("p.tagproj"), "DROP INDEX IF EXISTS history_parent; DROP INDEX IF EXISTS history_by_parent;")
        #expect(try missing("check", "p.tagproj").status == 0 || (try missing("check", "p.tagproj")).stderr.contains("the schema lacks index"))
    }

    /// Issue 40, item 9: a `views` table made again without its UNIQUE (width, height) index and
    /// filled with 100,000 rows, in a project sent by someone else. `info` looked each row's
    /// size up with a scan of its own, some 10^10 rows read here (76 s for 30,000 rows); now it
    /// reads the two sizes drawn last in one pass, and answers as for any project. (The guard is
    /// against a hang, not a measure of speed.)
    @Test func infoAnswersOverAPlantedViewsTableWithoutItsIndex() throws {
        let cli = CLI()
        try Self.project(cli)
        Self.plainSQL(cli.path("p.tagproj"), """
            DROP TABLE views;
            CREATE TABLE views (id INTEGER PRIMARY KEY, width INTEGER, height INTEGER, drawn_from TEXT, drawn INTEGER, bytes BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
            INSERT INTO views (width, height, drawn_from, drawn, bytes) SELECT 1 + i % 1000, 1 + i / 1000, 'planted', i, x'00' FROM n;
            """)
        let before = cli.bytes("p.tagproj")
        let state = ["XDG_CONFIG_HOME": cli.dir + "/.config", "XDG_STATE_HOME": cli.dir + "/.local/state", "LC_ALL": "C"]
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["info", "p.tagproj"], timeout: 60, environment: state)
        try #require(ending == .exit(0), "\(ending): \(stderr)")
        #expect(stderr.isEmpty)
        let run = try cli("info", "p.tagproj", "--json")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let info = try CLI.json(run)
        #expect(info["tags"] as? Int == 1 && (info["kept_views"] as? [Any])?.isEmpty == true, "\(run)")
        #expect(cli.bytes("p.tagproj") == before, "info writes nothing")
        expectFailure(try cli("check", "p.tagproj"), 65, "views")
    }
}
