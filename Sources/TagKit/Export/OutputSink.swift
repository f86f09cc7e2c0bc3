import Glibc

/// Where encoded bytes go. Encoders write through a sink the caller owns, so a codec never opens,
/// writes or measures a file itself; a file, memory, a counter or (later) a socket can receive them.
public protocol OutputSink: AnyObject {
    /// Takes all of `bytes`, or throws why it cannot (a full disk, a closed pipe).
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Writes to an open file descriptor, which it never closes: the project's one write loop.
///
/// Retries after `EINTR` and short writes, so a pipe or a slow disk gets every byte; a failure
/// throws `FileError` (`.write`) naming `name` with the system's reason.
public final class FileDescriptorSink: OutputSink {
    /// The descriptor written to.
    public let fd: Int32
    /// What the descriptor is, for messages: a path or "standard output".
    public let name: String

    /// A sink writing to `fd`, called `name` in errors.
    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Writes all of `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, next, left)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw FileError(path: name, errno: n == 0 ? EIO : errno, operation: .write) }
            next += n
            left -= n
        }
    }
}

/// Collects the bytes in memory.
public final class MemorySink: OutputSink {
    /// Everything written so far.
    public private(set) var bytes: [UInt8] = []

    /// An empty sink.
    public init() {}

    /// Appends `bytes`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes.append(contentsOf: bytes)
    }
}

/// Counts the bytes that pass, on their way to another sink or to nowhere.
///
/// The count is of bytes the inner sink took, so it is exact for a pipe as for a file.
public final class CountingSink: OutputSink {
    /// The sink the bytes go on to, or `nil` to only count them.
    public let inner: (any OutputSink)?
    /// How many bytes were written.
    public private(set) var count = 0

    /// Counts what goes to `inner` (or, with `nil`, discards it).
    public init(_ inner: (any OutputSink)? = nil) { self.inner = inner }

    /// Passes `bytes` on, then counts them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try inner?.write(bytes)
        count += bytes.count
    }
}
