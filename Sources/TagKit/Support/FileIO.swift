import Glibc

/// The few file operations TagKit needs, on POSIX calls directly (no Foundation, which costs
/// start-up time on every invocation).
public enum FileIO {
    /// The whole content of `path`, a regular file (a link to one counts). It is opened without
    /// waiting (`O_NONBLOCK`), so a FIFO or a device where a file was expected (a config file, a
    /// photo) is refused at once, never waited on. A missing file is `noInput` (66); anything
    /// else `ioError` (74), a file longer than `limit` with `EFBIG`. With `followingLinks` false,
    /// a symbolic link is refused (`ELOOP`) instead of read through.
    public static func read(_ path: String, limit: Int = Int.max, followingLinks: Bool = true) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw FileError(path: path, notRegular: info.st_mode, operation: .read) }
        return try readSized(fd, size: Int(info.st_size), limit: limit, path: path)
    }

    /// The whole of an input the user named: a regular file as `read(_:limit:)` reads it, or a
    /// pipe, FIFO, socket or character device read as a stream to its end (`apply P <(…)`, a
    /// `/dev/fd/N`), at most `limit` bytes. A FIFO is waited on for its writer, as `cat` waits.
    /// - Throws: `FileError`: `EFBIG` past `limit`; a folder or block device is not read.
    public static func readInput(_ path: String, limit: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return try readSized(fd, size: Int(info.st_size), limit: limit, path: path)
        case S_IFIFO, S_IFCHR, S_IFSOCK: return try readStream(fd, limit: limit, path: path)
        default: throw FileError(path: path, notRegular: info.st_mode, operation: .read)
        }
    }

    /// Exactly `size` bytes from `fd` (a regular file's length), refused past `limit`.
    private static func readSized(_ fd: Int32, size: Int, limit: Int, path: String) throws -> [UInt8] {
        guard size <= limit else { throw FileError(path: path, errno: EFBIG, operation: .read) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw FileError(path: path, errno: n == 0 ? EIO : errno, operation: .read) }
            done += n
        }
        return bytes
    }

    /// Everything `fd` gives until its end, refused (`EFBIG`) as soon as it passes `limit`.
    private static func readStream(_ fd: Int32, limit: Int, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw FileError(path: path, errno: errno, operation: .read) }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw FileError(path: path, errno: EFBIG, operation: .read) }
            bytes += chunk[0..<n]
        }
    }

    /// What a file of `mode` is, for a message: `a folder`, `a FIFO`, `a character device`.
    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        // TRANSLATORS: a kind of file, in "it is {kind}, not a regular file".
        case S_IFDIR: trc("kind of file", "a folder")
        case S_IFIFO: trc("kind of file", "a FIFO")
        case S_IFCHR: trc("kind of file", "a character device")
        case S_IFBLK: trc("kind of file", "a block device")
        case S_IFSOCK: trc("kind of file", "a socket")
        case S_IFLNK: trc("kind of file", "a symbolic link")
        default: trc("kind of file", "not a regular file")
        }
    }

    /// Up to `count` bytes from the start of `path`.
    public static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) }
        guard n >= 0 else { throw FileError(path: path, errno: errno, operation: .read) }
        return Array(bytes.prefix(n))
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a regular file (a link to one counts): not a folder, a FIFO or a device,
    /// which reading could block on or consume.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Renames `from` to `to` atomically (same file system), then syncs the folder so the rename
    /// survives a crash.
    public static func replace(_ to: String, with from: String) throws {
        guard rename(from, to) == 0 else { throw FileError(path: to, errno: errno, operation: .create) }
        let dir = directory(of: to)
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// Moves `from` to `to` only if nothing is at `to` (a hard link, then the old name removed), then
    /// syncs the folder: what creating a file under a name checked to be free needs, so that a file
    /// someone puts there meanwhile is never replaced. Returns false, moving nothing, when `to`
    /// exists. A file system without hard links falls back to `rename`.
    /// - Throws: `FileError` for any other failure.
    public static func place(_ to: String, with from: String) throws -> Bool {
        if link(from, to) != 0 {
            switch errno {
            case EEXIST: return false
            case EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, EXDEV: try replace(to, with: from); return true
            case let e: throw FileError(path: to, errno: e, operation: .create)
            }
        }
        unlink(from)
        let fd = open(directory(of: to), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
        return true
    }

    /// Removes `path` if it exists, ignoring failure.
    public static func remove(_ path: String) { unlink(path) }

    /// The folder holding `path` (`.` for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }


    /// The last component of `path` (`dinner.tagproj` for `menus/dinner.tagproj`).
    public static func baseName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether `name` is a base name a project may record: 1 to 1024 bytes, no slash, not `.` or
    /// `..`, no control character.
    public static func isPlainName(_ name: String) -> Bool {
        (1...1024).contains(name.utf8.count) && !name.contains("/") && name != "." && name != ".." && TagText.isPrintableName(name)
    }

    /// `name` without the characters that change how a name looks without being seen: control
    /// characters, and format characters (Unicode's Cf: the bidi embeddings, overrides and
    /// isolates such as U+202E and U+2066, the marks U+200E and U+200F, zero-width characters
    /// such as U+200B, U+2060 and U+FEFF, the soft hyphen). A name a browser sends for a file
    /// (`‮gpj.exe` shows as `exe.jpg`) is cleaned with it before tagproj names anything after it.
    public static func visibleName(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return false
            default: return true
            }
        }))
    }

    /// `path` without its last suffix (`menus/dinner` for `menus/dinner.tagproj`); unchanged when
    /// its last component has none, or only a leading dot (`.profile`).
    public static func removingSuffix(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path[..<dot])
    }
}

/// A failed file operation, with the system's reason.
public struct FileError: TagProjError {
    /// What was being done to the file.
    public enum Operation: String, Sendable {
        /// Opening or reading an input.
        case read = "cannot read"
        /// Creating an output (or a folder for it).
        case create = "cannot create"
        /// Writing or syncing an output that was created.
        case write = "cannot write"
    }

    /// The file the operation was on.
    public let path: String
    /// The system's error number.
    public let errno: Int32
    /// What was being done.
    public let operation: Operation

    /// What `path` is, when the operation needs a regular file and found something else
    /// (`a FIFO`): said instead of the system's reason.
    public let notRegular: String?

    /// An error for `operation` on `path` failing with `errno`.
    public init(path: String, errno: Int32, operation: Operation) {
        self.path = path
        self.errno = errno
        self.operation = operation
        self.notRegular = nil
    }

    /// An error for `operation` on `path`, which is not a regular file but of `mode` (a folder
    /// keeps `EISDIR`, anything else `EINVAL`).
    public init(path: String, notRegular mode: mode_t, operation: Operation) {
        self.path = path
        self.errno = mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL
        self.operation = operation
        self.notRegular = FileIO.kindName(mode)
    }

    /// `cannot read 'photo.jpg': No such file or directory`.
    public var message: String {
        switch operation {
        // TRANSLATORS: {reason} is the system's own words (No such file or directory).
        case .read: return tr("cannot read '{path}': {reason}", ["path": path, "reason": reason])
        // TRANSLATORS: {reason} is the system's own words (Permission denied).
        case .create: return tr("cannot create '{path}': {reason}", ["path": path, "reason": reason])
        // TRANSLATORS: {reason} is the system's own words (No space left on device).
        case .write: return tr("cannot write '{path}': {reason}", ["path": path, "reason": reason])
        }
    }

    /// The system's explanation of `errno`, or `it is a FIFO, not a regular file`.
    public var reason: String {
        if let notRegular { return tr("it is {kind}, not a regular file", ["kind": notRegular]) }
        return String(cString: strerror(errno))
    }

    /// Missing input for a read of a file that is not there, cannot-write for an output that
    /// cannot be created, else an I/O error.
    public var meaning: ErrorMeaning {
        switch operation {
        case .read: return errno == ENOENT ? .missingInput : .io
        case .create: return .cannotWrite
        case .write: return .io
        }
    }
}

extension FileIO {
    /// Whether two paths name the same existing file (same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}

extension FileIO {
    /// Creates `path` as a folder if it does not exist (parents too).
    public static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileError(path: prefix, errno: errno, operation: .create)
            }
            prefix += "/"
        }
        guard isDirectory(path) else { throw FileError(path: path, errno: ENOTDIR, operation: .create) }
    }

    /// Writes `bytes` to `path` atomically (temporary file beside it, synced, renamed).
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try OutputFile(path: path)
        try bytes.withUnsafeBytes { try file.write($0) }
        try file.commit()
    }
}

extension FileIO {
    /// What tells one version of a file from another: device, inode, size, modification time (ns).
    public struct Identity: Equatable, Sendable {
        let device: UInt64, inode: UInt64, size: Int64, mtimeNS: Int64
        /// Which file it is (its device and inode) as text: the same however the file changes in
        /// place, another for a file put in its place.
        public var fileKey: String { String(device, radix: 16) + "x" + String(inode, radix: 16) }
    }

    /// The identity of the file at `path`, or nil when it cannot be stat'ed.
    public static func identity(of path: String) -> Identity? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        return Identity(device: UInt64(s.st_dev), inode: UInt64(s.st_ino), size: Int64(s.st_size),
                        mtimeNS: Int64(s.st_mtim.tv_sec) * 1_000_000_000 + Int64(s.st_mtim.tv_nsec))
    }
}
