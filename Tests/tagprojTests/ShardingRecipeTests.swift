import Foundation
import Testing

/// The guide's recipe for sharding a batch across machines, run as written: GNU parallel with two
/// hosts whose ssh is a stand-in running each job here (`PARALLEL_SSH`), and xargs on one machine.
@Suite struct ShardingRecipeTests {
    /// The recipe's command line that runs `runner` (`| parallel `, `| xargs `).
    static func recipe(_ runner: String) throws -> String {
        let lines = ReadmeTests.block(after: "The projects are independent, so the same command shards", in: ReadmeTests.guide)
        return try #require(lines.first { $0.contains("| \(runner) ") }, "no \(runner) line in the guide's recipe")
    }

    /// Five projects in `menus/` (the recipe's folder), and the stand-in ssh in `bin/`: it drops
    /// ssh's options, notes the host in `hosts.log` and runs the command with `sh -c`, as sshd would,
    /// with `SHELL` set to the login shell as sshd sets it (parallel's remote worker runs each job
    /// with `$SHELL`; without it the job silently does nothing, as CI found when SHELL was unset).
    static func menus(_ cli: CLI, broken: Bool = false) throws -> [String] {
        try FileManager.default.createDirectory(atPath: cli.path("menus"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.path("bin"), withIntermediateDirectories: true)
        let names = ["a", "b", "c", "d", "e"]
        for name in names {
            try cli.newProject("menus/\(name).tagproj")
            try cli("add", "menus/\(name).tagproj", "dish", "Soup \(name)")
        }
        if broken { _ = FileManager.default.createFile(atPath: cli.path("menus/f.tagproj"), contents: Data("not a project".utf8)) }
        let ssh = """
            #!/bin/sh
            while [ $# -gt 0 ]; do case "$1" in -*) shift;; *) break;; esac; done
            echo "$1" >> '\(cli.path("hosts.log"))'
            shift
            [ "${1:-}" = "--" ] && shift
            SHELL=$(getent passwd "$(id -u)" | cut -d: -f7); export SHELL="${SHELL:-/bin/sh}"
            exec sh -c "$*"
            """
        _ = FileManager.default.createFile(atPath: cli.path("bin/ssh"), contents: Data(ssh.utf8),
                                           attributes: [.posixPermissions: 0o755])
        return names
    }

    /// Runs `line` in bash in the test's folder with the built `tagproj` first on PATH.
    static func run(_ line: String, in cli: CLI) throws -> Run {
        let binDir = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
        let path = binDir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = "export PATH='\(path)' PARALLEL_SSH='\(cli.path("bin/ssh"))' HOME='\(cli.dir)'\nunset SHELL\nset -o pipefail\n" + line
        return try #require(try CompletionTests.shell("bash", script, in: cli))
    }

    @Test func gnuParallelOnTwoHostsWritesWhatOneExportWrites() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel"), "GNU parallel: scripts/install-deps.sh")
        let line = try Self.recipe("parallel")
        #expect(line.contains("-S 4/host-a,4/host-b") && line.contains("--max-size 1080"), "\(line)")
        let cli = CLI()
        let names = try Self.menus(cli)
        let run = try Self.run(line, in: cli)
        #expect(run.status == 0, "\(line)\n\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("web")).sorted() == names.map { "\($0).jpg" })
        for name in names {
            #expect(try cli.run(["export", "menus/\(name).tagproj", "single.jpg", "--max-size", "1080"]).status == 0)
            #expect(cli.bytes("web/\(name).jpg") != nil && cli.bytes("web/\(name).jpg") == cli.bytes("single.jpg"), "\(name)")
        }
        // Both hosts ran jobs (parallel spreads five jobs over their eight slots).
        let hosts = String(decoding: cli.bytes("hosts.log") ?? Data(), as: UTF8.self).split(separator: "\n")
        #expect(Set(hosts) == ["host-a", "host-b"], "\(hosts)")
    }

    @Test func xargsOnOneMachineWritesEveryProject() throws {
        let line = try Self.recipe("xargs")
        let cli = CLI()
        let names = try Self.menus(cli)
        let run = try Self.run(line, in: cli)
        #expect(run.status == 0, "\(line)\n\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("web")).sorted() == names.map { "\($0).jpg" })
        #expect(names.allSatisfy { cli.bytes("web/\($0).jpg")?.prefix(2) == Data([0xFF, 0xD8]) })
    }

    @Test(arguments: ["parallel", "xargs"])
    func aFailingProjectMakesEitherRunnerExitNonZeroAndTheRestAreWritten(_ runner: String) throws {
        let line = try Self.recipe(runner)
        let cli = CLI()
        let names = try Self.menus(cli, broken: true)
        let run = try Self.run(line, in: cli)
        // parallel exits with the number of failed jobs; xargs with 123 when a run failed.
        #expect(run.status == (runner == "parallel" ? 1 : 123), "\(line)\n\(run)")
        #expect(run.stderr.contains("'menus/f.tagproj' is not a tagproj project"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("web")).sorted() == names.map { "\($0).jpg" })
    }
}
