import TagKit

/// A request the editor cannot serve as asked, described for the page.
enum EditorRequestError: TagProjError {
    /// A member of the request body is missing or of the wrong type.
    case badField(String)
    /// The body's request only reads (an export, a list): `/api/edit` takes edits and steps.
    case unknownOperation(String)
    /// A tag has nothing to draw inside the picture.
    case notDrawable(TagID)
    /// The project has no tag with this id (deleted in another window, say).
    case noSuchTag(TagID)
    /// The gallery's folder has no project of this name directly inside it.
    case noSuchProject(String)
    /// An uploaded photo is over the upload limit (`tagproj open --max-upload`).
    case uploadTooLarge(limit: Int)
    /// An upload arrived empty.
    case emptyUpload
    /// A view of the photo was asked for with a crop the project no longer has (`set --crop`
    /// or its undo, from another front end, since the page read the state).
    case cropChanged
    /// The folder *Export all* writes into (`exported` beside the projects) is a link or a file.
    case exportFolderNotOwn(String)
    /// The folder asked for *Export all* is the projects' own folder.
    case exportFolderIsProjects(String)

    var message: String {
        switch self {
        // TRANSLATORS: {field} is a member of the JSON request the page sent ('id', 'w', 'side').
        case .badField(let name): return tr("the request needs '{field}' of the right type", ["field": name])
        // TRANSLATORS: {op} is a request's name ('export', 'list'); an entry is a step of the undo history.
        case .unknownOperation(let op): return tr("'{op}' is not an edit or a step of the history", ["op": op])
        // TRANSLATORS: {tag} is a tag's id as the CLI writes it: #3.
        case .notDrawable(let id): return tr("tag {tag} has nothing to draw inside the picture", ["tag": id])
        // TRANSLATORS: {tag} is a tag's id as the CLI writes it: #3.
        case .noSuchTag(let id): return tr("no tag {tag} in this project", ["tag": id])
        case .noSuchProject(let name): return tr("no project '{name}' in this folder", ["name": name])
        case .uploadTooLarge(let limit):
            // TRANSLATORS: {limit} is a size: 100 MB, 1.5 MB, 512 bytes.
            return tr("the photo is larger than the upload limit of {limit} (tagproj open --max-upload raises it)", ["limit": Self.megabytes(limit)])
        case .emptyUpload: return tr("the upload is empty: no photo arrived")
        case .cropChanged: return tr("the photo's crop has changed since the page read it")
        // TRANSLATORS: {path} is the folder Export all writes into, 'exported' beside the projects.
        case .exportFolderNotOwn(let path): return tr("'{path}' is a link or a file, not a folder: Export all writes only into a folder of its own", ["path": path])
        // TRANSLATORS: {path} is the folder the user asked Export all to write into.
        case .exportFolderIsProjects(let path): return tr("'{path}' is the projects' own folder: Export all writes into a folder of its own, never among the projects", ["path": path])
        }
    }

    var meaning: ErrorMeaning {
        switch self {
        case .badField, .unknownOperation, .emptyUpload: return .invalidRequest
        case .notDrawable, .uploadTooLarge, .exportFolderNotOwn, .exportFolderIsProjects: return .notPossible
        case .cropChanged: return .conflict
        case .noSuchTag, .noSuchProject: return .notFound
        }
    }

    /// `100 MB`, `1.5 MB`, `512 bytes`: a limit as the user gave it (`--max-upload` in bytes or MB).
    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return trn("{count} byte", "{count} bytes", count: bytes) }
        let tenths = (bytes + 50_000) / 100_000
        return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}

extension ErrorMeaning {
    /// The HTTP status the editor answers a failure of this meaning with.
    var httpStatus: UInt32 {
        switch self {
        case .invalidRequest: return 400
        case .badData: return 422
        case .missingInput: return 410
        case .notFound: return 404
        case .notPossible, .conflict: return 409
        case .busy: return 503
        case .refused: return 403
        case .cannotWrite, .io, .internalFailure: return 500
        }
    }

    /// What a status the server answers by itself means.
    init(refusal status: UInt32) {
        switch status {
        case 401, 403, 421: self = .refused
        case 404: self = .notFound
        case 409: self = .conflict
        case 503: self = .busy
        case 400..<500: self = .invalidRequest  // 405 a wrong method, 413 too large
        default: self = .internalFailure
        }
    }
}
