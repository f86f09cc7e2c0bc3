import Glibc
import TagKit

/// A private folder under `$TMPDIR` (or `/tmp`) for a file the editor writes only to send it
/// (a download), removed with what it holds.
struct TemporaryFolder {
    /// The folder's path.
    let path: String

    /// Makes one (`mkdtemp`, mode 0700).
    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/tagproj-download-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileError(path: base, errno: errno, operation: .create)
        }
        path = String(cString: made)
    }

    /// Removes every file in it, then the folder.
    func remove() {
        guard let dir = opendir(path) else { return }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
        closedir(dir)
        rmdir(path)
    }
}
