import CEditor
import TagKit

/// `tagproj open`: the editing screen in the browser, a second front end over the same project
/// file and the same TagKit façade as the command line.
///
/// Serves the embedded page and a small JSON API on 127.0.0.1 (and, when asked, on a LAN address
/// too, for a phone), behind a random token (see ``AccessGuard``). Every gesture on the page is
/// one TagKit edit with its history entry, so the CLI and the page edit one document; the page
/// polls the project's version and redraws when another process changed it. Requests are handled
/// one at a time.
public final class EditorServer {
    /// The project being edited.
    public let projectPath: String
    /// The address to open: `http://127.0.0.1:PORT/#token=…` (the token in the fragment, which
    /// browsers never send to a server or write to a log).
    public var url: String { url(host: "127.0.0.1") }
    /// The address to open from another device on the network, with the same token, when the
    /// server also listens on a LAN address.
    public var lanURL: String? { access.lanAddress.map(url(host:)) }
    /// The port the server listens on.
    public var port: UInt16 { http?.port ?? 0 }

    /// Request bodies larger than this are refused (413) before they are read.
    public static let maximumBodyBytes = 64 * 1024

    private var http: HTTPServer?
    private let access: AccessGuard
    private let api: EditorAPI

    /// Checks that the project opens, then listens on 127.0.0.1:`port` (0: any free port) and, when
    /// `lanAddress` (dotted IPv4, see ``LANAddress``) is given, on that address at the same port.
    /// - Throws: the project's error (missing, not a project, damaged), or ``EditorStartError``.
    public init(projectPath: String, port: UInt16 = 0, lanAddress: String? = nil) throws {
        self.projectPath = projectPath
        _ = try Project.open(projectPath, forWriting: false).pictureSize()
        let api = try EditorAPI(projectPath: projectPath)
        self.api = api
        // The guard checks the Host and Origin against the port, known once the server listens.
        let server = try HTTPServer(port: port, lanAddress: lanAddress, maxBody: Self.maximumBodyBytes)
        let access = try AccessGuard(port: server.port, lanAddress: lanAddress)
        self.access = access
        server.handler = { request in EditorServer.route(request, access: access, api: api) }
        http = server
    }

    /// Stops serving. Called by `tagproj open` on Ctrl-C; a running request finishes first.
    public func stop() {
        http?.stop()
        http = nil
    }

    deinit { stop() }

    private func url(host: String) -> String { "http://\(host):\(port)/#token=\(access.token)" }

    /// The whole routing table, security checks first.
    static func route(_ request: HTTPRequest, access: AccessGuard, api: EditorAPI) -> HTTPResponse {
        // DNS rebinding: a foreign name that resolves to 127.0.0.1 gets nothing, not even the page.
        guard access.hostIsOurs(request.header("Host")) else { return .error(421, "this server answers only to " + access.addresses.map { "\($0):\(access.port)" }.joined(separator: " and ")) }
        let method = request.method, path = request.path
        if path == "/favicon.ico" { return HTTPResponse(status: 204, contentType: "image/x-icon", body: []) }
        if !path.hasPrefix("/api/") {
            guard method == "GET" || method == "HEAD" else { return .error(405, "only GET is allowed here") }
            var length = 0
            var mime: UnsafePointer<CChar>?
            guard let asset = tp_page_asset(path, &length, &mime), let mime else { return .error(404, "no such page") }
            return HTTPResponse(status: 200, contentType: String(cString: mime),
                                body: Array(UnsafeBufferPointer(start: asset, count: length)))
        }
        let changesState = !["/api/state", "/api/version", "/api/photo", "/api/tag", "/api/download", "/api/preview"].contains(path)
        if changesState {
            guard method == "POST" else { return .error(405, "\(path) takes POST") }
            guard access.originIsOurs(request) else { return .error(403, "cross-origin request refused") }
        } else {
            guard method == "GET" else { return .error(405, "\(path) takes GET") }
        }
        guard access.isAuthorized(request) else {
            return .error(401, "not authorized", hint: "open the URL that 'tagproj open' printed")
        }
        if path == "/api/session" {
            var response = HTTPResponse.json(.object([("ok", .bool(true))]))
            response.extraHeader = ("Set-Cookie", access.cookie)
            return response
        }
        return api.handle(path: path, request: request)
    }
}
