import Glibc
import TagKit

/// The page `tagproj open` starts the browser on: a private file that forwards to the editor's
/// address, token included, as Jupyter's `browser_open_file` does.
///
/// Started on the address itself, the browser (and xdg-open before it) would carry the token on
/// its command line, which every user of the machine reads in `/proc/PID/cmdline`; the file's
/// path tells nothing. The file is made in `$XDG_RUNTIME_DIR/tagproj/` when that folder is this
/// user's alone (``FileIO/userRuntimeFolder()``), else in the user's state folder
/// (`$XDG_STATE_HOME/tagproj/`, else `~/.local/state/tagproj/`) when it is this user's and nobody
/// else may write in it; under a random name, with `O_CREAT|O_EXCL|O_NOFOLLOW` and mode 0600, so
/// it is never another's file nor a link, and nobody else can read it. It holds a
/// `<meta http-equiv="refresh">` to the address and a plain link to it, for a browser that does
/// not follow the refresh. Removed by ``remove()`` (or when released); a process killed outright
/// leaves it behind, still readable by this user alone.
public final class BrowserLaunchFile {
    /// The file's path.
    public let path: String
    private var removed = false

    /// The `file://` URL to give the browser: the path, each byte but letters, digits, `-._~/`
    /// percent-encoded.
    public var url: String {
        let plain = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        let digits = Array("0123456789ABCDEF")
        return "file://" + String(path.utf8.flatMap { plain.contains($0) ? [Character(UnicodeScalar($0))]
                                                                          : ["%", digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    /// Writes the page that forwards to `address` (`http://127.0.0.1:PORT/#token=…`).
    /// - Throws: ``FileError`` when no private folder can be had or the file cannot be written.
    public init(forwardingTo address: String) throws {
        let folder = try Self.folder()
        let random = try FileIO.readPrefix("/dev/urandom", count: 16)
        guard random.count == 16 else { throw FileError(path: "/dev/urandom", errno: EIO, operation: .read) }
        let name = random.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
        path = folder + "/open-" + name + ".html"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            removed = true  // not ours: never removed
            throw FileError(path: path, errno: errno, operation: .create)
        }
        defer { close(fd) }
        var bytes = Array(Self.page(forwardingTo: address).utf8)[...]
        // The umask may only have taken bits away: exactly 0600 whatever it is.
        guard fchmod(fd, 0o600) == 0 else { throw Self.failure(path, errno) }
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Self.failure(path, n < 0 ? errno : ENOSPC) }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Removes the file (once; later calls do nothing).
    public func remove() {
        guard !removed else { return }
        removed = true
        unlink(path)
    }

    deinit { remove() }

    /// The page: a refresh to `address` and a link to it, the address HTML-escaped.
    static func page(forwardingTo address: String) -> String {
        let escaped = HTMLText.escaped(address)
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta http-equiv="refresh" content="0;url=\(escaped)">
            <title>tagproj</title>
            </head>
            <body>
            <p><a href="\(escaped)">Open the editor</a></p>
            </body>
            </html>

            """
    }

    /// The runtime folder when it is usable, else the state folder (made if missing) when it is
    /// this user's, not a link, and nobody else may write in it.
    private static func folder() throws -> String {
        if let runtime = FileIO.userRuntimeFolder() { return runtime }
        guard let file = FileIO.userStateFile("open.html") else { throw FileError(path: "$HOME", errno: ENOENT, operation: .create) }
        let folder = FileIO.directory(of: file)
        try FileIO.makeDirectory(folder)
        var info = stat()
        guard lstat(folder, &info) == 0 else { throw FileError(path: folder, errno: errno, operation: .create) }
        guard info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            throw FileError(path: folder, errno: EPERM, operation: .create)
        }
        return folder
    }

    /// The error of writing the file, which is removed first.
    private static func failure(_ path: String, _ number: Int32) -> FileError {
        unlink(path)
        return FileError(path: path, errno: number, operation: .write)
    }
}
