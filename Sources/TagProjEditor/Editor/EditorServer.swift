import CEditor
import TagKit

/// `tagproj open`: the editing screen in the browser, a second front end over the same project
/// file and the same TagKit façade as the command line.
///
/// Serves the embedded page and a small JSON API on 127.0.0.1 (and, when asked, on a LAN address
/// too, for a phone), behind a random token (see ``AccessGuard``). Every gesture on the page is
/// one TagKit edit with its history entry, so the CLI and the page edit one document; the page
/// polls the project's version and redraws when another process changed it. The editor of one
/// project serves its reading calls side by side (the photo decodes while the tags are drawn) and
/// each edit alone; the gallery serves one request at a time.
public final class EditorServer {
    /// The project being edited, or the folder whose projects the gallery shows.
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
    /// The gallery's limit on an uploaded photo unless `tagproj open --max-upload` says otherwise.
    public static let defaultMaxUploadBytes = 100_000_000

    private var http: HTTPServer?
    private let access: AccessGuard

    /// Checks that the project opens, then listens on 127.0.0.1:`port` (0: any free port) and, when
    /// `lanAddress` (dotted IPv4, see ``LANAddress``) is given, on that address at the same port.
    /// `decoded`: the project's photo decoded already (`Project.pictureDecodedAtCreation`, for a
    /// project made a moment ago), held for its views instead of decoding it again.
    /// - Throws: the project's error (missing, not a project, damaged), or ``EditorStartError``.
    public init(projectPath: String, port: UInt16 = 0, lanAddress: String? = nil, decoded: DecodedPicture? = nil) throws {
        self.projectPath = projectPath
        let picture = try Project.open(projectPath, forWriting: false).pictureSize()
        let photos = PhotoCache()
        if let decoded { photos.hold(decoded, for: projectPath) }
        // The first view, at the size the page asked for last time in its room, drawn while the
        // browser loads the page.
        let firstView = FirstView(photos: photos)
        if let room = EditorRoom.last() { firstView.start(projectPath, size: room.viewSize(for: picture)) }
        let site = OneProject(api: try EditorAPI(projectPath: projectPath, photos: photos, firstView: firstView))
        // The guard checks the Host and Origin against the port, known once the server listens.
        let server = try HTTPServer(port: port, lanAddress: lanAddress, maxBody: Self.maximumBodyBytes,
                                    readsOnly: { request in EditorServer.readsOnly(request, site: site) })
        let access = try AccessGuard(port: server.port, lanAddress: lanAddress)
        self.access = access
        server.admission = { request in EditorServer.admission(of: request, access: access, site: site) }
        server.handler = { request in EditorServer.route(request, access: access, site: site) }
        http = server
    }

    /// The gallery of the folder `folder` (see ``GalleryAPI``): every project in it, each opened
    /// in the editor at `/p/NAME/`, and photos uploaded to it (at most `maxUploadBytes` each)
    /// becoming new projects; otherwise as ``init(projectPath:port:lanAddress:)``.
    /// - Throws: the folder's error when it cannot be read, or ``EditorStartError``.
    public init(folder: String, port: UInt16 = 0, lanAddress: String? = nil, maxUploadBytes: Int = EditorServer.defaultMaxUploadBytes) throws {
        projectPath = folder
        let gallery = try GalleryAPI(folder: ProjectFolder(folder), maxUploadBytes: maxUploadBytes)
        // Uploads and projects in the making that a killed gallery or `new` left here.
        StaleTemporaries.remove(in: folder)
        // The guard is made once the server listens, before any request is let through.
        var admitted: AccessGuard?
        let upload = UploadRoute(path: GalleryAPI.uploadPath, maximumBytes: maxUploadBytes,
                                 tooLargeMessage: { EditorRequestError.uploadTooLarge(limit: maxUploadBytes).message }) { request in
            guard let access = admitted else { return .failure(UploadRefused(response: .error(503, tr("the editor is starting")))) }
            if let refusal = EditorServer.refusal(of: request, path: GalleryAPI.uploadPath, access: access) {
                return .failure(UploadRefused(response: refusal))
            }
            return gallery.uploadFile()
        }
        let server = try HTTPServer(port: port, lanAddress: lanAddress, maxBody: Self.maximumBodyBytes, upload: upload)
        let access = try AccessGuard(port: server.port, lanAddress: lanAddress)
        admitted = access
        self.access = access
        server.admission = { request in EditorServer.admission(of: request, access: access, site: gallery) }
        server.handler = { request in EditorServer.route(request, access: access, site: gallery) }
        http = server
    }

    /// Stops serving. Called by `tagproj open` on Ctrl-C; a running request finishes first.
    public func stop() {
        http?.stop()
        http = nil
    }

    deinit { stop() }

    private func url(host: String) -> String { "http://\(host):\(port)/#token=\(access.token)" }

    /// The whole routing table, security checks first (``admission(of:access:site:)``, which the
    /// server has already made when the headers came; made again here, as they cost nothing).
    static func route(_ request: HTTPRequest, access: AccessGuard, site: some Site) -> HTTPResponse {
        if let refusal = admission(of: request, access: access, site: site) { return refusal }
        guard let (project, path) = site.scope(of: request.path) else { return .error(404, tr("no such page")) }
        if path == "/favicon.ico" { return HTTPResponse(status: 204, contentType: "image/x-icon", body: []) }
        if !path.hasPrefix("/api/") {
            // A page in the request's language (`PageText`), a script or a style as it is.
            guard let page = PageText.response(for: site.asset(for: path, project: project), language: Messages.current) else {
                return .error(404, tr("no such page"))
            }
            return page
        }
        if path == "/api/session" {
            var response = HTTPResponse.json(.object([("ok", .bool(true))]))
            response.extraHeader = ("Set-Cookie", access.cookie)
            return response
        }
        return site.handle(path: path, project: project, request: request)
    }

    /// The answer that refuses `request` whatever its body may be, or nil when it may go on: a
    /// foreign `Host`, a path that names nothing, a page asked for by another method than GET, an
    /// API call that ``refusal(of:path:access:)`` refuses. The server asks it as soon as the
    /// headers are in, before a byte of the body is read, without waiting for a request under way,
    /// so a client without the token cannot hold a connection through its body. It only reads.
    static func admission(of request: HTTPRequest, access: AccessGuard, site: some Site) -> HTTPResponse? {
        // DNS rebinding: a foreign name that resolves to 127.0.0.1 gets nothing, not even the page.
        guard access.hostIsOurs(request.header("Host")) else { return hostRefused(access) }
        guard let (_, path) = site.scope(of: request.path) else { return .error(404, tr("no such page")) }
        if path == "/favicon.ico" { return nil }
        if !path.hasPrefix("/api/") {
            return request.method == "GET" || request.method == "HEAD" ? nil : .error(405, tr("only GET is allowed here"))
        }
        return refusal(of: request, path: path, access: access)
    }

    /// The API calls that only read: GET; every other call changes something and is a POST from
    /// this server's own page.
    static let readingCalls: Set = ["/api/state", "/api/version", "/api/photo", "/api/tag", "/api/tags", "/api/download", "/api/preview",
                                    "/api/export-plan", "/api/gallery", "/api/thumbnail"]

    /// The API calls that only read the project though they are POSTs: the room (it starts the
    /// first view's drawing in the background) and an export (the picture goes beside the project
    /// or to the page; the name it takes is chosen under a lock of its own, see
    /// `EditorAPI.exportPicture`). With the GETs they run side by side, so a long export does not
    /// stall the page's reads; edits run alone.
    static let readingPosts: Set = ["/api/room", "/api/export"]

    /// Whether `request` only reads, by what it does: a page or asset, a reading call, or a POST
    /// that reads (`readingPosts`); a request refused before it runs (a wrong method) reads nothing.
    static func readsOnly(_ request: HTTPRequest, site: some Site) -> Bool { readsOnly(path: site.scope(of: request.path)?.path) }

    /// ``readsOnly(_:site:)`` for the path within the site (nil: one that names nothing).
    static func readsOnly(path: String?) -> Bool {
        guard let path else { return true }
        return !path.hasPrefix("/api/") || readingCalls.contains(path) || readingPosts.contains(path)
    }

    /// The API calls that change something (or start a session): POST, from this server's page.
    static let changingCalls: Set = ["/api/session", "/api/room", "/api/edit", "/api/export", "/api/export-all", GalleryAPI.uploadPath]

    /// The answer that refuses an API request to `path` (wrong method, foreign origin, no
    /// token, no such call), or nil when it may go on: the checks every API call passes, an
    /// upload's before its body is read. Whether a call exists is said only to the token's holder.
    static func refusal(of request: HTTPRequest, path: String, access: AccessGuard) -> HTTPResponse? {
        guard access.hostIsOurs(request.header("Host")) else { return hostRefused(access) }
        let method = request.method
        if readingCalls.contains(path) {
            guard method == "GET" else { return .error(405, tr("{path} takes GET", ["path": path])) }
        } else if changingCalls.contains(path) {
            guard method == "POST" else { return .error(405, tr("{path} takes POST", ["path": path])) }
            guard access.originIsOurs(request) else { return .error(403, tr("cross-origin request refused")) }
        }
        guard access.isAuthorized(request) else {
            return .error(401, tr("not authorized"), hint: tr("open the URL that 'tagproj open' printed"))
        }
        guard readingCalls.contains(path) || changingCalls.contains(path) else { return .error(404, tr("no such API call")) }
        return nil
    }

    private static func hostRefused(_ access: AccessGuard) -> HTTPResponse {
        let hosts = access.addresses.map { "\($0):\(access.port)" }
        return .error(421, hosts.count == 1 ? tr("this server answers only to {address}", ["address": hosts[0]])
                                            : tr("this server answers only to {address} and {other}", ["address": hosts[0], "other": hosts[1]]))
    }
}

/// What a server serves behind its security checks: one project (`tagproj open P`) or a folder's
/// gallery (`tagproj open DIR`).
protocol Site {
    /// The project a request path is about (nil: the site's own) and the path within it, or nil
    /// for a path that names nothing.
    func scope(of path: String) -> (project: String?, path: String)?
    /// The embedded asset (`tp_page_asset`) served at `path`.
    func asset(for path: String, project: String?) -> String
    /// Answers an authorized API call.
    func handle(path: String, project: String?, request: HTTPRequest) -> HTTPResponse
}

/// `tagproj open P`: the editor of one project, at `/`.
struct OneProject: Site {
    let api: EditorAPI

    func scope(of path: String) -> (project: String?, path: String)? { (nil, path) }
    func asset(for path: String, project: String?) -> String { path }
    func handle(path: String, project: String?, request: HTTPRequest) -> HTTPResponse { api.handle(path: path, request: request) }
}
