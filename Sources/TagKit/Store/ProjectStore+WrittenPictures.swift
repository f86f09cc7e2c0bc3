import Glibc

/// The `written_pictures` table (schema version 7): the pictures a front end wrote beside the
/// project, each with what identifies the file written, so that only those are ever replaced.
extension ProjectStore {
    /// What identifies a file as the one written: it is gone or replaced once any of these changes.
    struct FileIdentity: Equatable {
        var device: Int64, inode: Int64, size: Int64, mtimeNS: Int64

        /// The identity of the file at `path` (links followed), or nil when there is none.
        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = Int64(bitPattern: UInt64(info.st_dev))
            inode = Int64(bitPattern: UInt64(info.st_ino))
            size = Int64(info.st_size)
            mtimeNS = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }

        init(device: Int64, inode: Int64, size: Int64, mtimeNS: Int64) {
            (self.device, self.inode, self.size, self.mtimeNS) = (device, inode, size, mtimeNS)
        }
    }

    /// The identity recorded for the picture called `name`, or nil when none was written there.
    func writtenPicture(_ name: String) throws -> FileIdentity? {
        let s = try db.prepare("SELECT device, inode, size, mtime_ns FROM written_pictures WHERE name = ?", [.text(name)])
        guard try s.step() else { return nil }
        guard let device = s.value(0).integer, let inode = s.value(1).integer, let size = s.value(2).integer,
              let mtime = s.value(3).integer else { throw damaged(tr("the record of the picture '{name}' is invalid", ["name": name])) }
        return FileIdentity(device: device, inode: inode, size: size, mtimeNS: mtime)
    }

    /// Records that the picture called `name` is the file `identity` describes (one small write
    /// transaction, outside the history: it changes no tag).
    func recordWrittenPicture(_ name: String, _ identity: FileIdentity) throws {
        try db.writeTransaction {
            try db.prepare("INSERT OR REPLACE INTO written_pictures (name, device, inode, size, mtime_ns) VALUES (?, ?, ?, ?, ?)",
                           [.text(name), .integer(identity.device), .integer(identity.inode), .integer(identity.size),
                            .integer(identity.mtimeNS)]).run()
        }
    }
}
