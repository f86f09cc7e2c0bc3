import CSQLite
import Glibc

extension Database {
    /// Up to `count` bytes from the start of the file at `path`, read through SQLite's own file
    /// layer (its default VFS) rather than a descriptor of our own.
    ///
    /// SQLite's locks are POSIX record locks, which belong to the process: closing any descriptor
    /// of a file drops every lock the process holds on it, including those of a connection on
    /// another thread that is in the middle of a write
    /// (<https://sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_>).
    /// Another process could then take the journal for a hot one and roll it back under the
    /// writer, or write at the same time. SQLite's file layer knows the locks its connections
    /// hold on each file and keeps the descriptor open until they are released, so a project's
    /// header is read here.
    static func readPrefix(of path: String, count: Int) throws -> [UInt8] {
        guard let vfs = sqlite3_vfs_find(nil), let openFile = vfs.pointee.xOpen else {
            throw FileError(path: path, errno: ENOSYS, operation: .read)
        }
        // A name as SQLite gives its file layer: with the (empty) parameters after it.
        guard let name = sqlite3_create_filename(path, "", "", 0, nil) else {
            throw FileError(path: path, errno: ENOMEM, operation: .read)
        }
        defer { sqlite3_free_filename(name) }
        let storage = UnsafeMutableRawPointer.allocate(byteCount: Int(vfs.pointee.szOsFile), alignment: 16)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: Int(vfs.pointee.szOsFile))
        let file = storage.bindMemory(to: sqlite3_file.self, capacity: 1)
        var flags: Int32 = 0
        let opened = openFile(vfs, name, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &flags)
        let openError = errno
        // The file layer's close is owed whenever it set the methods, even after a failed open.
        defer { if let methods = file.pointee.pMethods { _ = methods.pointee.xClose(file) } }
        guard opened == SQLITE_OK, let methods = file.pointee.pMethods else {
            throw FileError(path: path, errno: openError != 0 ? openError : EIO, operation: .read)
        }
        var size: sqlite3_int64 = 0
        guard methods.pointee.xFileSize(file, &size) == SQLITE_OK else {
            throw FileError(path: path, errno: EIO, operation: .read)
        }
        var bytes = [UInt8](repeating: 0, count: Int(min(Int64(count), max(size, 0))))
        guard !bytes.isEmpty else { return [] }
        let read = bytes.withUnsafeMutableBytes { methods.pointee.xRead(file, $0.baseAddress, Int32($0.count), 0) }
        // A short read (the file shrank since its size was taken) leaves zeros, which no header has.
        guard read == SQLITE_OK || read == Self.shortRead else {
            throw FileError(path: path, errno: EIO, operation: .read)
        }
        return bytes
    }

    /// `SQLITE_IOERR_SHORT_READ`, a macro Swift does not import.
    private static let shortRead = SQLITE_IOERR | (2 << 8)
}
