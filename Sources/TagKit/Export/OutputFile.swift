import Glibc

/// Where an export's bytes go: a file written atomically, a special file written through, or
/// standard output.
///
/// A regular file (or a missing one) is written under a temporary name beside the target
/// (`.NAME.tagproj-tmp-PID`, so it is recognisable), synced, then renamed over the target: no
/// reader ever sees a partial picture, and a failed or killed export leaves the target as it was.
/// A symbolic link to a regular file has the file it points to replaced, so the link stays a link.
/// Temporary files left by exports that were killed are removed by the next export to the same
/// place.
///
/// Anything else that is not a directory is never replaced and never read, as `cp` treats it: a
/// character device (a tape, `/dev/full`) or a FIFO with a reader is opened for writing and
/// written through; a FIFO that no process is reading (opening it would wait for ever), a
/// terminal (binary there is garbage on the screen), a socket, a block device (a disk) and a
/// link to nothing are refused (`SpecialOutputError`).
public final class OutputFile {
    /// The file descriptor to write to.
    public let fd: Int32
    /// The sink that writes to `fd` (the one write loop), named after the target for errors.
    public let sink: FileDescriptorSink
    /// The target path, or nil for standard output.
    public let target: String?
    /// The path renamed over (the target, or the regular file a link to it points to); nil when
    /// writing through (standard output, a device, a FIFO).
    private let replaced: String?
    private let temporary: String?
    /// Whether the target may be replaced; if not, the file is put in place only while nothing
    /// has its name (see `init(path:replacing:)`).
    private let replacing: Bool
    private var finished = false

    /// Opens the output for `path`; `-` means standard output. Without `replacing`, `path` must be
    /// a name nothing has (not even a link), and `commit` puts the file there only if nothing has
    /// taken it meanwhile: what a name checked to be free needs, so that a file someone puts there
    /// between the check and the end of the export is never replaced.
    /// - Throws: `ExportError.nameTaken` when `path` exists (without `replacing`).
    public init(path: String, replacing: Bool = true) throws {
        self.replacing = replacing
        if path == "-" {
            fd = 1
            sink = FileDescriptorSink(fd: 1, name: tr("standard output"))
            target = nil
            replaced = nil
            temporary = nil
            return
        }
        target = path
        var existing = stat()
        if !replacing, lstat(path, &existing) == 0 { throw ExportError.nameTaken(path: path) }
        switch try Self.classify(path) {
        case .directory:
            throw FileError(path: path, errno: EISDIR, operation: .create)
        case .special:
            fd = try Self.openThrough(path)
            sink = FileDescriptorSink(fd: fd, name: path)
            replaced = nil
            temporary = nil
        case .regular(let file):
            OutputFile.removeStaleTemporaries(beside: file)
            let temp = StaleTemporaries.path(beside: file)
            unlink(temp)
            let descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileError(path: path, errno: errno, operation: .create) }
            fd = descriptor
            sink = FileDescriptorSink(fd: descriptor, name: path)
            replaced = file
            temporary = temp
        }
    }

    /// What is at an output path.
    enum Target: Equatable {
        /// A folder: refused.
        case directory
        /// Nothing yet, or a regular file: replaced atomically at this path (a link resolved).
        case regular(String)
        /// Anything else: written through, never replaced.
        case special
    }

    /// Looks at `path` without opening it (opening a FIFO can block, reading one consumes it).
    ///
    /// Nothing in the system's own folders of devices and processes (`/dev`, `/proc`) is ever
    /// created or replaced: a name there that is missing is refused, and one that is a regular
    /// file (a `/dev/stdout` some program replaced) is written through.
    static func classify(_ path: String) throws -> Target {
        let systemFolder = isInSystemFolder(path)
        var link = stat()
        guard lstat(path, &link) == 0 else {
            if errno == ENOENT && !systemFolder { return .regular(path) }
            throw FileError(path: path, errno: errno, operation: .create)
        }
        var info = stat()
        if link.st_mode & S_IFMT == S_IFLNK {
            guard stat(path, &info) == 0 else { throw SpecialOutputError.danglingLink(path: path) }
        } else {
            info = link
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG:
            guard link.st_mode & S_IFMT == S_IFLNK else { return systemFolder ? .special : .regular(path) }
            // Replace the file the link points to; a link whose target has no name of its own
            // (`/dev/stdout` on a deleted file) is written through instead.
            guard let resolved = realpath(path, nil) else { return .special }
            defer { free(resolved) }
            let file = String(cString: resolved)
            return FileIO.sameFile(file, path) && !isInSystemFolder(file) ? .regular(file) : .special
        case S_IFBLK: throw SpecialOutputError.blockDevice(path: path)
        case S_IFSOCK: throw SpecialOutputError.socket(path: path)
        default: return .special
        }
    }

    /// Whether `path` names something in `/dev` or `/proc`, the folder it is in resolved (so
    /// `/dev/../dev/x` and a relative name from inside `/dev` count too).
    static func isInSystemFolder(_ path: String) -> Bool {
        guard let folder = realpath(FileIO.directory(of: path), nil) else { return false }
        defer { free(folder) }
        let resolved = String(cString: folder)
        return ["/dev", "/proc"].contains { resolved == $0 || resolved.hasPrefix($0 + "/") }
    }

    /// Opens a device or FIFO for writing through. O_NONBLOCK makes the open of a FIFO without a
    /// reader fail (ENXIO) instead of waiting; the writes then block as usual.
    private static func openThrough(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let e = errno
            var info = stat()
            if e == ENXIO, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
                throw SpecialOutputError.fifoWithoutReader(path: path)
            }
            throw FileError(path: path, errno: e, operation: .create)
        }
        if isatty(fd) == 1 {
            close(fd)
            throw SpecialOutputError.terminal(path: path)
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        return fd
    }

    deinit { if !finished { abandon() } }

    /// Writes all of `bytes` (through `sink`).
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try sink.write(bytes)
    }

    /// Syncs and renames the file into place; a file written through is closed (standard
    /// output: nothing to do).
    public func commit() throws {
        finished = true
        guard let target else { return }
        guard let replaced, let temporary else {
            if close(fd) != 0 && errno != EINTR { throw FileError(path: target, errno: errno, operation: .write) }
            return
        }
        if fsync(fd) != 0 {
            let e = errno
            abandonFile()
            throw FileError(path: target, errno: e, operation: .write)
        }
        close(fd)
        let placed: Bool
        do {
            if replacing { try FileIO.replace(replaced, with: temporary); placed = true }
            else { placed = try FileIO.place(replaced, with: temporary) }
        } catch {
            unlink(temporary)
            throw error
        }
        if !placed {
            unlink(temporary)
            throw ExportError.nameTaken(path: target)
        }
    }

    /// Gives up: removes the temporary file; the target is untouched (a file written through
    /// has what was written so far, as a pipe would).
    /// After `commit` (which cleans up after itself when it fails) it does nothing: the
    /// descriptor is closed once, never a second time, when it may already be another file's.
    public func abandon() {
        guard !finished else { return }
        finished = true
        guard target != nil else { return }
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

    /// Whether `path` is an SQLite file, and whether it is a tagproj project, as
    /// `ProjectHeader.occupant(of:)` tells them apart; `nil` for anything else or nothing. Only a
    /// regular file is read: a FIFO or a device is never opened here.
    public static func databaseKind(at path: String) -> DatabaseKind? {
        switch try? ProjectHeader.occupant(of: path) {
        case .project?: return .project
        case .sqliteDatabase?: return .database
        default: return nil
        }
    }

    /// Removes `.NAME.tagproj-tmp-PID` files beside `path` whose process is gone.
    static func removeStaleTemporaries(beside path: String) {
        StaleTemporaries.remove(in: FileIO.directory(of: path), only: FileIO.baseName(of: path))
    }
}

/// An output that is neither a file to replace nor one to write through.
public enum SpecialOutputError: TagProjError, Equatable {
    /// A FIFO that no process has open for reading.
    case fifoWithoutReader(path: String)
    /// A terminal.
    case terminal(path: String)
    /// A Unix socket (it cannot be opened as a file).
    case socket(path: String)
    /// A block device: a disk or a partition.
    case blockDevice(path: String)
    /// A symbolic link to nothing.
    case danglingLink(path: String)

    /// One line naming what is in the way.
    public var message: String {
        switch self {
        case .fifoWithoutReader(let p): return tr("'{path}' is a FIFO that no process is reading; nothing was written", ["path": p])
        case .terminal(let p): return tr("'{path}' is a terminal; a picture written there would be garbage on the screen", ["path": p])
        case .socket(let p): return tr("'{path}' is a socket; it cannot be written as a file", ["path": p])
        case .blockDevice(let p): return tr("'{path}' is a block device; export never writes a picture over a disk", ["path": p])
        case .danglingLink(let p): return tr("'{path}' is a symbolic link to nothing", ["path": p])
        }
    }

    /// Start the FIFO's reader first; a link needs its target.
    public var advice: String? {
        switch self {
        case .fifoWithoutReader: return tr("start the program that reads the FIFO first")
        case .danglingLink: return tr("create the file it points to, or remove the link")
        default: return nil
        }
    }

    /// The output cannot be written.
    public var meaning: ErrorMeaning { .cannotWrite }
}
