import Foundation
import Testing

/// Writes that fail for lack of space or permission: 74 for the project (left as it was), 73 for
/// an export's output (no partial file). Running as root, permissions stop nothing, so a small
/// tmpfs is filled or remounted read-only; where mounting is not allowed these tests are skipped
/// and say so. `RLIMIT_FSIZE` and `/dev/full` need no privileges.
@Suite struct DiskFullTests {
    /// Whether this process may mount a tmpfs (root in a sandbox that allows it).
    static let canMount: Bool = {
        let dir = NSTemporaryDirectory() + "tagproj-mount-probe-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard shell("mount -t tmpfs -o size=64k tmpfs '\(dir)'") == 0 else { return false }
        return shell("umount '\(dir)'") == 0
    }()

    @discardableResult
    static func shell(_ command: String) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// A 1 MiB tmpfs at `cli.path("small")` holding a copy of project `p.tagproj`, unmounted by `body`'s end.
    static func onSmallDisk(_ cli: CLI, _ body: (String) throws -> Void) throws {
        let mount = cli.path("small")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        try #require(shell("mount -t tmpfs -o size=1m tmpfs '\(mount)'") == 0)
        defer { shell("umount '\(mount)'") }
        try FileManager.default.copyItem(atPath: cli.path("p.tagproj"), toPath: mount + "/p.tagproj")
        try body(mount)
    }

    /// Fills the file system of `dir` until a write fails.
    static func fill(_ dir: String) {
        shell("dd if=/dev/zero of='\(dir)/filler' bs=4k 2>/dev/null; sync")
    }

    static func smallProject(_ cli: CLI) throws {
        #expect(try cli("new", "p.tagproj", Hostile.path("small.png")).status == 0)
        try cli("add", "p.tagproj", "dish", "Soup")
    }

    @Test(.enabled(if: canMount, "skipped: mounting a tmpfs is not allowed here"))
    func anEditOnAFullDiskExits74AndChangesNothing() throws {
        let cli = CLI()
        try Self.smallProject(cli)
        try Self.onSmallDisk(cli) { disk in
            Self.fill(disk)
            let before = cli.bytes("small/p.tagproj")
            for command in [["add", "small/p.tagproj", "dish", "Tea"], ["move", "small/p.tagproj", "1", "--by", "0.1,0"]] {
                expectFailure(try cli.run(command), 74, "cannot change 'small/p.tagproj': database or disk is full")
                #expect(cli.bytes("small/p.tagproj") == before)
            }
            try FileManager.default.removeItem(atPath: disk + "/filler")
            #expect(try cli("add", "small/p.tagproj", "dish", "Tea").status == 0)
            #expect(try cli("check", "small/p.tagproj").status == 0)
        }
    }

    @Test(.enabled(if: canMount, "skipped: mounting a tmpfs is not allowed here"))
    func anEditOnAReadOnlyDiskExits74AndReadsStillWork() throws {
        let cli = CLI()
        try Self.smallProject(cli)
        try Self.onSmallDisk(cli) { disk in
            try #require(Self.shell("mount -o remount,ro '\(disk)'") == 0)
            let before = cli.bytes("small/p.tagproj")
            expectFailure(try cli("add", "small/p.tagproj", "dish", "Tea"), 74, "readonly database")
            #expect(cli.bytes("small/p.tagproj") == before)
            #expect(try cli("list", "small/p.tagproj").status == 0)
            expectFailure(try cli("export", "small/p.tagproj", "small/out.png"), 73, "small/out.png")
        }
    }

    @Test(.enabled(if: canMount, "skipped: mounting a tmpfs is not allowed here"))
    func anExportToAFullDiskExits73AndLeavesNoFile() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")  // 600×400: its PNG (~450 KB) cannot fit in what is left
        try Self.onSmallDisk(cli) { disk in
            #expect(FileManager.default.createFile(atPath: disk + "/filler", contents: Data(count: 300_000)))
            expectFailure(try cli("export", "p.tagproj", "small/out.png"), 73, "small/out.png")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk).sorted() == ["filler", "p.tagproj"])
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "skipped: no /dev/full"))
    func anExportToAFullStandardOutputExits73() throws {
        let cli = CLI()
        try Self.smallProject(cli)
        let status = Self.shell("cd '\(cli.dir)' && '\(CLI.binary)' export p.tagproj - --format png > /dev/full 2> err.txt")
        #expect(status == 73)
        let stderr = String(decoding: cli.bytes("err.txt") ?? Data(), as: UTF8.self)
        #expect(stderr.hasPrefix("error: ") && stderr.contains("No space left on device"), "\(stderr)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/prlimit"), "skipped: no prlimit"))
    func aProjectWriteOverTheFileSizeLimitExits74AndChangesNothing() throws {
        let cli = CLI()
        try Self.smallProject(cli)
        let before = cli.bytes("p.tagproj")
        // SIGXFSZ ignored (inherited through exec), so the write fails with EFBIG instead of killing.
        let status = Self.shell("""
            cd '\(cli.dir)' && trap '' XFSZ && /usr/bin/prlimit --fsize=2048 '\(CLI.binary)' add p.tagproj dish Tea 2> err.txt
            """)
        let stderr = String(decoding: cli.bytes("err.txt") ?? Data(), as: UTF8.self)
        #expect(status == 74, "\(stderr)")
        #expect(stderr.hasPrefix("error: "), "\(stderr)")
        #expect(cli.bytes("p.tagproj") == before)
        #expect(try cli("check", "p.tagproj").status == 0)
    }
}
