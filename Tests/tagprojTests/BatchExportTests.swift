import Foundation
import TagKit
import Testing
@testable import tagproj

/// `tagproj export A B C --out-dir DIR`: many projects in parallel, failures named, the rest done.
@Suite struct BatchExportTests {
    /// Two good projects (one in a subfolder) and one that is not a project.
    static func projects(_ cli: CLI) throws -> [String] {
        try cli.newProject("a.tagproj")
        try cli("add", "a.tagproj", "dish", "Soup")
        try FileManager.default.createDirectory(atPath: cli.path("menus"), withIntermediateDirectories: true)
        try cli.newProject("menus/c.tagproj")
        _ = FileManager.default.createFile(atPath: cli.path("b.tagproj"), contents: Data("not a project".utf8))
        return ["a.tagproj", "b.tagproj", "menus/c.tagproj"]
    }

    @Test func oneFailingProjectIsNamedWhileTheOthersAreExported() throws {
        let cli = CLI()
        let run = try cli.run(["export"] + (try Self.projects(cli)) + ["--out-dir", "out", "--jobs", "2"])
        #expect(run.status == 65, "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(Set(run.errorLines.prefix(3)) == [
            "ok a.tagproj → out/a.jpg", "ok menus/c.tagproj → out/c.jpg",
            "failed b.tagproj: 'b.tagproj' is not a tagproj project (not an SQLite database)",
        ], "\(run)")
        #expect(run.errorLines[3] == "error: 1 of 3 projects failed: b.tagproj", "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("out")).sorted() == ["a.jpg", "c.jpg"])
        #expect(cli.bytes("out/a.jpg")?.prefix(2) == Data([0xFF, 0xD8]))
    }

    /// `export.quality` is the user's default for every export: a single one and a batch's
    /// children write what `--quality` would (the editor's: EditorExportTests).
    @Test func theUsersQualityIsTakenByTheSingleExportAndTheBatchAlike() throws {
        let cli = CLI()
        try cli.newProject("a.tagproj")
        try cli("add", "a.tagproj", "dish", "Soup")
        #expect(try cli("export", "a.tagproj", "flag.webp", "--quality", "35").status == 0)
        #expect(try cli("export", "a.tagproj", "plain.webp").status == 0)
        #expect(try cli("config", "export.quality", "35").status == 0)
        #expect(try cli("export", "a.tagproj", "single.webp").status == 0)
        let batch = try cli("export", "a.tagproj", "--out-dir", "out", "--format", "webp")
        #expect(batch.status == 0, "\(batch)")
        let flag = cli.bytes("flag.webp")
        #expect(flag != nil && flag != cli.bytes("plain.webp"), "quality 35 is not the default's 92")
        #expect(cli.bytes("single.webp") == flag && cli.bytes("out/a.webp") == flag)
    }

    @Test func failuresWithDifferentCodesExit1AndJSONListsEveryProject() throws {
        let cli = CLI()
        let projects = try Self.projects(cli) + ["missing.tagproj"]
        let run = try cli.run(["export"] + projects + ["--out-dir", "out", "--format", "png", "--max-size", "300", "--json", "-q"])
        #expect(run.status == 1, "\(run)")
        #expect(run.errorLines.filter { $0.hasPrefix("failed ") }.count == 2 && !run.stderr.contains("ok "), "\(run)")
        #expect(run.stderr.contains("error: 2 of 4 projects failed: b.tagproj, missing.tagproj"))
        let exports = try #require(try CLI.json(run)["exports"] as? [[String: Any]])
        #expect(exports.map { $0["project"] as? String } == projects)
        #expect(exports.map { $0["ok"] as? Bool } == [true, false, true, false])
        #expect(exports[0]["path"] as? String == "out/a.png" && exports[0]["width"] as? Int == 300 && exports[0]["format"] as? String == "png")
        #expect(exports[1]["exit"] as? Int == 65 && exports[3]["exit"] as? Int == 66)
    }

    @Test(arguments: [["--quality", "20", "--width", "150"], ["--format", "png", "--scale", "0.25", "--max-pixels", "300000"],
                      ["--format", "jpg", "--max-size", "120"]])
    func eachChildGetsTheOptionsAsGiven(_ options: [String]) throws {
        // The children get the options back from TagKit's ExportOptions.arguments: a batch
        // export writes exactly what a single export with the same flags writes.
        let cli = CLI()
        try cli("new", "a.tagproj", CLI.coffee)
        let suffix = options.contains("png") ? "png" : "jpg"
        #expect(try cli.run(["export", "a.tagproj", "--out-dir", "out"] + options).status == 0)
        #expect(try cli.run(["export", "a.tagproj", "single.\(suffix)"] + options).status == 0)
        #expect(cli.bytes("out/a.\(suffix)") != nil && cli.bytes("out/a.\(suffix)") == cli.bytes("single.\(suffix)"))
    }

    @Test func allGoodExitsZeroAndTheSingleFormIsUnchanged() throws {
        let cli = CLI()
        try cli.newProject("a.tagproj")
        try cli.newProject("b.tagproj")
        let run = try cli("export", "a.tagproj", "b.tagproj", "--out-dir", "out/deep")
        #expect(run.status == 0 && run.errorLines.count == 2, "\(run)")
        #expect(cli.bytes("out/deep/b.jpg") != nil)
        let single = try cli("export", "a.tagproj", "a.png")
        #expect(single.status == 0 && single.stderr.hasPrefix("wrote a.png: png 600×400"), "\(single)")
    }

    @Test func projectsThatWouldWriteTheSameFileAreRefusedUpFront() throws {
        let cli = CLI()
        try cli.newProject("a.tagproj")
        try FileManager.default.createDirectory(atPath: cli.path("x"), withIntermediateDirectories: true)
        try cli.newProject("x/a.tagproj")
        expectFailure(try cli("export", "a.tagproj", "x/a.tagproj", "--out-dir", "out"), 64, "would both be exported to 'out/a.jpg'")
        expectFailure(try cli("export", "a.tagproj", "a.jpg", "--jobs", "2"), 64, "--jobs works only with --out-dir")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out")))
    }

    @Test func aTerminalGetsAProgressBar() throws {
        let cli = CLI()
        let projects = try Self.projects(cli)
        guard let screen = try OutputTests.onTerminal(cli, "'\(CLI.binary)' export \(projects.joined(separator: " ")) --out-dir out") else { return }
        #expect(screen.contains("] 3/3") && screen.contains("\r"), "\(screen)")
        #expect(screen.contains("b.tagproj: 'b.tagproj' is not a tagproj project") && !screen.contains("ok a.tagproj"), "\(screen)")
    }
}

/// How a batch export shows its children's notices: each with the severity its answer gave it,
/// as a single export shows it (`warning:`, `note:`, or the text alone), read back through the
/// codec that wrote it.
@Suite struct BatchNoticeTests {
    @Test func eachNoticeKeepsTheSeverityItsAnswerGaveIt() throws {
        let notices: [Notice] = [.photoSlightlyDamaged(project: "a.tagproj", problem: "extraneous bytes"),
                                 .otherBranch(seq: 4, label: "flip #1"),
                                 .arranged(TagID(2), NormalizedPoint(x: 0.5, y: 0.25), .left)]
        let answer = RequestCodec.json(Answer(.undone([]), notices: notices), to: .undo(steps: 1))
        guard case .object(let members) = answer, let json = members.first(where: { $0.0 == "notices" })?.1 else {
            Issue.record("no notices in \(answer.text)")
            return
        }
        let read = BatchExport.notices(json)
        #expect(read.map(\.severity) == [.warning, .note, .info])
        #expect(read.map(\.text) == notices.map(\.message))
    }

    @Test func aNoticeOfUnknownSeverityIsHeededAsAWarning() throws {
        let read = BatchExport.notices(try JSONParser().parse(#"[{"text":"new","severity":"alarm"},{"text":"bare"}]"#))
        #expect(read.map(\.severity) == [.warning, .warning] && read.map(\.text) == ["new", "bare"])
    }
}
