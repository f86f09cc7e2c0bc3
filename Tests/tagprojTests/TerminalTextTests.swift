import Foundation
import Testing

/// glibc's pseudo-terminal calls, which Swift's Glibc module leaves out (they need _XOPEN_SOURCE).
enum PTY {
    static func symbol<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(dlopen(nil, RTLD_NOW), name)!, to: type)
    }
    static let openpt = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>).self)
}

/// What reaches a terminal has its control characters escaped; a pipe gets the text unchanged.
@Suite struct TerminalTextTests {
    /// Runs `tagproj arguments…` with stdout and stderr on a pseudo-terminal; returns what the
    /// terminal received and the exit status.
    static func onATerminal(_ cli: CLI, _ arguments: [String]) throws -> (text: String, status: Int32) {
        let master = PTY.openpt(O_RDWR | O_NOCTTY)
        #expect(master >= 0 && PTY.grantpt(master) == 0 && PTY.unlockpt(master) == 0)
        defer { close(master) }
        let name = String(cString: PTY.ptsname(master))
        let slave = open(name, O_RDWR | O_NOCTTY)
        #expect(slave >= 0)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        process.waitUntilExit()
        try terminal.close()
        // The child has exited and the slave is closed here: read what is buffered, then EIO.
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        return (String(decoding: received, as: UTF8.self), process.terminationStatus)
    }

    @Test func aFileNameWithEscapesReachesATerminalAsText() throws {
        let cli = CLI()
        let name = "x\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J.tagproj"
        let (text, status) = try Self.onATerminal(cli, ["list", name])
        #expect(status == 66)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), "\(text.debugDescription)")
        #expect(text.contains("x\\x1B]52;c;ZXZpbA==\\x07\\x1B[2J.tagproj"), "\(text.debugDescription)")
        // Through a pipe the name is as it was (scripts may parse it).
        let piped = try cli.run(["list", name])
        #expect(piped.stderr.contains(name))
    }

    @Test func aTagListOnATerminalIsUnchangedWhenThereIsNothingToEscape() throws {
        let cli = CLI()
        try cli.newProject("p.tagproj")
        #expect(try cli("add", "p.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.5").status == 0)
        let (text, status) = try Self.onATerminal(cli, ["list", "p.tagproj"])
        #expect(status == 0)
        #expect(text.contains("宫保鸡丁") && !text.contains("\\x"), "\(text.debugDescription)")
    }
}
