import Foundation
import Testing

/// `export` to something that is not a regular file: a device or a FIFO with a reader is written
/// through and stays what it was; a FIFO nobody reads, a socket, a link to nothing are refused
/// with exit 73 at once; nothing is ever read from the output or renamed over it.
@Suite struct SpecialOutputTests {
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// The file type bits of `path` (not following a link).
    static func type(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    static func project(_ cli: CLI) throws {
        try cli.newProject("p.tagproj")
        #expect(try cli("add", "p.tagproj", "dish", "Soup", "--at", "0.3,0.5").status == 0)
    }

    @Test func aFIFOWithAReaderIsWrittenThroughAndStaysAFIFO() throws {
        let cli = CLI()
        try Self.project(cli)
        let fifo = cli.path("out.png")
        #expect(mkfifo(fifo, 0o644) == 0)
        // The reader opens the FIFO first, as `cat fifo > file` would.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        defer { if reader.isRunning { kill(reader.processIdentifier, SIGKILL) } }  // a failed test leaves no reader behind
        // Wait for the reader to be in its open of the FIFO, which returns only once a writer
        // comes: until then it has no descriptor to see, but the kernel says it waits for one.
        // The hang guard only stops a wait that would never end; no verdict depends on its length.
        let given = Date().addingTimeInterval(BoundedRun.hangGuard)
        while !Self.isOpening(reader.processIdentifier, fifo) && Date() < given { usleep(1000) }
        try #require(Self.isOpening(reader.processIdentifier, fifo), "the reader never opened the FIFO")
        // Drained as it comes: the picture is larger than a pipe holds.
        let drained = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var received: [UInt8] = []
        DispatchQueue.global().async {
            received = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
            drained.signal()
        }
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["export", "p.tagproj", "out.png"])
        drained.wait()
        reader.waitUntilExit()
        #expect(ending == .exit(0), "\(stderr)")
        #expect(received.count > 1000 && Array(received.prefix(4)) == Self.pngMagic)
        #expect(Self.type(fifo) == S_IFIFO)
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: cli.dir)).contains { $0.contains("tagproj-tmp") })
    }

    @Test func aFIFONobodyReadsIsRefusedAtOnce() throws {
        let cli = CLI()
        try Self.project(cli)
        #expect(mkfifo(cli.path("out.jpg"), 0o644) == 0)
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["export", "p.tagproj", "out.jpg"])
        #expect(ending == .exit(73), "\(stderr)")
        #expect(stderr.hasPrefix("error: 'out.jpg' is a FIFO that no process is reading"), "\(stderr)")
        #expect(Self.type(cli.path("out.jpg")) == S_IFIFO)
    }

    /// A character device node made here (root only): with the numbers of the null device it
    /// takes the picture, with those of the full device every write fails.
    @Test(arguments: [(UInt32(3), Int32(0)), (UInt32(7), Int32(73))])
    func aCharacterDeviceIsWrittenThroughAndStaysADevice(_ minor: UInt32, _ status: Int32) throws {
        let cli = CLI()
        try Self.project(cli)
        let node = cli.path("device.png")
        guard mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else {  // makedev(1, minor), as glibc encodes small numbers
            #expect(getuid() != 0, "mknod failed as root: \(String(cString: strerror(errno)))")
            return  // not root: no device node can be made
        }
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["export", "p.tagproj", "device.png"])
        #expect(ending == .exit(status), "\(stderr)")
        if status != 0 { #expect(stderr.hasPrefix("error: ") && stderr.contains("No space left on device"), "\(stderr)") }
        #expect(Self.type(node) == S_IFCHR)
    }

    @Test func aSocketAndALinkToNothingAreRefused() throws {
        let cli = CLI()
        try Self.project(cli)
        let socketPath = cli.path("s.png")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(symlink("missing.png", cli.path("dangling.png")) == 0)
        for (output, message) in [("s.png", "is a socket"), ("dangling.png", "is a symbolic link to nothing")] {
            let (ending, stderr) = try BoundedRun(directory: cli.dir)(["export", "p.tagproj", output])
            #expect(ending == .exit(73), "\(output): \(stderr)")
            #expect(stderr.hasPrefix("error: ") && stderr.contains(message), "\(stderr)")
        }
        #expect(Self.type(socketPath) == S_IFSOCK)
        #expect(Self.type(cli.path("dangling.png")) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: cli.path("missing.png")))
    }

    @Test func aLinkToAFileHasTheFileReplacedAndStaysALink() throws {
        let cli = CLI()
        try Self.project(cli)
        #expect(FileManager.default.createFile(atPath: cli.path("real.png"), contents: Data("old".utf8)))
        #expect(symlink("real.png", cli.path("link.png")) == 0)
        let run = try cli("export", "p.tagproj", "link.png")
        #expect(run.status == 0, "\(run)")
        #expect(Self.type(cli.path("link.png")) == S_IFLNK)
        #expect(Array(cli.bytes("real.png")!.prefix(4)) == Self.pngMagic)
    }

    /// Nothing is ever created in the system's folder of devices: a name there that does not
    /// exist is refused (73), not made into a regular file.
    @Test func aMissingNameInDevIsRefusedAndNothingIsCreatedThere() throws {
        let cli = CLI()
        try Self.project(cli)
        let name = "/dev/tagproj-test-\(getpid())-missing.png"
        defer { unlink(name) }
        let run = try cli("export", "p.tagproj", name)
        #expect(run.status == 73, "\(run)")
        #expect(access(name, F_OK) != 0, "an export made \(name)")
    }

    /// `/dev/stdout` is a link into /proc: to a pipe it is written through; to a file, the file
    /// gets the picture. Either way /dev/stdout stays the link it was.
    @Test(arguments: [false, true])
    func devStdoutIsWrittenAndStaysALink(_ toFile: Bool) throws {
        let cli = CLI()
        try Self.project(cli)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["export", "p.tagproj", "/dev/stdout", "--format", "png"]
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        let pipe = Pipe(), err = Pipe()
        process.standardError = err
        if toFile {
            #expect(FileManager.default.createFile(atPath: cli.path("out.png"), contents: nil))
            process.standardOutput = FileHandle(forWritingAtPath: cli.path("out.png"))
        } else {
            process.standardOutput = pipe
        }
        try process.run()
        let received = toFile ? [] : [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(stderr)")
        let picture = toFile ? [UInt8](cli.bytes("out.png") ?? Data()) : received
        #expect(picture.count > 1000 && Array(picture.prefix(4)) == Self.pngMagic)
        #expect(Self.type("/dev/stdout") == S_IFLNK)
    }

    /// Whether process `pid` has `path` open (a look through /proc/PID/fd).
    static func processHasOpen(_ pid: Int32, _ path: String) -> Bool {
        let dir = "/proc/\(pid)/fd"
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + $0)) == path }
    }

    /// Whether process `pid` has the FIFO at `path` open, or is in its open waiting for the other
    /// end (Linux's `wait_for_partner`), where it already counts as a reader for a writer's open.
    static func isOpening(_ pid: Int32, _ path: String) -> Bool {
        let waiting = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) == "wait_for_partner"
        return waiting || processHasOpen(pid, path)
    }
}
