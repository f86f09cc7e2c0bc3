import Foundation
import Testing
import TagKit

/// The history tree from the command line: branches kept and drawn, redo and undo saying what
/// they pass, jumps recorded as entries, earlier states exported without touching the project.
@Suite struct HistoryTreeCLITests {
    /// `add` (1), `move` (2), undo, `flip` (3): two branches continue from entry 1.
    private func forked() throws -> CLI {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        try cli("move", "dinner.tagproj", "1", "--to", "0.4,0.52")
        try cli("undo", "dinner.tagproj")
        try cli("flip", "dinner.tagproj", "1")
        return cli
    }

    /// The lines of `history` with the time and who columns cut out: marker, graph and seq, label.
    private func skeleton(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map { line in
            let text = String(line)
            guard let range = text.range(of: #"\d{4}-\d\d-\d\d \d\d:\d\d +\S+ +"#, options: .regularExpression) else { return text }
            return text.replacingCharacters(in: range, with: "| ")
        }
    }

    @Test func historyShowsTheCurrentBranchAndTreeDrawsEveryBranch() throws {
        let cli = try forked()
        let branch = try cli("history", "dinner.tagproj")
        #expect(branch.status == 0 && branch.stderr.isEmpty)
        #expect(skeleton(branch.stdout) == ["  1    | add dish #1 “宫保鸡丁”", "> 3    | flip #1"])
        #expect(branch.stdout.contains("root/cli") || branch.stdout.contains("/cli "), "who made it, and from where")
        let tree = try cli("history", "dinner.tagproj", "--tree")
        #expect(skeleton(tree.stdout) == ["  0    (start)", "  1    | add dish #1 “宫保鸡丁”", "  ├─ 2    | move #1 to 0.400,0.520", "> 3    | flip #1"])
        #expect(try cli("history", "dinner.tagproj", "--all").stdout == tree.stdout)
        let json = try CLI.json(try cli("history", "dinner.tagproj", "--tree", "--json"))
        let entries = json["entries"] as! [[String: Any]]
        #expect(entries.map { $0["parent"] as! Int } == [0, 1, 1] && entries.map { $0["undone"] as! Bool } == [false, true, false])
        #expect(entries.allSatisfy { $0["front_end"] as? String == "cli" && ($0["time_ms"] as? Int ?? 0) > 1_700_000_000_000 && $0["user"] is String })
        #expect(json["cursor"] as? Int == 3)
    }

    /// A project whose history nests `levels` branches deep, written with SQL: entry k continues
    /// from k - 1 and entry levels + k from k, so each entry up to `levels` has an older child
    /// (drawn one column in) and a newer one. The cursor stays at the start.
    private func nested(_ cli: CLI, levels: Int) throws {
        try cli.newProject("deep.tagproj")
        HostileProjectTests.plainSQL(cli.path("deep.tagproj"), """
            WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < \(levels))
            INSERT INTO history (seq, label, parent, time_ms, user, front_end)
                SELECT n, 'arrange: nothing overlapped', n - 1, 1700000000000, 'ana', 'cli' FROM k
                UNION ALL SELECT \(levels) + n, 'arrange: nothing overlapped', n, 1700000000000, 'ana', 'cli' FROM k;
            """)
    }

    @Test func aDeepTreeIsFoldedSoNoLineGrowsWithTheDepth() throws {
        let cli = CLI()
        try nested(cli, levels: 3_000)
        let tree = try cli("history", "deep.tagproj", "--tree")
        #expect(tree.status == 0 && tree.stderr.isEmpty)
        let lines = tree.stdout.split(separator: "\n")
        #expect(lines.count == 6_001)
        // The marker, the graph, the seq, the time, who, the label.
        let widest = 2 + HistoryGraph.maximumLeadWidth + 5 + 18 + 16 + "arrange: nothing overlapped".count
        #expect(lines.allSatisfy { $0.count <= widest }, "\(lines.map(\.count).max() ?? 0) > \(widest)")
        #expect(tree.stdout.utf8.count <= 3 * widest * lines.count, "the drawing grows with the entries, not entries × depth")
        #expect(skeleton(tree.stdout)[3_000] == "  " + String(repeating: "│  ", count: 8) + "… (+2990) ├─ 3000 | arrange: nothing overlapped")
    }

    @Test func aTreeThirtyThousandLevelsDeepIsDrawnInBoundedMemory() throws {
        let cli = CLI()
        try nested(cli, levels: 30_000)
        // Unfolded, this tree's leads alone come to 2.2 GB.
        let (ending, stderr) = try BoundedRun(directory: cli.dir, memoryLimitMiB: 256)(["history", "deep.tagproj", "--tree"], timeout: 120)
        #expect(ending == .exit(0) && stderr.isEmpty, "\(ending): \(stderr)")
    }

    @Test func redoFollowsTheNewestBranchAndSaysAnotherExists() throws {
        let cli = try forked()
        try cli("undo", "dinner.tagproj")
        let redo = try cli("redo", "dinner.tagproj")
        #expect(redo.status == 0 && redo.stdout.isEmpty)
        #expect(redo.stderr == """
            redid flip #1
            note: another branch continues from here (#2 “move #1 to 0.400,0.520”); tagproj history dinner.tagproj --tree

            """)
        try cli("undo", "dinner.tagproj")
        let json = try CLI.json(try cli("redo", "dinner.tagproj", "--json"))
        #expect(json["redone"] as? [String] == ["flip #1"])
        #expect((json["notices"] as? [[String: Any]])?.first?["notice"] as? String == "other_branch")
        #expect((json["notices"] as? [[String: Any]])?.first?["seq"] as? Int == 2)
    }

    @Test func undoToAndRestoreJumpAsOneUndoableEntry() throws {
        let cli = try forked()
        let jump = try cli("undo", "dinner.tagproj", "--to", "2")
        #expect(jump.status == 0 && jump.stderr == "restored the state of #2 (tagproj undo dinner.tagproj goes back)\n")
        var tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags[0]["x"] as? Double == 0.4 && tags[0]["side"] as? String == "right")
        let back = try cli("undo", "dinner.tagproj")
        #expect(back.stderr == "undid restore #2\n")
        tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags[0]["x"] as? Double == 0.3 && tags[0]["side"] as? String == "left")
        let restore = try CLI.json(try cli("restore", "dinner.tagproj", "0", "--json"))
        #expect(restore["restored"] as? Int == 0 && restore["label"] as? String == "restore #0")
        #expect(try cli("list", "dinner.tagproj", "--json").stdout == "{\"tags\":[],\"tag_scale\":1}\n")
        #expect(try cli("check", "dinner.tagproj").stdout == "ok\n")
    }

    @Test func aJumpThatCannotBeDoneChangesNothing() throws {
        let cli = try forked()
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj")))
        let missing = try cli("restore", "dinner.tagproj", "9")
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.errorLines == ["error: no history entry #9", "hint: run 'tagproj history dinner.tagproj --tree' to see every entry"])
        let here = try cli("undo", "dinner.tagproj", "--to", "3")
        #expect(here.status == 1 && here.errorLines.first == "error: entry #3 is already the current state")
        let both = try cli("undo", "dinner.tagproj", "--to", "1", "--steps", "2")
        #expect(both.status == 64 && both.errorLines.first == "error: --to and --steps cannot be combined")
        let negative = try cli("restore", "dinner.tagproj", "-1")
        #expect(negative.status == 64)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj"))) == file)
    }

    @Test func exportAtAnEntryDrawsThatStateAndLeavesTheProjectAsItWas() throws {
        let cli = try forked()
        try cli("undo", "dinner.tagproj")
        try cli("redo", "dinner.tagproj")
        // Entry 3's state, exported while current.
        #expect(try cli("export", "dinner.tagproj", "then.png").status == 0)
        try cli("edit", "dinner.tagproj", "1", "麻婆豆腐")
        try cli("add", "dinner.tagproj", "price", "38")
        let file = try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj")))
        let at = try cli("export", "dinner.tagproj", "at.png", "--at", "3")
        #expect(at.status == 0, "\(at)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj"))) == file, "the project is only read")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("at.png"))) == Data(contentsOf: URL(fileURLWithPath: cli.path("then.png"))))
        #expect(try cli("export", "dinner.tagproj", "now.png").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("now.png"))) != Data(contentsOf: URL(fileURLWithPath: cli.path("at.png"))))
        let list = try cli("list", "dinner.tagproj", "--at", "2")
        #expect(list.status == 0 && list.stdout.hasSuffix("宫保鸡丁\n") && list.stdout.contains("0.400  0.520"))
        let missing = try cli("export", "dinner.tagproj", "x.png", "--at", "99")
        #expect(missing.status == 1 && missing.errorLines.first == "error: no history entry #99")
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.png")))
    }

    @Test func twoProcessesEditingAtOnceBothKeepTheirEntriesAndUndoSaysWhoseItUndoes() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "0.3,0.3")
        try cli("add", "dinner.tagproj", "dish", "Tea", "--at", "0.3,0.7")
        // Two shells, each moving its own tag twelve times as fast as it can.
        let shells = (1...2).map { id -> Process in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do \"$0\" move dinner.tagproj \(id) --by 0.01,0 || exit 1; done", CLI.binary]
            p.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        for p in shells { try p.run() }
        for p in shells { p.waitUntilExit() }
        #expect(shells.allSatisfy { $0.terminationReason == .exit && $0.terminationStatus == 0 })
        let json = try CLI.json(try cli("history", "dinner.tagproj", "--tree", "--json"))
        let entries = json["entries"] as! [[String: Any]]
        // Every entry kept, each on top of the one before it: the cursor was read inside each edit's transaction.
        #expect(entries.count == 26 && json["cursor"] as? Int == 26)
        #expect(entries.enumerated().allSatisfy { $0.element["parent"] as? Int == $0.offset && $0.element["undone"] as? Bool == false })
        for id in 1...2 { #expect(entries.filter { ($0["label"] as! String).hasPrefix("move #\(id) to ") }.count == 12) }
        let tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.allSatisfy { abs(($0["x"] as! Double) - 0.42) < 1e-9 })
        #expect(try cli("check", "dinner.tagproj").status == 0)

        // Undo from this test's session undoes its own entry silently; from another session, it says so.
        let last = entries.last!["label"] as! String
        let elsewhere = try cli.run(program: "/usr/bin/setsid", ["--wait", CLI.binary, "undo", "dinner.tagproj"])
        #expect(elsewhere.status == 0)
        #expect(elsewhere.errorLines == ["undid \(last)", "note: undid #26 “\(last)”, made in another shell (\(entries.last!["user"] as! String), cli)"])
        let here = try cli("undo", "dinner.tagproj")
        #expect(here.status == 0 && here.errorLines.count == 1)
        // An entry made by apply is another front end's.
        #expect(try cli.withInput("{\"op\":\"flip\",\"id\":1}\n", "apply", "dinner.tagproj", "-").status == 0)
        let apply = try cli("undo", "dinner.tagproj")
        #expect(apply.errorLines.last?.hasPrefix("note: undid #27 “apply") == true && apply.errorLines.last?.hasSuffix("with apply") == true,
                "\(apply)")
    }
}
