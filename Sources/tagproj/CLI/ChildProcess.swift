import Glibc
import TagKit

/// A running `tagproj` child process whose stdout and stderr come back through pipes.
///
/// Spawned with `posix_spawn`; every pipe end is close-on-exec, so a child never holds another
/// child's pipe open and each one's end of output is seen as soon as it exits.
final class ChildProcess {
    /// How a child ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signalled(Int32)
    }

    let pid: pid_t
    /// Everything it wrote to stdout and stderr so far.
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    /// The read ends still open: stdout's, then stderr's (-1 once closed).
    private(set) var fds: [Int32]

    /// Starts `arguments[0]` with `arguments`, stdin from /dev/null.
    init(_ arguments: [String]) throws {
        var out: [Int32] = [-1, -1], err: [Int32] = [-1, -1]
        guard Self.pipeClosedOnExec(&out) else { throw SpawnError(reason: String(cString: strerror(errno))) }
        guard Self.pipeClosedOnExec(&err) else {
            close(out[0]); close(out[1])
            throw SpawnError(reason: String(cString: strerror(errno)))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        let argv = arguments.map { strdup($0) } + [nil]
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        posix_spawn_file_actions_destroy(&actions)
        argv.forEach { free($0) }
        close(out[1]); close(err[1])
        guard rc == 0 else {
            close(out[0]); close(err[0])
            throw SpawnError(reason: String(cString: strerror(rc)))
        }
        self.pid = pid
        fds = [out[0], err[0]]
    }

    /// `pipe(2)` with both ends close-on-exec (tagproj starts children from one thread only, so
    /// nothing can spawn between the two calls).
    private static func pipeClosedOnExec(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    /// Whether both pipes have reached their end.
    var drained: Bool { fds.allSatisfy { $0 < 0 } }

    /// Reads what is waiting on `fd` (one of `fds`); closes it at its end.
    func read(from fd: Int32) {
        guard let index = fds.firstIndex(of: fd) else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return }
        if n <= 0 {
            close(fd)
            fds[index] = -1
            return
        }
        if index == 0 { stdout += chunk[..<n] } else { stderr += chunk[..<n] }
    }

    /// Waits for the child to end (call once its pipes are drained).
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// This program's own executable, to run again as a child.
    static func selfExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A child process could not be started.
struct SpawnError: Error, CustomStringConvertible {
    let reason: String
    var description: String { tr("cannot start a child process: {reason}", ["reason": reason]) }
}

/// Runs child processes at most `limit` at a time, reading their output as it arrives.
struct ProcessPool {
    let limit: Int

    /// Starts a child for each of `count` jobs, with `arguments(i)`; calls `finished(i, …)` as each
    /// ends, with the child (nil if it could not start), how it ended, and the start error if any.
    func run(count: Int, arguments: (Int) -> [String], finished: (Int, ChildProcess?, ChildProcess.Ending?, SpawnError?) -> Void) {
        var next = 0
        var running: [(Int, ChildProcess)] = []
        while next < count || !running.isEmpty {
            while running.count < max(1, limit) && next < count {
                do {
                    running.append((next, try ChildProcess(arguments(next))))
                } catch let error as SpawnError {
                    finished(next, nil, nil, error)
                } catch {}
                next += 1
            }
            var polled = running.flatMap { $0.1.fds.filter { $0 >= 0 } }.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if !polled.isEmpty && poll(&polled, nfds_t(polled.count), -1) < 0 && errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                running.first { $0.1.fds.contains(entry.fd) }?.1.read(from: entry.fd)
            }
            for (index, child) in running where child.drained {
                finished(index, child, child.wait(), nil)
            }
            running.removeAll { $0.1.drained }
        }
    }
}
