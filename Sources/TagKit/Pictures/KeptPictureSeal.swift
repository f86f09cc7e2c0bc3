import Glibc

/// The seal on a picture a project keeps for speed (the editor's first view, the gallery's
/// thumbnail): an HMAC-SHA-256, under a key of this user's, of what the picture was drawn from
/// and its bytes, carried in a JPEG comment segment right after the start of the image.
///
/// A project is a document people send each other, so what it keeps is hostile input. A kept
/// picture that merely decodes could still be of another photo than the project's: the editor
/// would show one picture and export another. Only a picture sealed with this user's key, for
/// exactly what the project holds now, is shown; any other is drawn again from the photo. Since
/// nobody else has the key, a sealed picture was drawn by tagproj for this user, so it is not
/// decoded again to be checked.
///
/// The key is 32 random bytes in `$XDG_STATE_HOME/tagproj/seal-key` (else
/// `~/.local/state/tagproj/seal-key`), made on first use, mode 0600; one that is not a regular
/// file of this user's, readable by nobody else and 32 bytes long, is not used. Without a key
/// (no home, a read-only one), nothing is kept and nothing kept is shown.
struct KeptPictureSeal {
    let key: [UInt8]

    /// This user's seal, read or made once per process; nil when there is none to be had.
    static let mine: KeptPictureSeal? = file.flatMap { file in
        if let key = readKey(file) ?? makeKey(file) { return KeptPictureSeal(key: key) }
        return nil
    }

    /// Where the key is.
    static var file: String? { FileIO.userStateFile("seal-key") }

    /// The comment's text before the seal's 64 hexadecimal digits.
    private static let label = Array("tagproj seal ".utf8)
    /// The segment's bytes after its marker and length: the label and the digits.
    private static let payloadLength = label.count + 64
    /// Where the sealed picture's own bytes resume, after SOI and the comment segment.
    private static let sealEnd = 2 + 4 + payloadLength
    /// SOI, the comment's marker and its length (the payload and the length's own two bytes).
    private static let head: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFE, UInt8((payloadLength + 2) >> 8), UInt8((payloadLength + 2) & 0xFF)]

    /// `jpeg` with this seal for `what` (what it was drawn from, in words that change whenever
    /// the picture would): SOI, then `FF FE`, the length, `tagproj seal ` and the HMAC in hex.
    func sealed(_ jpeg: [UInt8], for what: String) -> [UInt8] {
        precondition(jpeg.count >= 2 && jpeg[0] == 0xFF && jpeg[1] == 0xD8, "a JPEG starts with SOI")
        let mac = SHA256.hmac(key: key, Array(what.utf8), [0], jpeg)
        var out = Self.head
        out.reserveCapacity(jpeg.count + Self.sealEnd)
        out += Self.label
        out += Self.hex(mac)
        out += jpeg[2...]
        return out
    }

    /// The picture `sealed` holds when its seal is this one's for `what`, as it was before it was
    /// sealed; nil for anything else (no seal, another key's, another `what`'s, a byte changed).
    func opened(_ sealed: [UInt8], for what: String) -> [UInt8]? {
        guard sealed.count > Self.sealEnd + 2, sealed[0..<Self.head.count].elementsEqual(Self.head),
              sealed[6..<6 + Self.label.count].elementsEqual(Self.label) else { return nil }
        let jpeg = [0xFF, 0xD8] + sealed[Self.sealEnd...]
        let expected = Self.hex(SHA256.hmac(key: key, Array(what.utf8), [0], jpeg))
        // Every byte compared, whatever the first difference: the time says nothing of the seal.
        var difference: UInt8 = 0
        for (a, b) in zip(expected, sealed[(6 + Self.label.count)..<Self.sealEnd]) { difference |= a ^ b }
        return difference == 0 ? jpeg : nil
    }

    private static func hex(_ bytes: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }
    }

    /// The key in `file` when it is one this user may trust: a regular file (not a link) of
    /// theirs, that nobody else may read or write, of 32 bytes. Opened without waiting, so a FIFO
    /// put in its place is passed over at once (and no key is had), never waited on.
    static func readKey(_ file: String) -> [UInt8]? {
        let fd = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
              info.st_mode & 0o077 == 0, info.st_size == 32 else { return nil }
        var key = [UInt8](repeating: 0, count: 32)
        let n = key.withUnsafeMutableBytes { read(fd, $0.baseAddress, 32) }
        return n == 32 ? key : nil
    }

    /// Makes a new key at `file` (its folder too) and returns the key `file` holds then: the new
    /// one, or another process's made at the same moment (the new file is linked into place,
    /// never over one). Nil when none can be made.
    static func makeKey(_ file: String) -> [UInt8]? {
        guard (try? FileIO.makeDirectory(FileIO.directory(of: file))) != nil,
              let random = try? FileIO.readPrefix("/dev/urandom", count: 32), random.count == 32 else { return nil }
        let temporary = file + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { unlink(temporary) }
        let written = random.withUnsafeBytes { write(fd, $0.baseAddress, 32) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == 32, synced else { return nil }
        _ = link(temporary, file)  // EEXIST: another process made one first, and it is read
        return readKey(file)
    }
}
