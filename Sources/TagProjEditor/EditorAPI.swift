import TagKit

/// The editor's JSON API over the TagKit façade: each call opens the project, does one thing, and
/// answers; an edit is exactly one TagKit edit with its history entry.
final class EditorAPI {
    let projectPath: String
    /// Fonts for measuring new text (and cutting its subsets) and drawing tag images, loaded on
    /// first need; each drawing first adopts the project's subsets.
    private var fontSystem: FontSystem?
    /// How long an edit waits for another process's lock before the page is told "busy".
    static let busyTimeoutMS: Int32 = 2000

    init(projectPath: String) throws {
        self.projectPath = projectPath
    }

    private func fonts() throws -> FontSystem {
        if let fontSystem { return fontSystem }
        let made = try FontSystem()
        fontSystem = made
        return made
    }

    private func open(forWriting: Bool) throws -> Project {
        try Project.open(projectPath, forWriting: forWriting, busyTimeoutMS: Self.busyTimeoutMS, frontEnd: "editor")
    }

    /// Answers an authorized API request; failures become their meaning's status with the
    /// message the CLI would print.
    func handle(path: String, request: HTTPRequest) -> HTTPResponse {
        do {
            switch path {
            case "/api/state": return .json(try EditorState.json(try open(forWriting: false)))
            case "/api/version": return .json(.object([("version", .string(EditorState.version(of: projectPath)))]))
            case "/api/tag": return try tagImage(request)
            case "/api/photo": return try photo(request)
            case "/api/edit": return try edit(try JSONParser().parse(request.body))
            case "/api/export": return try export()
            default: return .error(404, "no such API call")
            }
        } catch let error as TagProjError {
            return .error(error.meaning.httpStatus, error.message, hint: error.advice)
        } catch {
            return .error(500, "\(error)")
        }
    }

    /// `GET /api/tag?id=N&w=W&h=H`: the tag drawn for a W×H view of the picture, as a PNG whose
    /// top-left corner is at the `X-Tag-Origin` pixel.
    private func tagImage(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let raw = request.argument("id"), let id = Int64(raw), id > 0 else { throw EditorRequestError.badField("id") }
        let project = try open(forWriting: false)
        let size = try viewSize(request, picture: try project.pictureSize())
        guard let tag = try project.tags().first(where: { $0.id == TagID(id) }) else {
            throw EditorRequestError.noSuchTag(TagID(id))
        }
        let fonts = try fonts()
        try project.adoptFonts(into: fonts)
        let (png, origin) = try TagImage.render(tag, settings: try project.settings(), size: size, fonts: fonts)
        var response = HTTPResponse(status: 200, contentType: "image/png", body: png)
        response.extraHeader = ("X-Tag-Origin", "\(origin.x),\(origin.y)")
        return response
    }

    /// `GET /api/photo?w=W&h=H`: the picture as export draws it (orientation and crop applied),
    /// without tags, at the view's size, as a JPEG.
    private func photo(_ request: HTTPRequest) throws -> HTTPResponse {
        let project = try open(forWriting: false)
        let size = try viewSize(request, picture: try project.pictureSize())
        return HTTPResponse(status: 200, contentType: "image/jpeg", body: try project.preview(size: size))
    }

    /// The `w`×`h` view size of the request, at least 1 and at most the picture's own size.
    private func viewSize(_ request: HTTPRequest, picture: PictureSize) throws -> PictureSize {
        guard let w = request.argument("w").flatMap({ Int($0) }), (1...100_000).contains(w) else { throw EditorRequestError.badField("w") }
        guard let h = request.argument("h").flatMap({ Int($0) }), (1...100_000).contains(h) else { throw EditorRequestError.badField("h") }
        return PictureSize(width: min(w, picture.width), height: min(h, picture.height))
    }

    /// `POST /api/edit` with `{"op":"add"|"move"|"flip"|"edit"|"delete"|"undo"|"redo", …}`: one
    /// TagKit edit (`Project.apply`), or one step of the history.
    private func edit(_ body: JSON) throws -> HTTPResponse {
        guard let op = body["op"]?.stringValue else { throw EditorRequestError.badField("op") }
        let project = try open(forWriting: true)
        var notices: [Notice] = []
        let labels: [String]
        switch op {
        case "undo", "redo":
            // The branch notice (redo) and the someone-else's-edit notice (undo) reach the page as values.
            let result = op == "undo" ? try project.undo() : try project.redo()
            (labels, notices) = (result.labels, result.notices)
        default:
            let edit = try self.edit(op, from: body)
            // Only text needs fonts; a drag or a flip never loads them.
            let measurer: (any LabelMeasurer)? = switch edit { case .add, .setText: try fonts(); default: nil }
            let result = try project.apply(edit, measurer: measurer)
            notices = result.notices
            labels = [result.label]
        }
        return .json(.object([
            ("done", .array(labels.map { .string($0) })), ("notices", .array(notices.map(\.json))),
            ("state", try EditorState.json(project)),
        ]))
    }

    /// The edit a request body asks for.
    private func edit(_ op: String, from body: JSON) throws -> Edit {
        switch op {
        case "add":
            guard let kind = body["kind"]?.stringValue.flatMap(Kind.init(rawValue:)) else { throw EditorRequestError.badField("kind") }
            guard let text = body["text"]?.stringValue else { throw EditorRequestError.badField("text") }
            let side = try body["side"].map { value -> Side in
                guard let side = value.stringValue.flatMap(Side.init(rawValue:)) else { throw EditorRequestError.badField("side") }
                return side
            }
            return .add(kind: kind, text: text, at: try point(body, optional: true), side: side)
        case "move": return .move(try id(body), .to(try point(body, optional: false) ?? .centre))
        case "flip": return .flip(try id(body))
        case "edit":
            guard let text = body["text"]?.stringValue else { throw EditorRequestError.badField("text") }
            return .setText(try id(body), text)
        case "delete": return .delete(try id(body))
        default: throw EditorRequestError.unknownOperation(op)
        }
    }

    private func id(_ body: JSON) throws -> TagID {
        guard let raw = body["id"]?.integerValue, raw > 0 else { throw EditorRequestError.badField("id") }
        return TagID(raw)
    }

    private func point(_ body: JSON, optional: Bool) throws -> NormalizedPoint? {
        guard let x = body["x"], let y = body["y"] else {
            if optional, body["x"] == nil, body["y"] == nil { return nil }
            throw EditorRequestError.badField("x")
        }
        guard let x = x.doubleValue, let y = y.doubleValue, x.isFinite, y.isFinite, (-0.5...1.5).contains(x), (-0.5...1.5).contains(y)
        else { throw EditorRequestError.badField("x") }
        return NormalizedPoint(x: x, y: y)
    }

    /// `POST /api/export`: the full-resolution picture written next to the project, as JPEG
    /// (`dinner.tagproj` → `dinner-tagged.jpg`), as `tagproj export` would write it. The editor
    /// never writes over a file it did not write itself, nor over the photo the project was made
    /// from: a name that holds one gets a fresh one (`dinner-tagged-2.jpg`), and the answer names
    /// the file written.
    private func export() throws -> HTTPResponse {
        let project = try open(forWriting: true)
        let output = try project.taggedPicturePath()
        let result = try project.export(to: output, options: ExportOptions(), reusing: try fonts())
        try project.recordWrittenPicture(output)
        return .json(result.json(path: output))
    }
}
