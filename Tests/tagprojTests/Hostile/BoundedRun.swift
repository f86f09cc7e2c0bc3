import Foundation
import Testing

/// How a bounded run of `tagproj` ended: an exit code, a signal, or killed for taking too long.
enum Ending: Hashable, Sendable, CustomStringConvertible {
    case exit(Int32)
    case signal(Int32)
    case timedOut

    var description: String {
        switch self {
        case .exit(let code): return "exit \(code)"
        case .signal(let number): return "signal \(number)"
        case .timedOut: return "timed out"
        }
    }
}

/// Runs the `tagproj` binary with a time limit, or kills it at a chosen moment: what the hostile
/// tests need beyond `CLI`, which waits for ever and cannot interrupt a run.
struct BoundedRun: Sendable {
    /// The folder the process runs in.
    let directory: String
    /// A cap on the process's address space (RLIMIT_AS through `prlimit`), in MiB: an allocation
    /// beyond it fails instead of succeeding lazily, so "refused before allocating" is observable.
    var memoryLimitMiB: Int? = nil

    /// Runs `tagproj arguments…`; a run longer than `timeout` seconds is killed and reported as
    /// `.timedOut`. stdout is discarded; stderr is returned.
    func callAsFunction(_ arguments: [String], timeout: Double = 10, environment: [String: String] = [:]) throws
        -> (ending: Ending, stderr: String)
    {
        let process = start(arguments, environment: environment)
        let err = Pipe()
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        var timedOut = false
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            timedOut = true
        }
        process.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (timedOut ? .timedOut : Self.ending(of: process), stderr)
    }

    /// Starts `tagproj arguments…`, sends it SIGKILL after `delay` seconds if it is still running,
    /// and returns how it ended.
    func killed(after delay: Double, _ arguments: [String], environment: [String: String] = [:]) throws -> Ending {
        let process = start(arguments, environment: environment)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning && Date() < deadline { usleep(200) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return Self.ending(of: process)
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

    private static func ending(of process: Process) -> Ending {
        process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exit(process.terminationStatus)
    }
}

/// A small deterministic random number generator (SplitMix64), so failures can be replayed.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Paths of the hostile fixtures made by `scripts/make-hostile-fixtures.py`.
enum Hostile {
    static func path(_ name: String) -> String {
        CLI.repository.appendingPathComponent("Fixtures/hostile/" + name).path
    }
    static func bytes(_ name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path(name))) }
}
