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
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", body: Array(value.text.utf8))
    }

    /// A request the library refused, as the codec writes a failure, with its meaning's status.
    static func failure(_ failure: AnswerFailure) -> HTTPResponse {
        json(RequestCodec.json(failure), status: failure.meaning.httpStatus)
    }

    /// A JSON error answer: `{"error":"…","hint":"…"}`.
    static func error(_ status: UInt32, _ message: String, hint: String? = nil) -> HTTPResponse {
        var members: [(String, JSON)] = [("error", .string(message))]
        if let hint { members.append(("hint", .string(hint))) }
        return json(.object(members), status: status)
    }
}

/// Why the server could not start.
public struct EditorStartError: TagProjError {
    /// What the HTTP library said.
    public let reason: String
    /// `cannot start the editor: …`.
    public var message: String { "cannot start the editor: \(reason)" }
    /// Nothing can be served.
    public var meaning: ErrorMeaning { .notPossible }
}

/// An HTTP server on 127.0.0.1 (and a LAN address, when asked) through GNU libmicrohttpd (see
/// `Sources/CEditor/http.c`): requests are handled one at a time in arrival order.
final class HTTPServer {
    /// The port the server listens on.
    let port: UInt16
    private var server: OpaquePointer?
    private let box: Unmanaged<HandlerBox>

    /// The handler, boxed so that C can hold it; until one is set, requests get 503.
    private final class HandlerBox {
        var handle: (HTTPRequest) -> HTTPResponse = { _ in .error(503, "the editor is starting") }
    }

    /// What answers requests. Set it once, right after starting (it may need the port).
    var handler: (HTTPRequest) -> HTTPResponse {
        get { box.takeUnretainedValue().handle }
        set { box.takeUnretainedValue().handle = newValue }
    }

    /// Connections open at once (libmicrohttpd keeps the rest waiting to be accepted).
    static let maximumConnections: UInt32 = 512
    /// Seconds a connection has to send a request's headers whole, from when it opens or its
    /// previous response ends.
    static let headerSeconds: UInt32 = 5

    /// Starts listening on 127.0.0.1:`port` (0: any free port), and on `lanAddress` (dotted IPv4)
    /// at the same port when given.
    init(port: UInt16, lanAddress: String? = nil, maxBody: Int) throws {
        box = Unmanaged.passRetained(HandlerBox())
        var bound: UInt16 = 0
        var message = [CChar](repeating: 0, count: 256)
        // Slow clients (each sending a header line every few seconds) are closed after the
        // header limit, and the connection limit is far above what a few of them, or the
        // browser's own six, can take.
        let started = tp_http_start(port, lanAddress, Self.maximumConnections, maxBody, Self.headerSeconds, { context, request in
            guard let context, let request else { return }
            let box = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue()
            let response = box.handle(HTTPRequest(handle: request))
            _ = response.body.withUnsafeBufferPointer { body in
                tp_http_respond(request, response.status, response.contentType, body.baseAddress, body.count,
                                response.extraHeader?.name, response.extraHeader?.value)
            }
        }, box.toOpaque(), &bound, &message, message.count)
        guard let started else {
            box.release()
            throw EditorStartError(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        server = started
        self.port = bound
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
