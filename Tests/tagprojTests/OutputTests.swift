import Foundation
import Testing

/// Output for scripts (`--json` on every command that prints data) and for people (colour only on
/// a terminal, never with NO_COLOR; `--quiet`).
@Suite struct OutputTests {
    /// Runs `tagproj arguments… --json`, checks it succeeded quietly, and parses its one JSON object.
    static func json(_ cli: CLI, _ arguments: String...) throws -> [String: Any] {
        let run = try cli.run(arguments + ["--json"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasSuffix("}\n") && run.stdout.filter { $0 == "\n" }.count == 1, "\(run)")
        return try CLI.json(run)
    }

    @Test func everyCommandThatPrintsDataPrintsOneJSONObject() throws {
        let cli = CLI()
        let new = try Self.json(cli, "new", "dinner.tagproj", CLI.coffee)
        #expect(new["width"] as? Int == 600 && new["tags"] as? Int == 0)
        let add = try Self.json(cli, "add", "dinner.tagproj", "dish", "Soup", "--at", "0.2,0.3")
        #expect(add["id"] as? Int == 1 && add["kind"] as? String == "dish" && add["x"] as? Double == 0.2 && add["side"] as? String == "right")
        #expect(try Self.json(cli, "move", "dinner.tagproj", "1", "--to", "0.4,0.5")["x"] as? Double == 0.4)
        #expect(try Self.json(cli, "flip", "dinner.tagproj", "1")["side"] as? String == "left")
        #expect(try Self.json(cli, "edit", "dinner.tagproj", "1", "Tea")["text"] as? String == "Tea")
        #expect(try Self.json(cli, "undo", "dinner.tagproj")["undone"] as? [String] == ["edit #1 “Soup” → “Tea”"])
        #expect(try Self.json(cli, "redo", "dinner.tagproj")["redone"] as? [String] == ["edit #1 “Soup” → “Tea”"])
        #expect(try Self.json(cli, "delete", "dinner.tagproj", "1")["deleted"] as? Int == 1)
        #expect((try Self.json(cli, "history", "dinner.tagproj")["entries"] as? [Any])?.count == 5)
        #expect((try Self.json(cli, "list", "dinner.tagproj")["tags"] as? [Any])?.count == 0)
        #expect(try Self.json(cli, "info", "dinner.tagproj")["history"] as? Int == 5)
        #expect(try Self.json(cli, "check", "dinner.tagproj")["ok"] as? Bool == true)
        let export = try Self.json(cli, "export", "dinner.tagproj", "out.png", "--width", "300")
        #expect(export["path"] as? String == "out.png" && export["width"] as? Int == 300 && export["height"] as? Int == 200)
        #expect(export["format"] as? String == "png" && export["bytes"] as? Int == cli.bytes("out.png")?.count)
        let demo = try Self.json(cli, "demo", "demo")
        #expect((demo["files"] as? [[String: Any]])?.map { $0["path"] as? String } == ["demo/coffee-tagged.jpg", "demo/coffee-tagged.png"])
    }

    @Test func aFailingCheckExits65ListingItsProblemsAsJSON() throws {
        let cli = CLI()
        try cli.newProject()
        for i in 1...30 { try cli("add", "dinner.tagproj", "dish", "Dish \(i)") }
        var bytes = cli.bytes("dinner.tagproj")!
        for i in (bytes.count - 3 * 4096)..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 31) }
        try bytes.write(to: URL(fileURLWithPath: cli.path("dinner.tagproj")))
        let run = try cli("check", "dinner.tagproj", "--json")
        #expect(run.status == 65 && run.stderr.hasPrefix("error: "), "\(run)")
        let json = try CLI.json(run)
        #expect(json["ok"] as? Bool == false && (json["problems"] as? [String])?.isEmpty == false, "\(run)")
        #expect((json["problems"] as? [String])?.first?.hasPrefix("project 'dinner.tagproj' is damaged: quick_check: ") == true, "\(run)")
        #expect(run.stderr.hasPrefix("error: project 'dinner.tagproj' is damaged: "), "\(run)")
    }

    @Test func jsonCannotShareStandardOutputWithThePicture() throws {
        let cli = CLI()
        try cli.newProject()
        expectFailure(try cli("export", "dinner.tagproj", "-", "--format", "png", "--json"), 64, "--json cannot share standard output")
    }

    @Test func quietDropsInformationalLinesButKeepsWarningsAndErrors() throws {
        let cli = CLI()
        #expect(try cli("new", "dinner.tagproj", CLI.coffee, "--quiet").stderr.isEmpty)
        try cli("add", "dinner.tagproj", "dish", "Soup")
        #expect(try cli("undo", "dinner.tagproj", "-q").stderr.isEmpty)
        #expect(try cli("-q", "redo", "dinner.tagproj").stderr.isEmpty)
        #expect(try cli("export", "dinner.tagproj", "out.jpg", "-q").stderr.isEmpty)
        let moved = try cli("move", "dinner.tagproj", "1", "--to", "1.5,0.5", "-q")
        #expect(moved.status == 0 && moved.stderr.hasPrefix("warning: #1 moved to "), "\(moved)")
        expectFailure(try cli("flip", "dinner.tagproj", "7", "-q"), 1, "no tag #7")
    }

    /// Runs `command` (a shell line) under a pseudo-terminal with `script(1)`; nil where it is missing.
    static func onTerminal(_ cli: CLI, _ command: String, environment: [String: String] = [:]) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        var env = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        env["TERM"] = "xterm"
        if environment["NO_COLOR"] == nil { env.removeValue(forKey: "NO_COLOR") }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let cli = CLI()
        let piped = try cli("ad")
        #expect(!piped.stderr.contains("\u{1B}["))
        guard let terminal = try Self.onTerminal(cli, "'\(CLI.binary)' ad") else { return }
        #expect(terminal.contains("\u{1B}[1;31merror:\u{1B}[0m unknown command 'ad'"), "\(terminal)")
        let noColor = try #require(try Self.onTerminal(cli, "'\(CLI.binary)' ad", environment: ["NO_COLOR": "1"]))
        #expect(noColor.contains("error: unknown command 'ad'") && !noColor.contains("\u{1B}["), "\(noColor)")
    }
}
