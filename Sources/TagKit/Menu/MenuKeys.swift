import Glibc

/// Which tag each of a menu's keys names once its batch is done: what `tagproj menu` keeps in the
/// project (the `menu_keys` table) in the batch's own transaction, so that the memory travels with
/// the project, a copied project is still matched by key, and an interrupted run forgets nothing.
public struct MenuKeyUpdate: Equatable, Sendable {
    /// The keys of rows matched to tags the project has, with those tags.
    public var matched: [String: TagID]
    /// The keys of the dishes the batch adds, in the order it adds them (ids are handed out in it).
    public var added: [String]

    /// An update of `matched` keys and `added` ones.
    public init(matched: [String: TagID], added: [String]) {
        (self.matched, self.added) = (matched, added)
    }

    /// Each key's tag once the batch is done: the matched ones, and each added dish with the id
    /// it got (`changes` are the batch's; ids are handed out in the order of the additions).
    public func keys(after changes: [TagChange]) -> [String: TagID] {
        var keys = matched
        let new = changes.filter { $0.before == nil && $0.after?.kind == .dish }.map(\.id).sorted()
        for (key, id) in zip(added, new) { keys[key] = id }
        return keys
    }
}

/// The key memory older versions of `tagproj menu` kept beside the projects, in
/// `.tagproj-menu-keys.json`: read once, to carry a project's keys into the project itself, and
/// never written again.
///
/// The file comes with the folder, so it is read as hostile input: only when it is a regular file
/// that is not a symbolic link (opened without following one and without blocking, so a FIFO or a
/// link to another file is never read), at most 16 MiB, and each project's keys only while the
/// project still holds the history entry that wrote them (same seq, same time, made by `menu`).
public struct MenuKeys: Equatable, Sendable {
    /// One project's keys, and the entry that wrote them.
    public struct Memory: Equatable, Sendable {
        /// The history entry of the menu run that last changed the project.
        public var entry: Int64
        /// That entry's time, in milliseconds.
        public var timeMS: Int64
        /// Each key's tag.
        public var keys: [String: TagID]

        /// A memory of `keys` written by `entry` made at `timeMS`.
        public init(entry: Int64, timeMS: Int64, keys: [String: TagID]) {
            (self.entry, self.timeMS, self.keys) = (entry, timeMS, keys)
        }
    }

    /// The memories by project file name (`duck.tagproj`).
    public var projects: [String: Memory] = [:]

    /// The file's name inside the projects folder.
    public static let fileName = ".tagproj-menu-keys.json"
    /// The most bytes read from it.
    static let maximumBytes = 16 << 20

    /// No memories.
    public init() {}

    /// What `folder`'s old file remembers; empty when there is none, or when it is not a regular
    /// file of its own. A file that is not what older versions wrote is ignored: the second value
    /// says why, for a warning.
    public static func read(folder: String) -> (keys: MenuKeys, problem: String?) {
        let path = FileIO.joined(folder, fileName)
        var info = stat()
        guard lstat(path, &info) == 0 else { return (MenuKeys(), nil) }
        let ignored = tr("'{path}' is damaged and was ignored; dishes are matched by their text", ["path": path])
        guard (info.st_mode & S_IFMT) == S_IFREG,
              let bytes = try? FileIO.read(path, limit: maximumBytes, followingLinks: false),
              case .object(let top)? = try? JSONParser().parse(bytes),
              case .object(let members)? = top.first(where: { $0.0 == "projects" })?.1
        else { return (MenuKeys(), ignored) }
        var keys = MenuKeys()
        for (name, value) in members {
            guard case .object(let fields) = value, let entry = integer(fields, "entry"), let time = integer(fields, "time_ms"),
                  case .object(let pairs)? = fields.first(where: { $0.0 == "keys" })?.1
            else { return (MenuKeys(), ignored) }
            var memory = Memory(entry: entry, timeMS: time, keys: [:])
            for (key, id) in pairs {
                guard case .integer(let raw) = id, raw > 0 else { return (MenuKeys(), ignored) }
                memory.keys[key] = TagID(raw)
            }
            keys.projects[name] = memory
        }
        return (keys, nil)
    }

    private static func integer(_ fields: [(String, JSON)], _ name: String) -> Int64? {
        guard case .integer(let i)? = fields.first(where: { $0.0 == name })?.1 else { return nil }
        return i
    }
}

extension MenuKeys {
    /// The front end menu entries are recorded as made through.
    public static let frontEnd = "menu"
}
