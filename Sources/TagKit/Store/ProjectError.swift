/// Why a project file cannot be opened, created or used.
public enum ProjectError: TagProjError, Equatable {
    case missing(path: String)
    case notSQLite(path: String)
    case notATagproj(path: String)
    case newerVersion(path: String, version: Int)
    case damaged(path: String, reason: String)
    case exists(path: String)
    /// Something that is not a tagproj project is where one was to be created; never replaced.
    case occupied(path: String, by: ExistingFile)
    case cannotCreate(path: String, reason: String)

    public var message: String {
        switch self {
        case .missing(let p): return "no such project: '\(p)'"
        case .notSQLite(let p): return "'\(p)' is not a tagproj project (not an SQLite database)"
        case .notATagproj(let p): return "'\(p)' is not a tagproj project (an SQLite database of another program)"
        case .newerVersion(let p, let v):
            return "'\(p)' was written by a newer tagproj (schema version \(v); this tagproj reads up to \(Migrator.latestVersion))"
        case .damaged(let p, let reason): return "project '\(p)' is damaged: \(reason)"
        case .exists(let p): return "'\(p)' already exists"
        case .occupied(let p, .image(let format)): return "'\(p)' is a \(format.displayName) image, not a tagproj project"
        case .occupied(let p, .sqliteDatabase): return "'\(p)' is an SQLite database of another program, not a tagproj project"
        case .occupied(let p, .folder): return "'\(p)' is a folder"
        case .occupied(let p, .project), .occupied(let p, .other): return "'\(p)' is not a tagproj project"
        case .cannotCreate(let p, let reason): return "cannot create '\(p)': \(reason)"
        }
    }

    /// Upgrading is the only way to read a newer project.
    public var advice: String? {
        if case .newerVersion = self { return "upgrade tagproj to edit this project" }
        return nil
    }

    /// Missing input, a conflict for an existing file, cannot-write for creation, else bad data.
    public var meaning: ErrorMeaning {
        switch self {
        case .missing: return .missingInput
        case .exists, .occupied: return .conflict
        case .cannotCreate: return .cannotWrite
        default: return .badData
        }
    }
}
