import Foundation
import Testing

/// Issue 40, item 10: inputs that are not regular files. A FIFO where tagproj reads a file of its
/// own (the user's config, the seal's key) is never waited on; a pipe the user names for `apply`
/// or `menu` (`<(…)`, a FIFO) is read as a stream, bounded as a file is.
@Suite struct SpecialInputTests {
    /// The variables `CLI` isolates, for a `BoundedRun` of the same folder.
    static func isolated(_ cli: CLI) -> [String: String] {
        ["XDG_CONFIG_HOME": cli.dir + "/.config", "XDG_STATE_HOME": cli.dir + "/.local/state", "LC_ALL": "C"]
    }

    /// `script` run by bash in the folder, `$0` being tagproj.
    static func shell(_ cli: CLI, _ script: String) throws -> Run {
        try cli.run(program: "/bin/bash", ["-c", script, CLI.binary], environment: isolated(cli))
    }

    @Test func aFIFOAsTheConfigFileIsRefusedAtOnceAsADamagedOneIs() throws {
        let cli = CLI()
        let file = cli.path(".config/tagproj/config")
        try FileManager.default.createDirectory(atPath: cli.path(".config/tagproj"), withIntermediateDirectories: true)
        #expect(mkfifo(file, 0o600) == 0)
        // The guard stops a run that would never end (it waited for a writer); no verdict is its length.
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["new", "p.tagproj", CLI.coffee], timeout: 60, environment: Self.isolated(cli))
        try #require(ending == .exit(65), "\(stderr)")  // else what follows would wait as well
        #expect(stderr.hasPrefix("error: \(file): it is a FIFO, not a regular file\nhint: "), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
        expectFailure(try cli("config", "--list"), 65, "it is a FIFO, not a regular file")
    }

    /// `new` seals the first view it keeps for the editor's room (remembered here): the key is read.
    @Test func aFIFOAsTheSealsKeyIsPassedOverAndNothingIsKept() throws {
        let cli = CLI()
        let key = cli.path(".local/state/tagproj/seal-key")
        try FileManager.default.createDirectory(atPath: cli.path(".local/state/tagproj"), withIntermediateDirectories: true)
        try "320,240,1\n".write(toFile: cli.path(".local/state/tagproj/editor-room"), atomically: true, encoding: .utf8)
        #expect(mkfifo(key, 0o600) == 0)
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["new", "p.tagproj", CLI.coffee], timeout: 60, environment: Self.isolated(cli))
        try #require(ending == .exit(0), "\(stderr)")
        #expect(stderr.hasPrefix("created p.tagproj: png 600×400"), "\(stderr)")
        let info = try CLI.json(try cli("info", "p.tagproj", "--json"))
        #expect((info["kept_views"] as? [Any])?.isEmpty == true, "without a key nothing is kept")
        #expect(SpecialOutputTests.type(key) == S_IFIFO, "the FIFO is left as it was")
    }

    @Test func applyReadsAProcessSubstitutionAsAStream() throws {
        let cli = CLI()
        let project = try cli.newProject("p.tagproj")
        let run = try Self.shell(cli, #""$0" apply p.tagproj <(printf '%s\n' '{"op":"add","kind":"dish","text":"Soup","at":"0.3,0.4"}')"#)
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
        #expect(run.errorLines.first?.hasPrefix("applied 1 edit from /dev/fd/") == true, "\(run)")
        let tags = try CLI.json(try cli("list", project, "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as? String } == ["Soup"])
    }

    @Test func applyWaitsForTheWriterOfANamedFIFO() throws {
        let cli = CLI()
        let project = try cli.newProject("p.tagproj")
        #expect(mkfifo(cli.path("edits.jsonl"), 0o600) == 0)
        let run = try Self.shell(cli, #"""
            (sleep 0.2; printf '%s\n' '{"op":"add","kind":"price","text":"12","at":"0.6,0.6"}' > edits.jsonl) &
            "$0" apply p.tagproj edits.jsonl
            """#)
        #expect(run.status == 0 && run.stdout.isEmpty && run.errorLines.first?.hasPrefix("applied 1 edit from edits.jsonl") == true, "\(run)")
        let tags = try CLI.json(try cli("list", project, "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as? String } == ["12"])
    }

    @Test func aStreamLongerThanTheLimitIsRefusedAndNothingIsApplied() throws {
        let cli = CLI()
        let project = try cli.newProject("p.tagproj")
        let before = cli.bytes(project)
        let run = try Self.shell(cli, #""$0" apply p.tagproj <(head -c 16777217 /dev/zero | tr '\0' ' ')"#)
        expectFailure(run, 74, ": File too large")
        #expect(cli.bytes(project) == before)
        expectFailure(try cli("apply", project, "."), 74, "cannot read '.': it is a folder, not a regular file")
    }

    @Test func menuReadsAProcessSubstitutionAsAStream() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.coffee, toPath: cli.path("photos/p0.png"))
        let run = try Self.shell(cli, #""$0" menu <(printf 'photo,dish\np0.png,Soup\n') --photos photos --projects menu"#)
        #expect(run.status == 0, "\(run)")
        let tags = try CLI.json(try cli("list", "menu/p0.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as? String } == ["Soup"])
    }
}
