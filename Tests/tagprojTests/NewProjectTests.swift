import Foundation
import Testing
import TagKit

/// `tagproj new`: what it refuses, and that a refusal leaves every file as it was.
@Suite struct NewProjectTests {
    @Test func aCurrencyOutsideTagKitsDomainIsAUsageErrorAndNoProjectIsMade() throws {
        let cli = CLI()
        let run = try cli("new", "x.tagproj", CLI.coffee, "--currency", String(repeating: "$", count: 300))
        expectFailure(run, 64, "error: the currency symbol is longer than 8 characters (or 64 bytes)")
        #expect(run.errorLines.contains("hint: pass --currency a symbol such as '$' or '元'"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.tagproj")))
    }

    @Test func aBlankFontIsAUsageError() throws {
        let cli = CLI()
        expectFailure(try cli("new", "x.tagproj", CLI.coffee, "--font", "  "), 64, "the font family name is blank")
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.tagproj")))
    }
}

/// `new --force` replaces only a tagproj project: whatever else is at the project's path is refused
/// (73) with what it is, and every file is left byte for byte as it was.
@Suite struct NewNeverReplacesWhatIsNotAProjectTests {
    static let jpeg = CLI.repository.appendingPathComponent("Fixtures/images/jpeg-baseline.jpg").path

    /// The folder's files and their bytes.
    func snapshot(_ cli: CLI) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cli.dir) where !cli.isFolder(name) {
            files[name] = cli.bytes(name)
        }
        return files
    }

    @Test func swappedArgumentsLeaveThePhotoAndSayWhatWasMeant() throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: Self.jpeg, toPath: cli.path("a.jpg"))
        try FileManager.default.copyItem(atPath: CLI.coffee, toPath: cli.path("b.png"))
        let before = try snapshot(cli)
        let run = try cli("new", "a.jpg", "b.png", "--force")
        #expect(run.status == 73, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "error: 'a.jpg' is a JPEG image, not a tagproj project\nhint: did you mean 'tagproj new b.tagproj a.jpg'?\n")
        #expect(try snapshot(cli) == before)
    }

    @Test func thePhotoGivenTwiceIsAUsageErrorAndStaysAsItWas() throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: Self.jpeg, toPath: cli.path("same.jpg"))
        let before = try snapshot(cli)
        for arguments in [["new", "same.jpg", "same.jpg", "--force"], ["new", "same.jpg", "./same.jpg", "--force"]] {
            let run = try cli.run(arguments)
            expectFailure(run, 64, "the project and the photo are the same file")
            #expect(run.errorLines.contains { $0.hasPrefix("hint: the project is a new file: did you mean 'tagproj new ") && $0.contains("same.tagproj") })
            #expect(try snapshot(cli) == before)
        }
    }

    @Test(arguments: [
        ("x.png", "'x.png' is a PNG image, not a tagproj project"),
        ("other.db", "'other.db' is an SQLite database of another program, not a tagproj project"),
        ("notes.tagproj", "'notes.tagproj' is not a tagproj project"),
        ("empty.tagproj", "'empty.tagproj' is not a tagproj project"),
        ("folder.tagproj", "'folder.tagproj' is a folder"),
    ])
    func whatIsNotAProjectIsNeverReplaced(_ name: String, _ message: String) throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: CLI.coffee, toPath: cli.path("x.png"))
        try Database(path: cli.path("other.db"), create: true).execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')")
        #expect(FileManager.default.createFile(atPath: cli.path("notes.tagproj"), contents: Data("shopping list".utf8)))
        #expect(FileManager.default.createFile(atPath: cli.path("empty.tagproj"), contents: Data()))
        try FileManager.default.createDirectory(atPath: cli.path("folder.tagproj"), withIntermediateDirectories: false)
        let before = try snapshot(cli)
        for force in [true, false] {
            let run = try cli.run(["new", name, CLI.coffee] + (force ? ["--force"] : []))
            #expect(run.status == 73, "\(run)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "error: \(message)\n" + (name == "x.png" ? "hint: did you mean 'tagproj new \(CLI.coffee.dropLast(4)).tagproj x.png'?\n" : ""))
            #expect(try snapshot(cli) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("folder.tagproj")).isEmpty)
        }
    }

    @Test func anExistingProjectIsReplacedWithForceOnly() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup")
        let before = try snapshot(cli)
        let refused = try cli("new", "dinner.tagproj", CLI.coffee)
        #expect(refused.status == 73 && refused.stderr == "error: 'dinner.tagproj' already exists\nhint: pass --force to replace it\n")
        #expect(try snapshot(cli) == before)
        let replaced = try cli("new", "dinner.tagproj", CLI.coffee, "--force")
        #expect(replaced.status == 0, "\(replaced)")
        #expect(try CLI.json(try cli("info", "dinner.tagproj", "--json"))["tags"] as? Int == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir) == ["dinner.tagproj"])
    }
}

extension CLI {
    /// Whether `name` in the folder is itself a folder.
    func isFolder(_ name: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(name), isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
