import Glibc

/// Where an export's bytes go: a file written atomically, or standard output.
///
/// A file is written under a temporary name beside the target (`.NAME.tagproj-tmp-PID`, so it is
/// recognisable), synced, then renamed over the target: no reader ever sees a partial picture, and
/// a failed or killed export leaves the target as it was. Temporary files left by exports that were
/// killed are removed by the next export to the same place.
public final class OutputFile {
    /// The file descriptor to write to.
    public let fd: Int32
    /// The sink that writes to `fd` (the one write loop), named after the target for errors.
    public let sink: FileDescriptorSink
    /// The target path, or nil for standard output.
    public let target: String?
    private let temporary: String?
    private var finished = false

    /// Opens the output for `path`; `-` means standard output.
    public init(path: String) throws {
        if path == "-" {
            fd = 1
            sink = FileDescriptorSink(fd: 1, name: "standard output")
            target = nil
            temporary = nil
            return
        }
        if FileIO.isDirectory(path) { throw FileError(path: path, errno: EISDIR, operation: .create) }
        OutputFile.removeStaleTemporaries(beside: path)
        let temp = FileIO.temporaryPath(beside: path)
        unlink(temp)
        let descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno, operation: .create) }
        fd = descriptor
        sink = FileDescriptorSink(fd: descriptor, name: path)
        target = path
        temporary = temp
    }

    deinit { if !finished { abandon() } }

    /// Writes all of `bytes` (through `sink`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try sink.write(bytes)
    }

    /// Syncs and renames the file into place (for standard output: nothing to do).
    public func commit() throws {
        finished = true
        guard let target, let temporary else { return }
        if fsync(fd) != 0 {
            let e = errno
            abandonFile()
            throw FileError(path: target, errno: e, operation: .write)
        }
        close(fd)
        do { try FileIO.replace(target, with: temporary) } catch { unlink(temporary); throw error }
    }

    /// Gives up: removes the temporary file; the target is untouched.
    public func abandon() {
        finished = true
        guard temporary != nil else { return }
        abandonFile()
    }

    private func abandonFile() {
        close(fd)
        if let temporary { unlink(temporary) }
    }

    /// What kind of SQLite file is in the way of an output.
    public enum DatabaseKind: Sendable, Equatable {
        /// A tagproj project (our `application_id`).
        case project
        /// Any other SQLite database.
        case database
    }

    /// Whether `path` is an SQLite file (the 16-byte header `SQLite format 3\0`), and whether it
    /// is a tagproj project (the application id at offset 68); `nil` for anything else or nothing.
    public static func databaseKind(at path: String) -> DatabaseKind? {
        guard let head = try? FileIO.readPrefix(path, count: 72), head.count >= 16,
              head.prefix(16).elementsEqual(ProjectHeader.magic) else { return nil }
        guard head.count >= 72 else { return .database }
        let id = head[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return id == Project.applicationID ? .project : .database
    }

    /// Removes `.NAME.tagproj-tmp-PID` files beside `path` whose process is gone.
    static func removeStaleTemporaries(beside path: String) {
        let dir = FileIO.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let prefix = ".\(name).tagproj-tmp-"
        guard let handle = opendir(dir) else { return }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard file.hasPrefix(prefix), let pid = Int32(file.dropFirst(prefix.count)) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(dir + "/" + file) }
        }
    }
}
