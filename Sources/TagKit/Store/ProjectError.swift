/// Why a project file cannot be opened, created or used.
public enum ProjectError: TagProjError, Equatable {
    /// No file at the project's path.
    case missing(path: String)
    /// The file is not an SQLite database (nor a folder, which is refused the same way).
    case notSQLite(path: String)
    /// An SQLite database without tagproj's application id.
    case notATagproj(path: String)
    /// A project whose schema is newer than this build reads.
    case newerVersion(path: String, version: Int)
    /// A row outside its domain, a history that does not replay, or SQLite finding the file corrupt.
    case damaged(path: String, reason: String)
    /// A project is at the path and `force` was not given.
    case exists(path: String)
    /// Something that is not a tagproj project is where one was to be created; never replaced.
    case occupied(path: String, by: ExistingFile)
    /// The new project's file cannot be written (a missing folder, no permission, a full disk).
    case cannotCreate(path: String, reason: String)

    /// One line naming the file and what is wrong with it.
    public var message: String {
        switch self {
        case .missing(let p): return tr("no such project: '{path}'", ["path": p])
        case .notSQLite(let p): return tr("'{path}' is not a tagproj project (not an SQLite database)", ["path": p])
        case .notATagproj(let p): return tr("'{path}' is not a tagproj project (an SQLite database of another program)", ["path": p])
        case .newerVersion(let p, let v):
            return tr("'{path}' was written by a newer tagproj (schema version {version}; this tagproj reads up to {latest})",
                      ["path": p, "version": v, "latest": Migrator.latestVersion])
        // TRANSLATORS: {reason} says what is wrong inside the file, or is SQLite's own words.
        case .damaged(let p, let reason): return tr("project '{path}' is damaged: {reason}", ["path": p, "reason": reason])
        case .exists(let p): return tr("'{path}' already exists", ["path": p])
        case .occupied(let p, .image(let format)):
            return tr("'{path}' is a {format} image, not a tagproj project", ["path": p, "format": format.displayName])
        case .occupied(let p, .sqliteDatabase): return tr("'{path}' is an SQLite database of another program, not a tagproj project", ["path": p])
        case .occupied(let p, .folder): return tr("'{path}' is a folder", ["path": p])
        case .occupied(let p, .project), .occupied(let p, .other): return tr("'{path}' is not a tagproj project", ["path": p])
        // TRANSLATORS: {reason} is the system's own words (Permission denied).
        case .cannotCreate(let p, let reason): return tr("cannot create '{path}': {reason}", ["path": p, "reason": reason])
        }
    }

    /// Upgrading is the only way to read a newer project.
    public var advice: String? {
        if case .newerVersion = self { return tr("upgrade tagproj to edit this project") }
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
