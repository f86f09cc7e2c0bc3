/// Why a project file cannot be opened, created or used.
public enum ProjectError: TagProjError, Equatable {
    case missing(path: String)
    case notSQLite(path: String)
    case notATagproj(path: String)
    case newerVersion(path: String, version: Int)
    case damaged(path: String, reason: String)
    case exists(path: String)
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
        case .cannotCreate(let p, let reason): return "cannot create '\(p)': \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .missing: return "create one with 'tagproj new PROJECT IMAGE'"
        case .newerVersion: return "upgrade tagproj to edit this project"
        case .exists: return "pass --force to replace it"
        default: return nil
        }
    }

    public var exitCode: ExitCode {
        switch self {
        case .missing: return .noInput
        case .exists, .cannotCreate: return .cannotCreate
        default: return .dataError
        }
    }
}
