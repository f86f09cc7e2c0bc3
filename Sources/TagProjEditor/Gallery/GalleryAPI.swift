import Glibc
import TagKit

/// `tagproj open DIR`: the gallery of a folder's projects, behind the editor's security checks.
///
/// `/` is the grid (`Page/gallery.html`): each project directly inside the folder as a thumbnail
/// the renderer drew (kept in the project, see `Project.thumbnail(box:fonts:)`), with its name,
/// tag count and warnings. `/p/NAME/` is the editor on the project `NAME`, the same page and API
/// as `tagproj open NAME`, for a name that ``ProjectFolder/resolve(_:)`` finds directly inside the
/// folder and nowhere else. A photo posted to ``uploadPath`` (streamed to a file in the folder,
/// never held in memory) becomes a new project there as `tagproj new` makes one; *Export all*
/// writes every project's picture into a folder of its own, `exported/` beside the projects or one
/// the user names.
final class GalleryAPI: Site {
    let folder: ProjectFolder
    let maxUploadBytes: Int
    /// The folder's own name, for the page's title (`menu` for `.` in `menu/`).
    let folderName: String
    /// Each project's editor, made on first use.
    private var editors: [String: EditorAPI] = [:]
    /// The photos of the projects opened, decoded, shared by their editors within one budget.
    private let photos = PhotoCache()
    /// Fonts for drawing thumbnails, loaded on first need; each drawing adopts the project's subsets.
    private let fontCache = FontCache()

    /// The route a photo is uploaded to, as the request's body (its file name in
    /// `X-Tagproj-File-Name`, percent-encoded).
    static let uploadPath = "/api/upload"
    /// Thumbnails fit this square: a grid cell of 240 CSS pixels at two device pixels each.
    static let thumbnailBox = 480

    /// The gallery of `folder`, which must be readable.
    init(folder: ProjectFolder, maxUploadBytes: Int) throws {
        self.folder = folder
        self.maxUploadBytes = maxUploadBytes
        _ = try folder.projectNames()
        let resolved = realpath(folder.path, nil)
        defer { free(resolved) }
        folderName = FileIO.baseName(of: resolved.map { String(cString: $0) } ?? folder.path)
    }

    func scope(of path: String) -> (project: String?, path: String)? {
        guard path.hasPrefix("/p/") else { return (nil, path) }
        let rest = path.dropFirst(3)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return (String(rest[..<slash]), String(rest[slash...]))
    }

    func asset(for path: String, project: String?) -> String { project == nil && path == "/" ? "/gallery.html" : path }

    func handle(path: String, project: String?, request: HTTPRequest) -> HTTPResponse {
        HTTPResponse.answering {
            if let project {
                guard let file = folder.resolve(project) else { throw EditorRequestError.noSuchProject(project) }
                return try editor(project, at: file).handle(path: path, request: request)
            }
            switch path {
            case "/api/gallery": return .json(try listing())
            case "/api/thumbnail": return try thumbnail(request)
            case "/api/export-all": return .json(try exportAll(try JSONParser().parse(request.body)))
            case "/api/export-plan": return .json(try exportPlan(folderNamed: request.argument("folder")))
            case Self.uploadPath: return .json(try upload(request))
            default: return .error(404, tr("no such API call"))
            }
        }
    }

    private func editor(_ name: String, at file: String) throws -> EditorAPI {
        if let editor = editors[name], editor.projectPath == file { return editor }
        let made = try EditorAPI(projectPath: file, photos: photos)
        editors[name] = made
        return made
    }

    /// `GET /api/gallery`: `{"folder","max_upload","projects":[{"name","tags","warnings":[…],
    /// "version","labels":["宫保鸡丁 ¥38",…]}…]}` (`labels`: the tags as drawn, top to bottom), a
    /// project that cannot be opened with its `error` instead (as the CLI words it).
    private func listing() throws -> JSON {
        let projects: [JSON] = try folder.projectNames().map { name in
            guard let file = folder.resolve(name) else { return .object([("name", .string(name)), ("error", .string(tr("it is gone")))]) }
            do {
                let project = try Project.open(file, forWriting: false, frontEnd: "editor")
                return .object([
                    ("name", .string(name)), ("tags", .integer(Int64(try project.tags().count))),
                    ("warnings", .array(try project.overlapNotices().map { .string($0.message) })),
                    ("version", .string(try EditorState.version(of: file))),
                    ("labels", .array(try Self.labels(of: project))),
                ])
            } catch let error as TagProjError {
                return .object([("name", .string(name)), ("error", .string(error.message))])
            }
        }
        return .object([("folder", .string(folderName)), ("max_upload", .integer(Int64(maxUploadBytes))),
                        ("projects", .array(projects))])
    }

    /// `GET /api/thumbnail?name=NAME`: the project's thumbnail as a JPEG, with
    /// `X-Tagproj-Thumbnail: stored|drawn-and-stored|drawn-not-stored` and, when tags had to be
    /// drawn elsewhere, `; warning=` and the warning percent-encoded.
    private func thumbnail(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let name = request.argument("name") else { throw EditorRequestError.badField("name") }
        guard let file = folder.resolve(name) else { throw EditorRequestError.noSuchProject(name) }
        let project = try Project.open(file, forWriting: false, frontEnd: "editor")
        let thumbnail = try fontCache.withFonts { try project.thumbnail(box: Self.thumbnailBox, fonts: $0) }
        let origin = switch thumbnail.origin {
        case .stored: "stored"
        case .drawnAndStored: "drawn-and-stored"
        case .drawnNotStored: "drawn-not-stored"
        }
        var response = HTTPResponse(status: 200, contentType: "image/jpeg", body: thumbnail.jpeg)
        response.extraHeader = ("X-Tagproj-Thumbnail", origin + (thumbnail.fitWarning.map { "; warning=" + Self.percentEncoded($0) } ?? ""))
        return response
    }

    /// The tags of `project` as drawn (`宫保鸡丁 ¥38`), top to bottom then left to right, as a
    /// card names its dishes and prices.
    private static func labels(of project: Project) throws -> [JSON] {
        let settings = try project.settings()
        return try project.tags().sorted { ($0.anchor.y, $0.anchor.x, $0.id.rawValue) < ($1.anchor.y, $1.anchor.x, $1.id.rawValue) }
            .map { .string($0.label(settings)) }
    }

    /// The folder *Export all* writes into for the name the user gave (`folder` in its request),
    /// absolute with every link on its way resolved: nil or empty, `exported` inside the gallery's
    /// folder; a relative name, inside the gallery's folder (`web`, `../menu-web`); an absolute
    /// path as it is. Never the gallery's folder itself: the pictures go into a folder of their
    /// own, never among the projects.
    /// - Throws: `EditorRequestError.badField` for a name with control characters,
    ///   `.exportFolderIsProjects` for the gallery's folder by any name (`.`, `../menu`, its path),
    ///   `FileError` for a name the system cannot resolve (`missing/..`).
    func exportFolder(named name: String?) throws -> String {
        let name = name ?? ""
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { throw EditorRequestError.badField("folder") }
        let given = name.isEmpty ? "exported" : name
        let path = given.hasPrefix("/") ? given : folder.path + "/" + given
        // The folder it is in resolved (the deepest part of that which exists; the rest are names
        // still to be made, where `.` and `..` name nothing: the system cannot resolve them
        // either), and its own name kept as it is: a link there is refused, not followed (see
        // `madeExportFolder`). A name that ends in `.` or `..` is the folder it resolves to.
        func resolved(_ parts: [String]) throws -> String {
            var parts = parts, rest: [String] = []
            while true {
                let prefix = "/" + parts.joined(separator: "/")
                if let real = realpath(prefix, nil) {
                    defer { free(real) }
                    if rest.contains(where: { $0 == "." || $0 == ".." }) { throw FileError(path: path, errno: ENOENT, operation: .create) }
                    let base = String(cString: real)
                    return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
                }
                guard errno == ENOENT, let last = parts.popLast() else { throw FileError(path: path, errno: errno, operation: .create) }
                rest.insert(last, at: 0)
            }
        }
        var parts = path.split(separator: "/").map(String.init)
        let folderPath: String
        if let last = parts.last, last != ".", last != ".." {
            parts.removeLast()
            let parent = try resolved(parts)
            folderPath = (parent == "/" ? "" : parent) + "/" + last
        } else {
            folderPath = try resolved(parts)  // it exists, or a `.` or `..` is left over: refused
        }
        guard let here = realpath(folder.path, nil) else { throw FileError(path: folder.path, errno: errno, operation: .create) }
        defer { free(here) }
        if folderPath == String(cString: here) { throw EditorRequestError.exportFolderIsProjects(path) }
        return folderPath
    }

    /// `GET /api/export-plan[?folder=NAME]`: where *Export all* writes, `{"folder","quality"}`: the
    /// folder (absolute; it may not exist yet) and the quality an export encodes at when none is
    /// asked for (the user's `export.quality`, else the default), for the dialog.
    private func exportPlan(folderNamed name: String?) throws -> JSON {
        .object([("folder", .string(try exportFolder(named: name))),
                 ("quality", .integer(Int64(try ExportOptions().resolvingUserDefaults(environment: ProcessEnvironment.current()).effectiveQuality)))])
    }

    /// The export folder `path` made when missing (0755; the folder it is in must exist), and
    /// checked to be a folder itself, not a link (to anywhere) nor a file: *Export all* never
    /// writes through a link out of the folder. Whether it was made now.
    @discardableResult
    private func madeExportFolder(_ path: String) throws -> Bool {
        let made = mkdir(path, 0o755) == 0
        if !made && errno != EEXIST { throw FileError(path: path, errno: errno, operation: .create) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileError(path: path, errno: errno, operation: .create) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw EditorRequestError.exportFolderNotOwn(path) }
        return made
    }

    /// `POST /api/export-all` with the export dialog's options and the folder the user named
    /// (`{"format":"png","max_size":1080,"folder":"web"}`; see ``exportFolder(named:)``): every
    /// project's picture written into that folder (made when missing, refused when it is a link or
    /// a file, or the projects' own folder), each under a name nothing there has (an output
    /// already there is never replaced: `a-tagged-2.png`), `{"folder","exported":[{"name",
    /// "answer"}|{"name","error"}…]}`.
    private func exportAll(_ body: JSON) throws -> JSON {
        guard case .object(var members) = body else { throw EditorRequestError.badField("export") }
        var name: String?
        if let index = members.firstIndex(where: { $0.0 == "folder" }) {
            guard case .string(let given) = members[index].1 else { throw EditorRequestError.badField("folder") }
            name = given
            members.remove(at: index)
        }
        let options = try EditorAPI.exportOptions(.object(members))
        let into = try exportFolder(named: name)
        let made = try madeExportFolder(into)
        let results: [JSON] = try folder.projectNames().map { name in
            do {
                guard let file = folder.resolve(name) else { throw EditorRequestError.noSuchProject(name) }
                try madeExportFolder(into)  // still ours, before each write
                return .object([("name", .string(name)), ("answer", try editor(name, at: file).exportPicture(options, into: into))])
            } catch let error as TagProjError {
                return .object([("name", .string(name)), ("error", RequestCodec.json(AnswerFailure(error)))])
            }
        }
        // Made for nothing (every project refused): not left behind. `rmdir` removes only an empty folder.
        if made { _ = rmdir(into) }
        return .object([("folder", .string(into)), ("exported", .array(results))])
    }

    /// A fresh file in the folder for an upload's body: hidden (never listed), private (0600),
    /// removed by the server when the request ends, and named with this process's id
    /// (`StaleTemporaries`), so one a killed server left is removed by the next `new` or gallery there.
    func uploadFile() -> Result<(descriptor: Int32, path: String), UploadRefused> {
        var template = Array((folder.path + "/" + StaleTemporaries.uploadPrefix + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            return .failure(UploadRefused(response: .failure(AnswerFailure(FileError(path: folder.path, errno: errno, operation: .create)))))
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // not inherited by the browser's launcher
        return .success((fd, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
    }

    /// `POST /api/upload`: the photo received whole becomes a new project in the folder as
    /// `tagproj new` makes one (its first view kept, as `new` keeps it), under a name no file has (``ProjectFolder/freshProjectName(forPhoto:)``):
    /// `{"created":"NAME.tagproj","width","height","said":["created …"][,"warning"]}`. Its errors are `new`'s, naming
    /// the photo by the name it was uploaded with, less control and format characters (`FileIO.visibleName`).
    private func upload(_ request: HTTPRequest) throws -> JSON {
        guard let upload = request.upload else { throw EditorRequestError.badField("body") }
        if upload.errno != 0 { throw FileError(path: folder.path, errno: upload.errno, operation: .write) }
        guard upload.bytes > 0 else { throw EditorRequestError.emptyUpload }
        // Without the characters that would make it look like another name (U+202E, U+200B…).
        let photoName = request.header("X-Tagproj-File-Name").flatMap(Self.percentDecoded).map(FileIO.visibleName) ?? "photo"
        let name = folder.freshProjectName(forPhoto: photoName)
        var options = try NewProjectOptions.defaults(environment: ProcessEnvironment.current())
        options.keepsPicture = EditorRoom.willPrepareFirstView
        let (project, answer) = try Project.perform(Creation(path: folder.path + "/" + name,
                                                             photo: .file(upload.file, name: FileIO.baseName(of: photoName)),
                                                             options: options, name: name))
        // As `new` does: the first view the editor will show of it, drawn and kept now (from the
        // pixels the check decoded, for a photo only decoded whole), so the click on its card
        // opens it without decoding the photo.
        EditorRoom.prepareFirstView(ofProjectAt: project.path, picture: project.pictureDecodedAtCreation)
        guard case .created(_, let info) = answer.result else { preconditionFailure("a creation answers .created") }
        var members: [(String, JSON)] = [("created", .string(name)), ("width", .integer(Int64(info.width))),
                                         ("height", .integer(Int64(info.height))), ("said", .array(answer.said.map(JSON.string)))]
        // What making it says, as `new` says it: the first warning for the page's status, all of them as notices.
        if let warning = answer.notices.first(where: { $0.severity == .warning }) { members.append(("warning", .string(warning.message))) }
        members.append(("notices", .array(answer.notices.map(\.json))))
        return .object(members)
    }

    /// `%XX` escapes decoded (as `encodeURIComponent` writes them), nil when not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Every byte but unreserved ASCII as `%XX`, for a header value.
    static func percentEncoded(_ text: String) -> String {
        text.utf8.map { byte in
            let c = Character(Unicode.Scalar(byte))
            return byte < 0x80 && (c.isLetter || c.isNumber || "-_.~".contains(c)) ? String(c) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
        }.joined()
    }
}

private extension String {
    /// Two hex digits.
    var leftPadded: String { count == 1 ? "0" + self : self }
}
