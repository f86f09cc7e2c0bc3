import Foundation
import Testing

/// What one run of the `tagproj` binary did: the three things a user sees.
struct Run: CustomStringConvertible {
    let status: Int32
    let stdout: String
    let stderr: String
    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
    /// stderr's lines.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// Runs the `tagproj` built beside this test bundle, in a temporary folder of its own.
final class CLI {
    let dir: String
    static let binary: String = {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("tagproj").path
    }()
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var coffee: String { repository.appendingPathComponent("Fixtures/coffee.png").path }

    init() {
        dir = NSTemporaryDirectory() + "tagproj-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func path(_ name: String) -> String { dir + "/" + name }

    /// Runs `tagproj arguments…` with `environment` added, waiting for it to finish.
    @discardableResult
    func callAsFunction(_ arguments: String..., environment: [String: String] = [:]) throws -> Run {
        try run(arguments, environment: environment)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        try run(program: CLI.binary, arguments, environment: environment)
    }

    /// Runs `tagproj arguments…` with `input` on its standard input.
    @discardableResult
    func withInput(_ input: String, _ arguments: String...) throws -> Run {
        let file = path(".stdin-\(UUID().uuidString)")
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try run(program: CLI.binary, arguments, input: FileHandle(forReadingAtPath: file))
    }

    /// Runs `program arguments…` (another tool, or `tagproj` through a shell) in the folder.
    func run(program: String, _ arguments: [String], environment: [String: String] = [:], input: FileHandle? = nil) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        // Every run sees its own (empty) config and state folders and the C locale, so neither
        // the user's ~/.config/tagproj/config, the editor's room remembered in ~/.local/state nor
        // the machine's LANG changes what a command does; a test that wants them passes
        // XDG_CONFIG_HOME, XDG_STATE_HOME or LC_ALL.
        let isolated = ["XDG_CONFIG_HOME": dir + "/.config", "XDG_STATE_HOME": dir + "/.local/state", "LC_ALL": "C"]
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { $1 }.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input { process.standardInput = input }
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A project of the coffee photo (600×400) named `name`.
    @discardableResult
    func newProject(_ name: String = "dinner.tagproj") throws -> String {
        let run = try self("new", name, CLI.coffee)
        #expect(run.status == 0, "\(run)")
        return name
    }

    /// The bytes of a file in the folder.
    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

    /// Parses stdout as a JSON object.
    static func json(_ run: Run) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as! [String: Any]
    }
}

/// Checks the three parts of a failed run together: exit code, one `error:` line first (maybe
/// followed by hint and usage lines), nothing on stdout.
func expectFailure(_ run: Run, _ status: Int32, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.status == status, "\(run)", sourceLocation: sourceLocation)
    #expect(run.stdout.isEmpty, "\(run)", sourceLocation: sourceLocation)
    #expect(run.errorLines.first?.hasPrefix("error: ") == true, "\(run)", sourceLocation: sourceLocation)
    #expect(run.errorLines.first?.contains(message) == true, "\(run)", sourceLocation: sourceLocation)
    // After the error: its hint and usage, and (check) a note for each further problem.
    #expect(run.errorLines.dropFirst().allSatisfy { $0.hasPrefix("hint: ") || $0.hasPrefix("usage: ") || $0.hasPrefix("note: also: ") }, "\(run)",
            sourceLocation: sourceLocation)
}
