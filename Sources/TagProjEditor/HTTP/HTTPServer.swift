import CEditor
import Glibc
import TagKit

/// A request as the editor sees it: method, path, the headers it checks, the body.
struct HTTPRequest {
    fileprivate let handle: OpaquePointer

    /// `GET`, `POST`…
    var method: String { String(cString: tp_http_method(handle)) }
    /// The path without the query (`/api/state`).
    var path: String { String(cString: tp_http_path(handle)) }

    /// A header's value, if present.
    func header(_ name: String) -> String? { tp_http_header(handle, name).map { String(cString: $0) } }
    /// A query argument's value, if present.
    func argument(_ name: String) -> String? { tp_http_argument(handle, name).map { String(cString: $0) } }
    /// A cookie's value, if present.
    func cookie(_ name: String) -> String? { tp_http_cookie(handle, name).map { String(cString: $0) } }

    /// For an upload (see ``UploadRoute``): the file its body was written to, how many bytes,
    /// and the first error writing them (0: none); nil for any other request.
    var upload: (file: String, bytes: Int, errno: Int32)? {
        guard let file = tp_http_upload_file(handle) else { return nil }
        var failure: Int32 = 0
        let bytes = tp_http_upload_status(handle, &failure)
        return (String(cString: file), bytes, failure)
    }

    /// The language the browser asks for (`Accept-Language`) among those tagproj has, English
    /// when none: the language its answer is worded in (see ``HTTPServer``).
    var language: MessageLanguage { MessageLanguage.fromAcceptLanguage(header("Accept-Language") ?? "") }

    /// The body's bytes.
    var body: [UInt8] {
        var length = 0
        guard let data = tp_http_body(handle, &length), length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}

/// What the editor answers.
struct HTTPResponse {
    var status: UInt32
    var contentType: String
    var body: [UInt8]
    /// One extra header (Set-Cookie, Content-Disposition), if any.
    var extraHeader: (name: String, value: String)? = nil

    /// A JSON answer.
    static func json(_ value: JSON, status: UInt32 = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: value.utf8)
    }

    /// A request the library refused, as the codec writes a failure, with its meaning's status.
    static func failure(_ failure: AnswerFailure) -> HTTPResponse {
        json(RequestCodec.json(failure), status: failure.meaning.httpStatus)
    }

    /// What `body` answers, or its failure: a TagKit error with its meaning's status and the
    /// message the CLI would print, anything else 500.
    static func answering(_ body: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try body()
        } catch let error as TagProjError {
            return .failure(AnswerFailure(error))
        } catch {
            return .error(500, "\(error)")
        }
    }

    /// A refusal of the server's own (no such call, a wrong method, no token, a foreign Host or
    /// Origin, a body too large, not started yet), in the codec's failure shape like every other:
    /// `{"ok":false,"error":"…","hint":null,"meaning":"refused"}`, with `status`.
    static func error(_ status: UInt32, _ message: String, hint: String? = nil) -> HTTPResponse {
        json(RequestCodec.json(AnswerFailure(message: message, advice: hint, meaning: ErrorMeaning(refusal: status))), status: status)
    }
}

extension HTTPResponse {
    /// Sends this as the answer to `request` (only the first answer counts).
    fileprivate func send(to request: OpaquePointer) {
        _ = body.withUnsafeBufferPointer { body in
            tp_http_respond(request, status, contentType, body.baseAddress, body.count, extraHeader?.name, extraHeader?.value)
        }
    }
}

/// The one route whose body is streamed to a file instead of gathered in memory (the gallery's
/// upload of a photo), with its own size limit.
struct UploadRoute {
    /// Its path (`/api/upload`); only a POST to it is an upload.
    var path: String
    /// The most bytes its body may have.
    var maximumBytes: Int
    /// The message of the 413 answer to a body over the limit, in the current language.
    var tooLargeMessage: () -> String
    /// Called when the headers are in, before the body is read: the file to stream the body to
    /// (an open descriptor and its path; the server closes and removes it when the request
    /// ends), or the answer that refuses the request.
    var open: (HTTPRequest) -> Result<(descriptor: Int32, path: String), UploadRefused>
}

/// The answer that refuses an upload before its body is read.
struct UploadRefused: Error {
    var response: HTTPResponse
}

/// Why the server could not start.
public struct EditorStartError: TagProjError {
    /// What the HTTP library said.
    public let reason: String
    /// `cannot start the editor: …`.
    public var message: String { tr("cannot start the editor: {reason}", ["reason": reason]) }
    /// Nothing can be served.
    public var meaning: ErrorMeaning { .notPossible }
}

/// An HTTP server on 127.0.0.1 (and a LAN address, when asked) through GNU libmicrohttpd (see
/// `Sources/CEditor/http.c`): requests are handled one at a time in arrival order, or, with
/// `readsOnly`, the requests it says only read side by side (the handler must then be safe to
/// call from several threads at once for them) and every other request alone. Each request's
/// admission, upload and handler run in the language its browser asks for
/// (`Messages.speaking(request.language)`), so what the library and the server word for it (an
/// error, a notice, the page itself) is in that language.
final class HTTPServer {
    /// The port the server listens on.
    let port: UInt16
    private var server: OpaquePointer?
    private let box: Unmanaged<HandlerBox>

    /// The handler and the admission, boxed so that C can hold them; until they are set,
    /// requests get 503.
    private final class HandlerBox {
        var admit: (HTTPRequest) -> HTTPResponse? = { _ in .error(503, tr("the editor is starting")) }
        var handle: (HTTPRequest) -> HTTPResponse = { _ in .error(503, tr("the editor is starting")) }
        var upload: UploadRoute?
        var readsOnly: (HTTPRequest) -> Bool = { _ in false }
    }

    /// The checks every request passes as soon as its headers are in, before a byte of its body
    /// is read: the answer that refuses it (its body is then never read, and the connection is
    /// closed), or nil to let it go on. Called without the lock the handler holds, on several
    /// threads at once, so it must only read. Set it once, right after starting, before
    /// ``handler``.
    var admission: (HTTPRequest) -> HTTPResponse? {
        get { box.takeUnretainedValue().admit }
        set { box.takeUnretainedValue().admit = newValue }
    }

    /// What answers requests. Set it once, right after starting (it may need the port).
    var handler: (HTTPRequest) -> HTTPResponse {
        get { box.takeUnretainedValue().handle }
        set { box.takeUnretainedValue().handle = newValue }
    }

    /// Connections open at once (libmicrohttpd keeps the rest waiting to be accepted).
    static let maximumConnections: UInt32 = 512
    /// Seconds a connection has to send a request's headers whole, from when it opens or its
    /// previous response ends; its body then has the time it takes at
    /// ``floorBytesPerSecond`` more, for the length it declares (else the route's limit).
    static let headerSeconds: UInt32 = 5
    /// The slowest a request's body may arrive (64 KiB/s): slower, the connection is closed at the
    /// request's deadline.
    static let floorBytesPerSecond = Int(TP_HTTP_FLOOR_BYTES_PER_SECOND)

    /// Starts listening on 127.0.0.1:`port` (0: any free port), and on `lanAddress` (dotted IPv4)
    /// at the same port when given; with `readsOnly`, the requests it says only read (by what they
    /// do, not their method) side by side, every other alone; without it, one at a time.
    init(port: UInt16, lanAddress: String? = nil, maxBody: Int, upload: UploadRoute? = nil,
         readsOnly: ((HTTPRequest) -> Bool)? = nil) throws {
        let box = Unmanaged.passRetained(HandlerBox())
        self.box = box
        box.takeUnretainedValue().upload = upload
        if let readsOnly { box.takeUnretainedValue().readsOnly = readsOnly }
        let readsOnlyCall: tp_http_reads_only? = readsOnly == nil ? nil : { context, request in
            guard let context, let request else { return 0 }
            return Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().readsOnly(HTTPRequest(handle: request)) ? 1 : 0
        }
        let (connections, headerSeconds) = (Self.maximumConnections, Self.headerSeconds)
        var bound: UInt16 = 0
        var message = [CChar](repeating: 0, count: 256)
        // Slow clients (each sending a header line, or a byte of the body, every few seconds) are
        // closed at their request's deadline, one without the token as soon as its headers are
        // in, and the connection limit is far above what a few of them, or the browser's own
        // six, can take.
        let started = upload.map(\.path).withOptionalCString { route in
                var uploadSpec = tp_http_upload(route: route, max_bytes: upload?.maximumBytes ?? 0, too_large: { context, request in
                    // An upload over the limit, refused in its browser's language.
                    guard let context, let request else { return }
                    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                    guard let upload = box.upload else { return }
                    let asked = HTTPRequest(handle: request)
                    Messages.speaking(asked.language) { HTTPResponse.error(413, upload.tooLargeMessage()) }.send(to: request)
                }, open: { context, request, path, cap in
                    guard let context, let request, let path else { return -1 }
                    let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                    guard let upload = box.upload else { return -1 }
                    let asked = HTTPRequest(handle: request)
                    switch Messages.speaking(asked.language, { upload.open(asked) }) {
                    case .success(let file):
                        let bytes = Array(file.path.utf8CString)
                        guard bytes.count <= cap else { return -1 }
                        for (i, byte) in bytes.enumerated() { path[i] = byte }
                        return file.descriptor
                    case .failure(let refused):
                        refused.response.send(to: request)
                        return -1
                    }
                })
                return withUnsafePointer(to: &uploadSpec) { spec in
                    tp_http_start(port, lanAddress, connections, maxBody, route == nil ? nil : spec, headerSeconds, readsOnlyCall, { context, request in
                        guard let context, let request else { return -1 }
                        let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                        let asked = HTTPRequest(handle: request)
                        guard let refusal = Messages.speaking(asked.language, { box.admit(asked) }) else { return 0 }
                        refusal.send(to: request)
                        return -1
                    }, { context, request in
                        guard let context, let request else { return }
                        let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
                        let asked = HTTPRequest(handle: request)
                        Messages.speaking(asked.language) { box.handle(asked) }.send(to: request)
                    }, box.toOpaque(), &bound, &message, message.count)
                }
        }
        guard let started else {
            box.release()
            throw EditorStartError(reason: Self.worded(message.map { UInt8(bitPattern: $0) }))
        }
        server = started
        self.port = bound
    }

    /// A reason `tp_http_start` gives (its message, then each placeholder's name and value, all
    /// NUL-ended) in the current language: the C server's messages are marked `N_` for the catalog.
    static func worded(_ reason: [UInt8]) -> String {
        let parts = reason.split(separator: 0, omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map { String(decoding: $0, as: UTF8.self) }
        guard let english = parts.first else { return "" }
        var text = Messages.current.catalog?.translation(of: english) ?? english
        var rest = parts.dropFirst()
        while rest.count >= 2 {
            let (name, value) = (rest.removeFirst(), rest.removeFirst())
            text = text.split(separator: "{" + name + "}", omittingEmptySubsequences: false).joined(separator: value)
        }
        return text
    }

    /// Stops serving: closes every connection, after a running handler returns.
    func stop() {
        guard let server else { return }
        tp_http_stop(server)
        self.server = nil
        box.release()
    }

    deinit { stop() }
}

extension Optional<String> {
    /// Calls `body` with the string as a C string, or with nil.
    fileprivate func withOptionalCString<T>(_ body: (UnsafePointer<CChar>?) throws -> T) rethrows -> T {
        guard let self else { return try body(nil) }
        return try self.withCString { try body($0) }
    }
}
