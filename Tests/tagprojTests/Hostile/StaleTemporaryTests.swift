import Foundation
import Testing

/// What a killed process leaves behind is removed by the next run there: a `new` killed while it
/// wrote its project, a gallery killed during an upload. Only hidden files of tagproj's own
/// naming whose process is gone go; everything else stays.
@Suite struct StaleTemporaryTests {
    /// The id of a process that has ended.
    func deadPID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    func hidden(_ cli: CLI, _ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cli.path(folder)).filter { $0.hasPrefix(".") }.sorted()
    }

    @Test func aNewKilledWhileWritingLeavesFilesTheNextNewRemoves() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path("menu"), withIntermediateDirectories: true)
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["new", "menu/a.tagproj", CLI.coffee],
                                                                  environment: ["TAGPROJ_TEST_KILL_AT": "db-written"])
        #expect(ending == .signal(SIGKILL), "\(stderr)")
        let left = try hidden(cli, "menu")
        #expect(!left.isEmpty && left.allSatisfy { $0.hasPrefix(".a.tagproj.tagproj-tmp-") }, "\(left)")
        #expect(try cli("new", "menu/b.tagproj", CLI.coffee).status == 0)
        #expect(try hidden(cli, "menu").isEmpty, "removed by the next new in the folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("menu")) == ["b.tagproj"])
    }

    @Test func theGalleryRemovesWhatAKilledOneLeftAndNothingElse() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path("menu"), withIntermediateDirectories: true)
        #expect(try cli("new", "menu/dish.tagproj", CLI.coffee).status == 0)
        let dead = try deadPID(), alive = getpid()
        let stale = [".tagproj-upload-\(dead)-Ab3xYz", ".dish-2.tagproj.tagproj-tmp-\(dead)", ".dish-2.tagproj.tagproj-tmp-\(dead)-journal"]
        let kept = [".tagproj-upload-\(alive)-Ab3xYz", ".dish.tagproj.tagproj-tmp-\(alive)", ".notes.txt", ".tagproj-upload-\(dead)-short"]
        for name in stale + kept { try Data(repeating: 7, count: 1000).write(to: URL(fileURLWithPath: cli.path("menu/" + name))) }
        // A link of our naming is not ours to follow or judge by its target: it stays.
        try FileManager.default.createSymbolicLink(atPath: cli.path("menu/.tagproj-upload-\(dead)-Link00"), withDestinationPath: "../elsewhere")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CLI.binary)
        server.arguments = ["open", cli.path("menu"), "--no-browser", "--port", "0"]
        server.environment = ["XDG_STATE_HOME": cli.path("state"), "XDG_CONFIG_HOME": cli.path("config"), "LC_ALL": "C"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        _ = out.fileHandleForReading.availableData  // the URL: the gallery is up
        kill(server.processIdentifier, SIGINT)
        server.waitUntilExit()
        #expect(try hidden(cli, "menu") == (kept + [".tagproj-upload-\(dead)-Link00"]).sorted())
    }
}
