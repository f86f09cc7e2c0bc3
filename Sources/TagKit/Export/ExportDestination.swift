/// Where an export's picture goes: a file (written beside itself and put in place whole when it is
/// done, see `OutputFile`), standard output, or memory, its bytes handed back in the result
/// (`ExportResult.picture`): what the editor's Download and history previews send, writing no file.
public enum ExportDestination: Equatable, Sendable {
    /// The file at this path.
    case file(String)
    /// A file under a name nothing has (the editor's Save and the gallery's Export all, which never
    /// replace a file): written beside it, and put in place only while the name is still free
    /// (`FileIO.place`); `ExportError.nameTaken` when something took it meanwhile, nothing replaced.
    case newFile(String)
    /// Standard output (`-` on the command line and in a request).
    case standardOutput
    /// The caller's memory (a request without `to`).
    case memory

    /// The destination a command line or a request names: `-` is standard output.
    public init(naming path: String) { self = path == "-" ? .standardOutput : .file(path) }

    /// How a command line and a request name it: the path, or `-`; nil for memory, which a request
    /// names by saying nothing.
    public var commandLineName: String? {
        switch self {
        case .file(let path), .newFile(let path): return path
        case .standardOutput: return "-"
        case .memory: return nil
        }
    }

    /// How a message names it.
    public var description: String {
        switch self {
        case .file(let path), .newFile(let path): return path
        case .standardOutput: return tr("standard output")
        case .memory: return tr("memory")
        }
    }

    /// The file's path, for either kind of file; nil for standard output and memory.
    public var filePath: String? {
        switch self {
        case .file(let path), .newFile(let path): return path
        case .standardOutput, .memory: return nil
        }
    }
}
