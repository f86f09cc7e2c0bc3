import CSQLite
import Glibc
import Testing
@testable import TagKit

/// SQLite's locks on a project are POSIX record locks, which belong to the process: closing any
/// descriptor of the file, even one opened only to read its header, drops every lock the process
/// holds on it (<https://sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_>).
/// In the editor's server one thread writes while another opens the project; a dropped lock lets
/// another process read a journal mid-write as hot, or write under the writer.
@Suite struct FileLockTests {
    /// Whether some lock conflicts with a write lock on `byte`, asked through a descriptor of its
    /// own (an open-file-description lock sees the process's own record locks as conflicting).
    private static func isLocked(_ fd: Int32, byte: Int64) -> Bool {
        var query = flock()
        query.l_type = Int16(F_WRLCK)
        query.l_whence = Int16(SEEK_SET)
        query.l_start = off_t(byte)
        query.l_len = 1
        query.l_pid = 0
        precondition(fcntl(fd, Self.ofdGetLock, &query) == 0)
        return query.l_type != Int16(F_UNLCK)
    }

    /// `F_OFD_GETLK` (Linux's <bits/fcntl-linux.h>; Glibc's module leaves it out without _GNU_SOURCE).
    private static let ofdGetLock: Int32 = 36

    /// SQLite's reserved byte: held from a write transaction's first write until it ends.
    private static let reservedByte: Int64 = 0x4000_0001

    @Test func openingAProjectDoesNotDropAnotherConnectionsLock() throws {
        let dir = TemporaryDirectory()
        let path = try makeProject(in: dir).path
        // The probe stays open until the writer is done: its own close would drop the lock too.
        let probe = open(path, O_RDONLY | O_CLOEXEC)
        #expect(probe >= 0)
        defer { close(probe) }
        let writer = try Database(path: path)
        try writer.execute("BEGIN IMMEDIATE; UPDATE project SET next_tag_id = next_tag_id")
        #expect(Self.isLocked(probe, byte: Self.reservedByte), "the writer holds the reserved lock")
        _ = try Project.open(path, forWriting: false)
        _ = try ProjectHeader.occupant(of: path)
        #expect(Self.isLocked(probe, byte: Self.reservedByte), "still, after another connection opened the project")
        try writer.execute("ROLLBACK")
    }
}
