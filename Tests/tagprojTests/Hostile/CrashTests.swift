import Foundation
import Testing
import TagKit

/// `kill -9` at random moments (seeded): an edit leaves the project exactly before or after the
/// command and `check` passes; an export leaves no partial file, and the temporary file it leaves
/// is removed by the next export to that place.
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
            entries = tree.items.map { ["\($0.seq)", "\($0.parent)", $0.label, "\($0.undone)"] }
            cursor = tree.cursor
        }
    }

    static let edits: [[String]] = [
        ["add", "p.tagproj", "dish", "Tea"], ["move", "p.tagproj", "1", "--by", "0.05,0.02"], ["flip", "p.tagproj", "2"],
        ["edit", "p.tagproj", "1", "Noodles"], ["undo", "p.tagproj"], ["redo", "p.tagproj"], ["delete", "p.tagproj", "3"],
        ["undo", "p.tagproj", "--steps", "2"], ["add", "p.tagproj", "price", "8.50", "--at", "0.2,0.8"],
        ["move", "p.tagproj", "2", "--to", "0.9,0.1"],
    ]

    @Test func editsKilledAtRandomMomentsLeaveTheProjectBeforeOrAfter() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        for text in ["Soup", "Rice", "Dumplings"] { try cli("add", "p.tagproj", "dish", text) }
        let run = BoundedRun(directory: cli.dir)
        var random = SeededRandom(state: 2024)
        var outcomes: [String: Int] = [:]
        for round in 0..<40 {
            let command = Self.edits[round % Self.edits.count]
            // What the command does when it is not killed, on a copy.
            try? FileManager.default.removeItem(atPath: cli.path("after.tagproj"))
            try FileManager.default.copyItem(atPath: cli.path("p.tagproj"), toPath: cli.path("after.tagproj"))
            let before = try State(cli.path("p.tagproj"))
            let finished = try cli.run([command[0], "after.tagproj"] + command.dropFirst(2))
            let after = try State(cli.path("after.tagproj"))
            let ending = try run.killed(after: Double.random(in: 0...0.03, using: &random), command)
            // A read-only command must cope with the hot journal a kill can leave.
            let list = try cli("list", "p.tagproj")
            #expect(list.status == 0, "round \(round), list after \(ending): \(list)")
            let now = try State(cli.path("p.tagproj"))
            #expect(now == before || now == after, "round \(round): \(command) ended \(ending)")
            if ending != .signal(SIGKILL) {
                #expect(ending == .exit(finished.status), "round \(round): \(command)")
            }
            outcomes[now == before && now != after ? "before" : "after", default: 0] += 1
            let check = try cli("check", "p.tagproj")
            #expect(check.status == 0, "round \(round): \(check)")
        }
        // The seeded delays must catch commands both before and after their commit.
        #expect(outcomes["before", default: 0] > 0 && outcomes["after", default: 0] > 0, "\(outcomes)")
    }

    @Test func exportsKilledAtRandomMomentsLeaveNoPartialFile() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        try cli("add", "p.tagproj", "dish", "Coffee")
        try cli("export", "p.tagproj", "whole.png")
        let whole = cli.bytes("whole.png")
        let run = BoundedRun(directory: cli.dir)
        var random = SeededRandom(state: 7)
        var leftTemporaries = 0
        for round in 0..<15 {
            try? FileManager.default.removeItem(atPath: cli.path("out.png"))
            _ = try run.killed(after: Double.random(in: 0...0.3, using: &random), ["export", "p.tagproj", "out.png"])
            if let written = cli.bytes("out.png") { #expect(written == whole, "round \(round): a partial out.png") }
            let temporaries = try Self.temporaries(in: cli.dir)
            #expect(temporaries.count <= 1)
            leftTemporaries += temporaries.count
            // The next export to the same place removes the dead export's temporary file.
            if !temporaries.isEmpty {
                #expect(try cli("export", "p.tagproj", "out.png").status == 0)
                #expect(try Self.temporaries(in: cli.dir).isEmpty, "round \(round): \(temporaries) left")
                #expect(cli.bytes("out.png") == whole)
            }
        }
        #expect(leftTemporaries > 0, "no kill landed while the temporary file existed")
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
