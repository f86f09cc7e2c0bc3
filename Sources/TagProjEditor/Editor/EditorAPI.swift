import Glibc
import Synchronization
import TagKit

/// The editor's JSON API over the TagKit façade: each call opens the project, does one thing, and
/// answers; an edit is exactly one TagKit edit with its history entry. The calls that only read
/// (`EditorServer.readsOnly`: the GETs, the room, an export) may run on several threads at once:
/// each has its own connection to the project, the fonts are held by one drawing at a time, and
/// one export at a time names its picture.
final class EditorAPI {
    let projectPath: String
    /// Fonts for measuring new text (and cutting its subsets) and drawing tag images, loaded on
    /// first need; each drawing first adopts the project's subsets, and holds them alone.
    private let fontCache = FontCache()
    /// Held while a picture is written beside the project: exports run beside the page's reads
    /// (`EditorServer.readingPosts`), and two at once must not both take the same free name.
    private let exporting = Mutex(())
    /// The photo decoded, for the views of it; its decode starts, at the lowest priority, once the
    /// first view is answered.
    private let photos: PhotoCache

    /// The first view, drawn before the page asks for it: as the editor starts, for the room
    /// remembered; once the page tells its room (`POST /api/room`).
    private let firstView: FirstView

    /// Where exports find the user's config file (`export.quality`): nil for this process's
    /// environment (a test gives its own).
    var environment: [String: String]?

    init(projectPath: String, photos: PhotoCache, firstView: FirstView? = nil) throws {
        self.projectPath = projectPath
        self.photos = photos
        self.firstView = firstView ?? FirstView(photos: photos)
    }

    private func open(forWriting: Bool) throws -> Project {
        try Project.open(projectPath, forWriting: forWriting, frontEnd: "editor")
    }

    /// Answers an authorized API request; failures become their meaning's status with the
    /// message the CLI would print.
    func handle(path: String, request: HTTPRequest) -> HTTPResponse {
        HTTPResponse.answering {
            switch path {
            case "/api/state": return .json(try EditorState.json(try open(forWriting: false), known: Self.known(request)))
            case "/api/version": return .json(.object([("version", .string(try EditorState.version(of: projectPath)))]))
            case "/api/tag": return try tagImage(request)
            case "/api/tags": return try tagImages(request)
            case "/api/photo": return try photo(request)
            case "/api/room": return try room(try JSONParser().parse(request.body))
            case "/api/edit": return try edit(try JSONParser().parse(request.body), known: Self.known(request))
            case "/api/export": return try export(try JSONParser().parse(request.body))
            case "/api/export-plan": return .json(try exportPlan(request))
            case "/api/download": return try download(request)
            case "/api/preview": return try statePreview(request)
            default: return .error(404, tr("no such API call"))
            }
        }
    }

    /// `GET /api/tag?id=N&w=W&h=H[&side=left|right]`: the tag drawn for a W×H view of the picture
    /// (with its bubble on `side`, for a drag that will swap it), as a PNG whose top-left corner is
    /// at the `X-Tag-Origin` pixel (`X,Y,WIDTH,HEIGHT`).
    private func tagImage(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let raw = request.argument("id"), let id = Int64(raw), id > 0 else { throw EditorRequestError.badField("id") }
        let (png, origin, drawn) = try drawnTags([(TagID(id), request.argument("side"))], for: request, sideField: "side")[0]
        var response = HTTPResponse(status: 200, contentType: "image/png", body: png)
        // Where the image goes and its size, so the page places it before it has decoded it.
        response.extraHeader = ("X-Tag-Origin", "\(origin.x),\(origin.y),\(drawn.width),\(drawn.height)")
        return response
    }

    /// The tags `asked` drawn for the request's W×H view by `TagImage.render`, each with its bubble
    /// on the side named (`left`, `right`; a name that is neither is a bad `sideField`) or on its
    /// own side, the project's fonts adopted once for them all.
    private func drawnTags(_ asked: [(id: TagID, side: String?)], for request: HTTPRequest,
                           sideField: String) throws -> [(png: [UInt8], origin: (x: Int, y: Int), size: PictureSize)] {
        let project = try open(forWriting: false)
        let size = try viewSize(request, picture: try project.pictureSize())
        let tags = Dictionary(try project.tags().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let drawable = try asked.map { id, side -> Tag in
            guard var tag = tags[id] else { throw EditorRequestError.noSuchTag(id) }
            if let side {
                guard let side = Side(rawValue: side) else { throw EditorRequestError.badField(sideField) }
                tag.side = side
            }
            return tag
        }
        let settings = try project.settings()
        return try fontCache.withFonts { fonts in
            try project.adoptFonts(into: fonts)
            return try drawable.map { try TagImage.render($0, settings: settings, size: size, fonts: fonts) }
        }
    }

    /// The most tags one `/api/tags` answer draws: the page asks for more in several.
    static let tagBatchLimit = 64

    /// `GET /api/tags?w=W&h=H&ids=ID:SIDE,…` (1 to `tagBatchLimit` of them): the tags drawn for a
    /// W×H view as `/api/tag` draws each (bubble on SIDE), in one answer: their PNGs one after
    /// another, and `X-Tag-Parts` saying for each in turn `ID,SIDE,X,Y,WIDTH,HEIGHT,BYTES` (`;`
    /// between). What the page asks for when it draws every tag at once: one request where there
    /// were as many as tags, queued six at a time behind the browser's connections.
    private func tagImages(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let raw = request.argument("ids") else { throw EditorRequestError.badField("ids") }
        let items = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...Self.tagBatchLimit).contains(items.count) else { throw EditorRequestError.badField("ids") }
        let asked = try items.map { item -> (id: TagID, side: String?) in
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let id = Int64(parts[0]), id > 0, Side(rawValue: String(parts[1])) != nil else {
                throw EditorRequestError.badField("ids")
            }
            return (TagID(id), String(parts[1]))
        }
        var body: [UInt8] = [], parts: [String] = []
        for ((id, side), (png, origin, drawn)) in zip(asked, try drawnTags(asked, for: request, sideField: "ids")) {
            body += png
            parts.append("\(id.rawValue),\(side!),\(origin.x),\(origin.y),\(drawn.width),\(drawn.height),\(png.count)")
        }
        var response = HTTPResponse(status: 200, contentType: "application/octet-stream", body: body)
        response.extraHeader = ("X-Tag-Parts", parts.joined(separator: ";"))
        return response
    }

    /// `GET /api/photo?w=W&h=H[&x=X&y=Y&rw=RW&rh=RH][&crop=C]`: the picture as export draws it
    /// (orientation and crop applied), without tags, at W×H, as a JPEG; with a region (fractions
    /// of the picture), only that part: what a zoomed view shows, at the screen's pixels. With
    /// `crop` (the state's), refused (409) when the project's crop is no longer that one.
    private func photo(_ request: HTTPRequest) throws -> HTTPResponse {
        let project = try open(forWriting: false)
        if let asked = request.argument("crop"), asked != EditorState.cropKey(try project.crop()) { throw EditorRequestError.cropChanged }
        let picture = try project.pictureSize()
        func fraction(_ key: String, _ fallback: Double) throws -> Double {
            guard let raw = request.argument(key) else { return fallback }
            guard let v = Double(raw), v.isFinite, (0...1).contains(v) else { throw EditorRequestError.badField(key) }
            return v
        }
        let rw = try fraction("rw", 1), rh = try fraction("rh", 1)
        guard let region = try? Crop.validated(x: try fraction("x", 0), y: try fraction("y", 0), width: rw, height: rh) else {
            throw EditorRequestError.badField("x")
        }
        // Never more pixels than the region holds of the photo.
        let most = PictureSize(width: max(1, Int((Double(picture.width) * rw).rounded())), height: max(1, Int((Double(picture.height) * rh).rounded())))
        let size = try viewSize(request, picture: most)
        // A JPEG's first view is the cheapest decoded for itself (reduced); a photo that only
        // decodes whole is decoded once into the cache for this view and all that follow.
        let held = photos.viewSource(for: project, at: projectPath)
        defer { photos.warm(projectPath) }  // for the views that follow
        guard region == .full else {
            return HTTPResponse(status: 200, contentType: "image/jpeg", body: try project.preview(size: size, region: region, decoded: held))
        }
        // The whole picture, the view an open shows first: the one the project keeps of this size
        // (nothing decoded), else the one drawn as the editor started, else drawn now; kept for
        // the next open a second after it was answered, once the page has shown it: the write's
        // lock never holds up the page's other calls while it opens. `fresh=1` draws it again
        // whatever is kept. The page's room is remembered for the next project opened.
        let fresh = request.argument("fresh") == "1"
        let view = try project.view(size: size, reuse: !fresh, drawnBefore: fresh ? nil : firstView.take(size: size), decoded: held)
        let room = request.argument("room").flatMap(EditorRoom.init)
        if !view.kept || room != nil {
            _ = runDetached {
                usleep(1_000_000)
                if !view.kept { project.keep(view) }
                if let room { EditorRoom.remember(room) }
            }
        }
        return HTTPResponse(status: 200, contentType: "image/jpeg", body: view.jpeg,
                            extraHeader: ("X-Tagproj-View", view.kept ? "kept" : view.drawnEarlier ? "drawn early" : "drawn"))
    }

    /// `POST /api/room` with `{"room":"W,H,RATIO"}` (as the photo request's `room`): the page's
    /// room, told as soon as the page has laid out, while it still waits for the state. The
    /// first view for it (`EditorRoom.viewSize`) starts being drawn now, unless the project keeps
    /// it or another is being drawn, and the photo request of that size takes it. Answers
    /// `{"w","h","view":"drawing|kept|busy|failed"}` (`FirstView.Start`).
    private func room(_ body: JSON) throws -> HTTPResponse {
        guard case .object(let members) = body, let given = members.first(where: { $0.0 == "room" }),
              case .string(let text) = given.1, let room = EditorRoom(text) else { throw EditorRequestError.badField("room") }
        let size = room.viewSize(for: try open(forWriting: false).pictureSize())
        let started = firstView.start(projectPath, size: size)
        return .json(.object([("w", .integer(Int64(size.width))), ("h", .integer(Int64(size.height))), ("view", .string(started.rawValue))]))
    }

    /// The `w`×`h` view size of the request, at least 1 and at most the picture's own size.
    private func viewSize(_ request: HTTPRequest, picture: PictureSize) throws -> PictureSize {
        guard let w = request.argument("w").flatMap({ Int($0) }), (1...100_000).contains(w) else { throw EditorRequestError.badField("w") }
        guard let h = request.argument("h").flatMap({ Int($0) }), (1...100_000).contains(h) else { throw EditorRequestError.badField("h") }
        return PictureSize(width: min(w, picture.width), height: min(h, picture.height))
    }

    /// What the page says it holds of the history (`?since=N&file=F`), if it says.
    private static func known(_ request: HTTPRequest) -> EditorState.Known? {
        EditorState.Known(since: request.argument("since"), file: request.argument("file"))
    }

    /// `POST /api/edit[?since=N&file=F]` with one request of `RequestCodec`'s, as `apply` reads
    /// them (`{"op":"move", "id":1,"to":"0.5,0.5"}`), or `undo`, `redo`, `restore`: carried out by
    /// `Project.perform`, and answered with the codec's answer (what was done and the notices,
    /// worded by the library, with their sentences for the status, naming tags by their text:
    /// `RequestCodec.json(_:to:naming:)`) and the new state, its history only what the page lacks (see
    /// `EditorState.json`).
    private func edit(_ body: JSON, known: EditorState.Known?) throws -> HTTPResponse {
        let request = try RequestCodec.request(from: body)
        guard request.changesProject else { throw EditorRequestError.unknownOperation(request.name) }
        let project = try open(forWriting: true)
        // Only text needs fonts; a drag or a flip never loads them.
        let answer: Answer
        do {
            answer = request.measuresText ? try fontCache.withFonts { try project.perform(request, fonts: $0) } : try project.perform(request, fonts: nil)
        } catch let error as TagProjError {
            // A refusal on the picture names the tag by its text, as the status's lines do.
            throw AnswerFailure(error, naming: try Self.names(project))
        }
        // Said for people who see the tags: each tag by its text, as it is after the edit.
        guard case .object(let members) = RequestCodec.json(answer, to: request, naming: try Self.names(project)) else {
            preconditionFailure("an answer is an object")
        }
        return .json(.object(members + [("state", try EditorState.json(project, known: known))]))
    }

    /// How the status names the project's tags: by their text (`TagNames`).
    private static func names(_ project: Project) throws -> TagNames {
        TagNames(try project.tags(), settings: try project.settings())
    }

    /// `POST /api/export` with an export request of the codec's without `to` (`{"op":"export",
    /// "format":"png","max_size":1080}`; `{}` for a full-size JPEG): the picture written next to
    /// the project (`dinner.tagproj` → `dinner-tagged.jpg`, `dinner-tagged-1080.png` for a sized
    /// one), as `tagproj export` would write it. The editor never writes over a file: not the
    /// photo the project was made from, not the user's, not one it wrote before: a name that
    /// holds anything gets a fresh one (`dinner-tagged-2.jpg`). The answer names the file written,
    /// with `name` and `folder` (absolute) as the page shows them.
    private func export(_ body: JSON) throws -> HTTPResponse { .json(try exportPicture(Self.exportOptions(body))) }

    /// Writes the picture with `options` into `folder` (nil: beside the project), under a name
    /// nothing has (``freshPicturePath(_:in:)``), as ``export(_:)`` does (the gallery's *Export
    /// all* into its own folder), and answers as the codec answers an export, plus `name` and
    /// `folder`.
    func exportPicture(_ options: ExportOptions, into folder: String? = nil) throws -> JSON {
        try exporting.withLock { _ in
            let project = try open(forWriting: true)
            // Written under a name found free and put in place only while it still is: a file
            // that takes the name meanwhile (another program's) is left alone, and the picture
            // goes under the next free name.
            let photo = try project.info().sourceFile
            var attempt = 0
            var output: String, request: Request, answer: Answer
            while true {
                output = try freshPicturePath(options, in: folder, photo: photo)
                request = Request.export(to: .newFile(output), options: options, at: nil)
                do {
                    answer = try fontCache.withFonts { [request] in try project.perform(request, fonts: $0, environment: environment) }
                    break
                } catch ExportError.nameTaken where attempt < 3 {
                    attempt += 1
                }
            }
            try project.recordWrittenPicture(output)
            guard case .object(let members) = RequestCodec.json(answer, to: request, naming: try Self.names(project)) else {
                preconditionFailure("an answer is an object")
            }
            return .object(members + [("name", .string(FileIO.baseName(of: output))), ("folder", .string(Self.absolute(folder ?? Self.folder(of: projectPath))))])
        }
    }

    /// `GET /api/export-plan?format=webp&max_size=1080` (the export request's members as query
    /// arguments, as `/api/download` takes them): what Save would write now, `{"name","folder",
    /// "quality"}`: the file's name, its folder (absolute), and the quality an export encodes at
    /// when none is asked for (the user's `export.quality`, else the default), for the dialog.
    private func exportPlan(_ request: HTTPRequest) throws -> JSON {
        let options = try Self.exportOptions(.object(Self.exportMembers(request)))
        let project = try open(forWriting: false)
        let output = try freshPicturePath(options, in: nil, photo: try project.info().sourceFile)
        return .object([("name", .string(FileIO.baseName(of: output))), ("folder", .string(Self.absolute(Self.folder(of: projectPath)))),
                        ("quality", .integer(Int64(try userQuality())))])
    }

    /// The quality an export encodes at when none is asked for: the user's `export.quality`
    /// (found from `environment`), else `ExportOptions.defaultQuality`.
    func userQuality() throws -> Int {
        try ExportOptions().resolvingUserDefaults(environment: environment ?? ProcessEnvironment.current()).effectiveQuality
    }

    /// The name the next picture of this project with `options` is written under in `folder`
    /// (nil: beside the project): `NAME-tagged.SUFFIX`, `NAME-tagged-1080.SUFFIX` for one whose
    /// long side (or width, or height) is asked for, then `-2`, `-3`… until no entry of any kind
    /// (a link included) has the name; never the photo the project was made from.
    private func freshPicturePath(_ options: ExportOptions, in folder: String?, photo: String?) throws -> String {
        let stem = FileIO.removingSuffix(FileIO.baseName(of: projectPath)) + "-tagged" + Self.sizeSuffix(options.size)
        let suffix = Self.suffix(of: options.format ?? .jpeg)
        // Beside the project: its path's folder part as given (`p-tagged.jpg` for `p.tagproj`).
        let prefix = folder.map { $0 + "/" } ?? String(projectPath.dropLast(FileIO.baseName(of: projectPath).count))
        for n in 1...10_000 {
            let name = n == 1 ? "\(stem).\(suffix)" : "\(stem)-\(n).\(suffix)"
            if folder == nil, name == photo { continue }
            var info = stat()
            if lstat(prefix + name, &info) != 0 && errno == ENOENT { return prefix + name }
        }
        throw ExportError.noFreeName(path: prefix + stem + "." + suffix)
    }

    /// `-1080` for a picture asked for at a long side (or width, or height) of 1080 px; nothing
    /// for the full size or a scale.
    private static func sizeSuffix(_ size: ExportSize) -> String {
        switch size {
        case .maxSize(let n), .width(let n), .height(let n): return "-\(n)"
        case .box(let w, let h): return "-\(w)x\(h)"
        case .full, .scale: return ""
        }
    }

    /// The folder a file is in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute with the links on its way resolved, as the page shows it; as given when it cannot be.
    static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The export request's members given as query arguments (`format`, `max_size`, `width`, `quality`).
    private static func exportMembers(_ request: HTTPRequest) -> [(String, JSON)] {
        var members: [(String, JSON)] = [("op", .string(Request.Op.export.rawValue))]
        for key in ["format", "max_size", "width", "quality"] {
            guard let raw = request.argument(key) else { continue }
            if let n = Int64(raw) { members.append((key, .integer(n))) } else { members.append((key, .string(raw))) }
        }
        return members
    }

    /// `GET /api/download?format=png&max_size=1080` (the export request's members as query
    /// arguments): the bytes `tagproj export` writes with those options, for the browser to save.
    private func download(_ request: HTTPRequest) throws -> HTTPResponse {
        let options = try Self.exportOptions(.object(Self.exportMembers(request)))
        let format = options.format ?? .jpeg
        let name = FileIO.removingSuffix(FileIO.baseName(of: projectPath)) + "-tagged" + Self.sizeSuffix(options.size) + "." + Self.suffix(of: format)
        var response = HTTPResponse(status: 200, contentType: "image/" + format.rawValue, body: try exportedBytes(options, at: nil))
        response.extraHeader = ("Content-Disposition", "attachment; filename=\"\(name)\"")
        return response
    }

    /// `GET /api/preview?at=N&max_size=M`: the picture as export draws the state of entry N (0: the
    /// empty start), fitting an M×M box, as a JPEG: what hovering a history entry shows.
    private func statePreview(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let at = request.argument("at").flatMap({ Int64($0) }), at >= 0 else { throw EditorRequestError.badField("at") }
        guard let box = request.argument("max_size").flatMap({ Int($0) }), (16...2048).contains(box) else { throw EditorRequestError.badField("max_size") }
        var options = ExportOptions()
        options.format = .jpeg
        options.size = .maxSize(box)
        options.quality = 85
        return HTTPResponse(status: 200, contentType: "image/jpeg", body: try exportedBytes(options, at: at))
    }

    /// The bytes export writes with `options` (of entry `at`'s state), exported into memory.
    private func exportedBytes(_ options: ExportOptions, at: Int64?) throws -> [UInt8] {
        let project = try open(forWriting: false)
        let answer = try fontCache.withFonts { try project.perform(.export(to: .memory, options: options, at: at), fonts: $0, environment: environment) }
        guard case .exported(let result, .memory) = answer.result, let picture = result.picture else {
            throw EditorRequestError.badField("export")  // never: an export to memory answers with its picture
        }
        return picture
    }

    /// The suffix a file of `format` is named with (`jpg` for JPEG), from the codec registry.
    private static func suffix(of format: ImageFormat) -> String { Codecs.codec(for: format)?.suffixes.first ?? "jpg" }

    /// The options of an export request body, which names no output (the editor chooses it).
    static func exportOptions(_ body: JSON) throws -> ExportOptions {
        guard case .object(var members) = body else { throw EditorRequestError.badField("export") }
        members.removeAll { $0.0 == "to" || $0.0 == "op" }
        let request = try RequestCodec.request(from: .object([("op", .string(Request.Op.export.rawValue))] + members))
        guard case .export(_, let options, _) = request else { throw EditorRequestError.badField("export") }
        try options.validate()
        return options
    }
}
