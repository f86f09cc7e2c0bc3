import TagKit

/// Who may talk to the editor: the page the `open` command's URL was given to, and no one else.
///
/// - A random 128-bit token, printed in the URL's fragment (which browsers never send, so it stays
///   out of logs), is exchanged once for a `SameSite=Strict`, `HttpOnly` cookie; every API call
///   carries the cookie or the token in the `X-Tagproj-Token` header.
/// - The `Host` header must be `127.0.0.1:PORT` or `localhost:PORT` (or `ADDRESS:PORT` when the
///   server also listens on a LAN address), so a foreign web page that rebinds its own name to one
///   of these addresses (DNS rebinding) is refused.
/// - A state-changing request must be a `POST` whose `Origin` is this server's, so another page
///   open in the same browser cannot post to it.
struct AccessGuard {
    /// The token, 32 hexadecimal digits.
    let token: String
    /// The port the server listens on.
    let port: UInt16
    /// The LAN address the server also listens on (`tagproj open --lan`), if any.
    let lanAddress: String?

    /// The cookie that carries the token once exchanged.
    static let cookieName = "tagproj_session"
    /// The header that may carry the token instead.
    static let tokenHeader = "X-Tagproj-Token"

    /// A guard with a fresh random token, for a server on `port` of 127.0.0.1 (and of `lanAddress`).
    init(port: UInt16, lanAddress: String? = nil) throws {
        self.port = port
        self.lanAddress = lanAddress
        let random = try FileIO.readPrefix("/dev/urandom", count: 16)
        guard random.count == 16 else { throw EditorStartError(reason: tr("cannot read 16 random bytes from {path}", ["path": "/dev/urandom"])) }
        token = random.map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    /// The addresses the server listens on: 127.0.0.1, and the LAN address if any.
    var addresses: [String] { ["127.0.0.1"] + (lanAddress.map { [$0] } ?? []) }

    /// The `Host` values that name this server: each address's and `localhost`'s, with the port.
    var hosts: [String] { (addresses + ["localhost"]).map { "\($0):\(port)" } }

    /// The origins this server's own page has.
    var origins: [String] { hosts.map { "http://" + $0 } }

    /// Whether the `Host` header names this server (not a rebound foreign name).
    func hostIsOurs(_ host: String?) -> Bool {
        guard let host else { return false }
        return hosts.contains(host)
    }

    /// Whether the request carries the token, as cookie or header. Compared in constant time.
    func isAuthorized(_ request: HTTPRequest) -> Bool {
        let given = request.header(Self.tokenHeader) ?? request.cookie(Self.cookieName)
        return given.map(matches) ?? false
    }

    /// Whether `candidate` is the token, in time independent of where they differ.
    func matches(_ candidate: String) -> Bool {
        let a = Array(candidate.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    /// Whether a state-changing request comes from this server's own page.
    func originIsOurs(_ request: HTTPRequest) -> Bool {
        guard let origin = request.header("Origin") else { return false }
        return origins.contains(origin)
    }

    /// The `Set-Cookie` value that stores the token for this origin only.
    var cookie: String { "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }
}
