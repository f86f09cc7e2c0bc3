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

    var message: String {
        switch self {
        case .badField(let name): return "the request needs '\(name)' of the right type"
        case .unknownOperation(let op): return "'\(op)' is not an edit or a step of the history"
        case .notDrawable(let id): return "tag \(id) has nothing to draw inside the picture"
        case .noSuchTag(let id): return "no tag \(id) in this project"
        }
    }

    var meaning: ErrorMeaning {
        switch self {
        case .badField, .unknownOperation: return .invalidRequest
        case .notDrawable: return .notPossible
        case .noSuchTag: return .notFound
        }
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
        case .cannotWrite, .io, .internalFailure: return 500
        }
    }
}
