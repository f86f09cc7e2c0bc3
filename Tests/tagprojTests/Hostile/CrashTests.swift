import Foundation
import Testing
import TagKit

/// `kill -9` at every step of a command (`TAGPROJ_TEST_KILL_AT`, `Sources/CShims/crash_points.c`:
/// the child kills itself at a named step, so every run stops in the same states whatever the
/// machine's speed): an edit leaves the project exactly before the command up to its commit and
/// after it from there, and `check` passes; an export leaves no partial file, and the temporary
/// file it leaves is removed by the next export to that place.
@Suite struct CrashTests {
    /// The tags and history of a project, which a killed command must leave as before or after:
    /// every entry's place in the tree and label, not when it was made (the copy runs at another moment).
    struct State: Equatable {
        var tags: [TagKit.Tag]
        var entries: [[String]]
        var cursor: Int64
        init(_ path: String) throws {
            let project = try Project.open(path, forWriting: false)
            tags = try project.tags()
            let tree = try project.historyTree()
            entries = tree.items.map { ["\($0.seq)", "\($0.parent)", $0.label.stored, "\($0.undone)"] }
            cursor = tree.cursor
        }
    }

    static let edits: [[String]] = [
        ["add", "p.tagproj", "dish", "Tea"], ["move", "p.tagproj", "1", "--by", "0.05,0.02"], ["flip", "p.tagproj", "2"],
        ["edit", "p.tagproj", "1", "Noodles"], ["undo", "p.tagproj"], ["redo", "p.tagproj"], ["delete", "p.tagproj", "3"],
        ["undo", "p.tagproj", "--steps", "2"], ["add", "p.tagproj", "price", "8.50", "--at", "0.2,0.8"],
        ["move", "p.tagproj", "2", "--to", "0.9,0.1"],
    ]

    /// The steps of an edit's transaction in the order it passes them, and whether the edit is
    /// committed once it has passed each.
    static let editSteps: [(point: String, committed: Bool)] = [
        ("opened", false), ("journal-started", false), ("journal-synced", false), ("db-written", false),
        ("db-synced", false), ("committed", true),
    ]

    @Test func editsKilledAtEachStepOfTheirTransactionLeaveTheProjectBeforeUpToTheCommitAndAfterFromIt() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        for text in ["Soup", "Rice", "Dumplings"] { try cli("add", "p.tagproj", "dish", text) }
        let run = BoundedRun(directory: cli.dir)
        for command in Self.edits {
            // What the command does when it is not killed, on a copy.
            try? FileManager.default.removeItem(atPath: cli.path("after.tagproj"))
            try FileManager.default.copyItem(atPath: cli.path("p.tagproj"), toPath: cli.path("after.tagproj"))
            let before = try State(cli.path("p.tagproj"))
            let finished = try cli.run([command[0], "after.tagproj"] + command.dropFirst(2))
            try #require(finished.status == 0, "\(command): \(finished)")
            let after = try State(cli.path("after.tagproj"))
            try #require(after != before, "\(command) changes nothing")
            for (point, committed) in Self.editSteps {
                let ending = try run.killed(at: point, command)
                #expect(ending == .signal(SIGKILL), "\(command) at \(point): \(ending)")
                // A read-only command must cope with the hot journal a kill can leave.
                let list = try cli("list", "p.tagproj")
                #expect(list.status == 0, "\(command) at \(point), list: \(list)")
                let now = try State(cli.path("p.tagproj"))
                #expect(now == (committed ? after : before), "\(command) at \(point)")
                let check = try cli("check", "p.tagproj")
                #expect(check.status == 0, "\(command) at \(point): \(check)")
            }
        }
    }

    @Test func exportsKilledBeforeAndWhileWritingLeaveNoPartialFile() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        try cli("add", "p.tagproj", "dish", "Coffee")
        try cli("export", "p.tagproj", "whole.png")
        let whole = cli.bytes("whole.png")
        let run = BoundedRun(directory: cli.dir)
        // Killed with the project open and nothing written yet, then with the output begun in its
        // temporary file; with no out.png yet, then with the one a finished export wrote.
        for existing in [false, true] {
            for (point, writing) in [("opened", false), ("output-started", true)] {
                try? FileManager.default.removeItem(atPath: cli.path("out.png"))
                if existing { try FileManager.default.copyItem(atPath: cli.path("whole.png"), toPath: cli.path("out.png")) }
                let ending = try run.killed(at: point, ["export", "p.tagproj", "out.png"])
                #expect(ending == .signal(SIGKILL), "at \(point): \(ending)")
                // The target is as it was: missing, or the earlier export's, never a partial file.
                #expect(cli.bytes("out.png") == (existing ? whole : nil), "at \(point), out.png existing: \(existing)")
                let temporaries = try Self.temporaries(in: cli.dir)
                #expect(temporaries.count == (writing ? 1 : 0), "at \(point): \(temporaries)")
                // The next export to the same place removes the dead export's temporary file.
                #expect(try cli("export", "p.tagproj", "out.png").status == 0)
                #expect(try Self.temporaries(in: cli.dir).isEmpty, "at \(point): \(temporaries) left")
                #expect(cli.bytes("out.png") == whole)
            }
        }
    }

    @Test func onlyTheTemporaryFilesOfDeadProcessesAreRemoved() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        let dead = ".out.png.tagproj-tmp-2147483646"  // above any pid_max
        let alive = ".out.png.tagproj-tmp-\(getpid())"
        let other = ".other.png.tagproj-tmp-2147483646"
        for name in [dead, alive, other] { #expect(FileManager.default.createFile(atPath: cli.path(name), contents: Data("x".utf8))) }
        #expect(try cli("export", "p.tagproj", "out.png").status == 0)
        #expect(try Self.temporaries(in: cli.dir) == [alive, other].sorted())
    }

    /// The `.NAME.tagproj-tmp-PID` files in `dir`.
    static func temporaries(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tagproj-tmp-") }.sorted()
    }
}
