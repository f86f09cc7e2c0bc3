import Foundation
import Testing

/// How a bounded run of `tagproj` ended: an exit code, a signal, or killed as hung.
enum Ending: Hashable, Sendable, CustomStringConvertible {
    case exit(Int32)
    case signal(Int32)
    case hung

    var description: String {
        switch self {
        case .exit(let code): return "exit \(code)"
        case .signal(let number): return "signal \(number)"
        case .hung: return "hung (killed after \(Int(BoundedRun.hangGuard)) s)"
        }
    }
}

/// Runs the `tagproj` binary to its end with a guard against hangs, or has it kill itself at a
/// named step: what the hostile tests need beyond `CLI`, which waits for ever and cannot stop a
/// run. Every wait is for an event (the process's exit); no verdict depends on how fast it came.
struct BoundedRun: Sendable {
    /// Seconds after which a run counts as hung and is killed: far beyond what any command of
    /// these tests takes on a slow, loaded machine, so it only stops a run that would never end.
    static let hangGuard: Double = 300

    /// The folder the process runs in.
    let directory: String
    /// A cap on the process's address space (RLIMIT_AS through `prlimit`), in MiB: an allocation
    /// beyond it fails instead of succeeding lazily, so "refused before allocating" is observable.
    var memoryLimitMiB: Int? = nil

    /// Runs `tagproj arguments…` until it exits; stdout is discarded, stderr returned. A run still
    /// going after `timeout` seconds (a hang guard, not a measure of speed) is killed: `.hung`.
    func callAsFunction(_ arguments: [String], timeout: Double = BoundedRun.hangGuard, environment: [String: String] = [:]) throws
        -> (ending: Ending, stderr: String)
    {
        let process = start(arguments, environment: environment)
        let err = Pipe()
        process.standardError = err
        let exited = Self.exitSignal(of: process)
        try process.run()
        // Read as it comes, so that a child writing more than a pipe holds is not stopped by it.
        let stderr = Drain(err.fileHandleForReading)
        let ending = Self.wait(for: process, exited: exited, timeout: timeout)
        return (ending, stderr.text())
    }

    /// Runs `tagproj arguments…` told to kill itself with SIGKILL when it reaches `point`
    /// (`TAGPROJ_TEST_KILL_AT`; the points are listed in `Sources/CShims/crash_points.c`), and
    /// returns how it ended: `.signal(SIGKILL)` when it got there.
    func killed(at point: String, _ arguments: [String]) throws -> Ending {
        let process = start(arguments, environment: ["TAGPROJ_TEST_KILL_AT": point])
        process.standardError = FileHandle.nullDevice
        let exited = Self.exitSignal(of: process)
        try process.run()
        return Self.wait(for: process, exited: exited, timeout: Self.hangGuard)
    }

    private func start(_ arguments: [String], environment: [String: String]) -> Process {
        let process = Process()
        if let memoryLimitMiB {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--as=\(memoryLimitMiB << 20)", CLI.binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        return process
    }

    /// A semaphore signalled when `process` (not yet running) exits.
    private static func exitSignal(of process: Process) -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        return exited
    }

    /// Waits for the exit; after `timeout` seconds without one, kills the process as hung.
    private static func wait(for process: Process, exited: DispatchSemaphore, timeout: Double) -> Ending {
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .hung
        }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    }
}

/// Everything a pipe gives until its end, read on a queue of its own.
private final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    /// The text read, once the pipe has ended (every writer has closed it).
    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Paths of the hostile fixtures made by `scripts/make-hostile-fixtures.py`.
enum Hostile {
    static func path(_ name: String) -> String {
        CLI.repository.appendingPathComponent("Fixtures/hostile/" + name).path
    }
    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }
}
