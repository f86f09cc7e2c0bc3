import Glibc

/// The temporary files tagproj makes beside what it writes, and the removal of those a killed
/// process left behind.
///
/// A file is written whole under a hidden name of its own, then renamed into place; a process
/// killed (`kill -9`, a power cut) before the rename leaves the hidden file, which nothing would
/// ever remove: twenty killed gallery uploads left 382 MB. Each name carries the process's id,
/// so a later run (an export to the same place, `new` in the same folder, the gallery on its
/// folder) removes the ones whose process is gone. Only regular files of these exact forms are
/// removed, never followed through a link, and never one whose process still runs (or exists
/// under another user: `kill(pid, 0)` says EPERM, not ESRCH).
public enum StaleTemporaries {
    /// `dir/.NAME.tagproj-tmp-PID`: a project, an export or a written file in the making.
    public static func path(beside path: String) -> String {
        "\(FileIO.directory(of: path))/.\(FileIO.baseName(of: path)).tagproj-tmp-\(getpid())"
    }

    /// `.tagproj-upload-PID-`: the start of an upload's body's file name (mkstemp adds six characters).
    public static var uploadPrefix: String { ".tagproj-upload-\(getpid())-" }

    /// The process id a name of ours carries, or nil for any other name: `.NAME.tagproj-tmp-PID`,
    /// that with `-journal` (SQLite's, beside a project in the making), `.tagproj-upload-PID-XXXXXX`.
    /// With `only`, a temporary of that file (`.only.tagproj-tmp-…`) alone.
    static func owner(ofTemporary name: String, only: String? = nil) -> Int32? {
        guard name.hasPrefix(".") else { return nil }
        let upload = ".tagproj-upload-"
        if only == nil, name.hasPrefix(upload) {
            let rest = name.dropFirst(upload.count)
            guard let dash = rest.lastIndex(of: "-"), rest.distance(from: dash, to: rest.endIndex) == 7 else { return nil }
            return Int32(rest[..<dash]).flatMap { $0 > 0 ? $0 : nil }
        }
        let bytes = Array(name.utf8), marker = Array(".tagproj-tmp-".utf8)
        guard let at = stride(from: bytes.count - marker.count, through: 1, by: -1).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        if let only, !bytes[1..<at].elementsEqual(only.utf8) { return nil }
        var digits = String(decoding: bytes[(at + marker.count)...], as: UTF8.self)
        if digits.hasSuffix("-journal") { digits.removeLast("-journal".count) }
        return Int32(digits).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Removes from `dir` the temporaries of ours whose process is gone (of the file `only`
    /// alone, when given). Returns how many were removed.
    @discardableResult
    public static func remove(in dir: String, only: String? = nil) -> Int {
        guard let handle = opendir(dir) else { return 0 }
        defer { closedir(handle) }
        var removed = 0
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = owner(ofTemporary: name, only: only), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let file = dir + "/" + name
            var info = stat()
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            if unlink(file) == 0 { removed += 1 }
        }
        return removed
    }
}
