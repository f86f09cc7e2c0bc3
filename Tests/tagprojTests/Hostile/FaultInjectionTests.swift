import Foundation
import Testing

/// Every write site of the editing commands, failed one at a time as SQLite's own I/O error tests
/// do it: the crash-point VFS fails the Nth write to the project or its journal with SQLITE_FULL
/// (`TAGPROJ_TEST_FAIL_AT=write:N`), or the Nth sync with SQLITE_IOERR_FSYNC (`sync:N`), for N = 1,
/// 2, … until the command gets through. Each failure must exit 74 with one `error:` line and leave
/// the project as it was; no privileges or small file systems needed (DiskFullTests fills a real
/// one where mounting is allowed).
@Suite struct FaultInjectionTests {
    /// The commands, each on a fresh copy of a project with two tags and a history.
    static let commands: [[String]] = [
        ["add", "p.tagproj", "dish", "Tea"],
        ["move", "p.tagproj", "1", "--by", "0.1,0"],
        ["flip", "p.tagproj", "2"],
        ["edit", "p.tagproj", "1", "Noodle soup"],
        ["delete", "p.tagproj", "2"],
        ["set", "p.tagproj", "--currency", "$"],
        ["undo", "p.tagproj"],
        ["arrange", "p.tagproj"],
        ["restore", "p.tagproj", "1"],
        ["apply", "p.tagproj", "edits.jsonl"],
    ]

    /// What a project holds, as the commands show it: its tags, its settings and its history.
    static func state(_ cli: CLI) throws -> String {
        try cli("list", "p.tagproj", "--json").stdout + (try cli("info", "p.tagproj", "--json").stdout)
            + (try cli("history", "p.tagproj", "--tree").stdout)
    }

    @Test(arguments: ["write", "sync"], commands)
    func eachFailedWriteExits74AndLeavesTheProjectAsItWas(fault: String, command: [String]) throws {
        let cli = CLI()
        #expect(try cli("new", "base.tagproj", CLI.coffee).status == 0)
        #expect(try cli("add", "base.tagproj", "dish", "Soup", "--at", "0.3,0.4").status == 0)
        #expect(try cli("add", "base.tagproj", "price", "12", "--at", "0.35,0.42").status == 0)
        try #"{"op":"add","kind":"dish","text":"Tea"}\#n{"op":"move","id":1,"to":"0.6,0.6"}\#n"#
            .write(toFile: cli.path("edits.jsonl"), atomically: true, encoding: .utf8)
        // Every run starts from the same copy, so what it must be left as is read once.
        try FileManager.default.copyItem(atPath: cli.path("base.tagproj"), toPath: cli.path("p.tagproj"))
        let before = try Self.state(cli)
        var failures = 0, through = false
        for n in 1...64 {
            try? FileManager.default.removeItem(atPath: cli.path("p.tagproj"))
            try FileManager.default.copyItem(atPath: cli.path("base.tagproj"), toPath: cli.path("p.tagproj"))
            let run = try cli.run(command, environment: ["TAGPROJ_TEST_FAIL_AT": "\(fault):\(n)"])
            if run.status == 0 {
                through = true
                break
            }
            failures += 1
            expectFailure(run, 74, "'p.tagproj'")
            #expect(try cli("check", "p.tagproj").status == 0, "\(fault) \(n) of \(command): check after the failure")
            #expect(try Self.state(cli) == before, "\(fault) \(n) of \(command): the project changed")
        }
        #expect(failures > 0 && through, "\(command): \(failures) \(fault)s failed, then it went through: \(through)")
    }

    /// `new` writes the project beside its name and renames it into place: a failed write exits
    /// 73 (the output cannot be created) and leaves no project and no temporary file. Making a
    /// project's schema takes some 140 writes: the first ten are failed each, then every ninth.
    @Test(arguments: ["write", "sync"])
    func aNewProjectWhoseWriteFailsIsNotLeftBehind(fault: String) throws {
        let cli = CLI()
        var failures = 0, through = false
        for n in Array(1...10) + Array(stride(from: 12, through: 400, by: 9)) {
            let run = try cli.run(["new", "p.tagproj", Hostile.path("small.png")], environment: ["TAGPROJ_TEST_FAIL_AT": "\(fault):\(n)"])
            if run.status == 0 {
                through = true
                break
            }
            failures += 1
            expectFailure(run, 73, "p.tagproj")
            let left = try FileManager.default.contentsOfDirectory(atPath: cli.path(".")).filter { !$0.hasPrefix(".config") && !$0.hasPrefix(".local") }
            #expect(left.isEmpty, "\(fault) \(n): left \(left)")
        }
        #expect(failures > 0 && through, "\(failures) \(fault)s failed, then it went through: \(through)")
    }
}
