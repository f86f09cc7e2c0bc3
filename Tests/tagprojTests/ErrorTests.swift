import Foundation
import Testing
import TagKit

/// Every documented error exit, each with its `error:` line, an empty stdout and the project unchanged.
@Suite struct ErrorTests {
    @Test(arguments: [
        (["ad", "x"], "unknown command 'ad'"),
        (["add", "dinner.tagproj", "dish", "Soup", "--att", "0.1,0.1"], "unknown option '--att'"),
        (["add", "dinner.tagproj", "dish"], "missing argument <text>"),
        (["add", "dinner.tagproj", "soup", "Tea"], "unknown kind 'soup'"),
        (["add", "dinner.tagproj", "dish", "Tea", "--side", "up"], "unknown side 'up'"),
        (["add", "dinner.tagproj", "dish", "Tea", "--at", "0.1"], "is not X,Y"),
        (["add", "dinner.tagproj", "dish", "Tea", "--at", "nan,0.5"], "'nan' is not a number"),
        (["move", "dinner.tagproj", "1", "--to", "a,b"], "'a' is not a number"),
        (["move", "dinner.tagproj", "1"], "give exactly one of --to X,Y and --by DX,DY"),
        (["move", "dinner.tagproj", "one", "--to", "0.1,0.1"], "'one' is not a tag id"),
        (["undo", "dinner.tagproj", "--steps", "0"], "--steps: '0' is not a whole number"),
        (["add", "dinner.tagproj", "dish", "two\nlines"], "control character or line break"),
        (["add", "dinner.tagproj", "dish", "   "], "tag text is empty"),
        (["add", "dinner.tagproj", "dish", String(repeating: "汤", count: 65)], "the limit is 64"),
        (["add", "dinner.tagproj", "price", "cheap"], "'cheap' is not an amount"),
        (["list", "dinner.tagproj", "extra"], "unexpected argument 'extra'"),
        (["new", "x.tagproj", "photo.png", "--crop", "0.5,0.5,0.9,0.2"], "the crop must be"),
    ])
    func usageErrorsExit64AndChangeNothing(_ arguments: [String], _ message: String) throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup")
        let before = cli.bytes("dinner.tagproj")
        expectFailure(try cli.run(arguments), 64, message)
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test func theCommandCouldNotBeDoneExits1() throws {
        let cli = CLI()
        try cli.newProject()
        expectFailure(try cli("undo", "dinner.tagproj"), 1, "nothing to undo")
        expectFailure(try cli("redo", "dinner.tagproj"), 1, "nothing to redo")
        try cli("add", "dinner.tagproj", "dish", "Soup")
        let before = cli.bytes("dinner.tagproj")
        let unknown = try cli("flip", "dinner.tagproj", "9")
        expectFailure(unknown, 1, "no tag #9 in 'dinner.tagproj'")
        #expect(unknown.stderr.contains("hint: run 'tagproj list dinner.tagproj' to see the tag ids"))
        expectFailure(try cli("add", "dinner.tagproj", "dish", String(repeating: "Ww", count: 32)), 1, "too long to fit")
        expectFailure(try cli("undo", "dinner.tagproj", "--steps", "3"), 1, "only 1 to undo")
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test func aCharacterNoFontCanDrawExits1NamingIt() throws {
        let cli = CLI()
        try cli.newProject()
        let before = cli.bytes("dinner.tagproj")
        // U+E000 is a private-use character: no font installed by CI covers it.
        let run = try cli("add", "dinner.tagproj", "dish", "Soup \u{E000}")
        expectFailure(run, 1, "U+E000")
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test func badInputDataExits65() throws {
        let cli = CLI()
        #expect(FileManager.default.createFile(atPath: cli.path("notes.txt"), contents: Data("not a photo".utf8)))
        expectFailure(try cli("new", "a.tagproj", "notes.txt"), 65, "not a JPEG, PNG, WebP, HEIC or AVIF image")
        #expect(!FileManager.default.fileExists(atPath: cli.path("a.tagproj")))
        // A photo is not a project.
        expectFailure(try cli("list", CLI.coffee), 65, "is not a tagproj project")
        // Another program's SQLite database.
        try Database(path: cli.path("other.db"), create: true).execute("CREATE TABLE t (x)")
        let other = cli.bytes("other.db")
        expectFailure(try cli("add", "other.db", "dish", "Soup"), 65, "an SQLite database of another program")
        #expect(cli.bytes("other.db") == other)
        // A project from a newer tagproj.
        try cli.newProject("newer.tagproj")
        try Database(path: cli.path("newer.tagproj")).execute("PRAGMA user_version = 99")
        let newer = cli.bytes("newer.tagproj")
        expectFailure(try cli("add", "newer.tagproj", "dish", "Soup"), 65, "written by a newer tagproj")
        #expect(cli.bytes("newer.tagproj") == newer)
    }

    @Test func aDamagedProjectFailsCheckWith65() throws {
        let cli = CLI()
        try cli.newProject()
        for i in 1...30 { try cli("add", "dinner.tagproj", "dish", "Dish \(i)") }
        var bytes = cli.bytes("dinner.tagproj")!
        let pageSize = 4096
        for i in (bytes.count - 3 * pageSize)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: cli.path("dinner.tagproj")))
        expectFailure(try cli("check", "dinner.tagproj"), 65, "dinner.tagproj")
        #expect(cli.bytes("dinner.tagproj") == bytes)
    }

    @Test func checkFindsAHistoryThatDoesNotReplayToTheTags() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup")
        try Database(path: cli.path("dinner.tagproj")).execute("UPDATE tags SET x = 0.25")
        expectFailure(try cli("check", "dinner.tagproj"), 65, "replaying the history does not give tag #1")
    }

    @Test func missingInputsExit66() throws {
        let cli = CLI()
        expectFailure(try cli("new", "a.tagproj", "missing.jpg"), 66, "missing.jpg")
        #expect(!FileManager.default.fileExists(atPath: cli.path("a.tagproj")))
        expectFailure(try cli("list", "missing.tagproj"), 66, "no such project: 'missing.tagproj'")
        expectFailure(try cli("undo", "missing.tagproj"), 66, "no such project")
    }

    @Test func anOutputThatCannotBeCreatedExits73() throws {
        let cli = CLI()
        try cli.newProject()
        let before = cli.bytes("dinner.tagproj")
        expectFailure(try cli("new", "dinner.tagproj", CLI.coffee), 73, "'dinner.tagproj' already exists")
        #expect(cli.bytes("dinner.tagproj") == before)
        expectFailure(try cli("new", "no/such/folder/a.tagproj", CLI.coffee), 73, "cannot create")
        #expect(try cli("new", "dinner.tagproj", CLI.coffee, "--force").status == 0)
    }

    @Test func aProjectLockedTooLongExits75Unchanged() throws {
        let cli = CLI()
        try cli.newProject()
        // Read the file before taking the lock: closing any descriptor of the file in this process
        // would drop the process's POSIX locks, SQLite's included.
        let before = cli.bytes("dinner.tagproj")
        let holder = try Database(path: cli.path("dinner.tagproj"))
        try holder.execute("BEGIN EXCLUSIVE")
        let run = try cli("add", "dinner.tagproj", "dish", "Soup", environment: ["TAGPROJ_BUSY_TIMEOUT_MS": "200"])
        expectFailure(run, 75, "database is locked")
        try holder.execute("ROLLBACK")
        #expect(cli.bytes("dinner.tagproj") == before)
        #expect(try cli("add", "dinner.tagproj", "dish", "Soup").status == 0)
    }

    @Test func concurrentWritersAllSucceedWithNoEditLost() throws {
        let cli = CLI()
        try cli.newProject()
        let processes = (0..<8).map { i -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CLI.binary)
            p.arguments = ["add", cli.path("dinner.tagproj"), "dish", "Dish \(i)"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.count == 8)
        #expect(Set(tags.map { $0["id"] as! Int }) == Set(1...8))
        #expect(try CLI.json(try cli("history", "dinner.tagproj", "--json"))["cursor"] as? Int == 8)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }
}

/// A file-size limit (ulimit -f) makes a write fail; tagproj reports it instead of being killed.
@Suite struct FileSizeLimitTests {
    @Test func aWritePastTheFileSizeLimitExits74WithTheProjectIntact() throws {
        let cli = CLI()
        try cli.newProject()
        let before = cli.bytes("dinner.tagproj")!
        // The project is about 480 KiB: under a 4 KiB limit, SQLite's journal and page writes fail
        // with EFBIG. The default action of SIGXFSZ would kill the process; tagproj ignores it.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 4 && exec \"$0\" add dinner.tagproj dish Soup", CLI.binary]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 74, "\(stderr)")
        #expect(stderr.hasPrefix("error: "), "\(stderr)")
        #expect(cli.bytes("dinner.tagproj") == before)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }
}
