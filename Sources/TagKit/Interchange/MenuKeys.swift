import Glibc

/// Which tag `tagproj menu` gave each key, per project, so that a dish renamed in the editor (or,
/// with a `key` column, renamed in the menu) is still the same dish next time: kept in
/// `.tagproj-menu-keys.json` in the projects folder, beside the projects.
///
/// It is a memory, never the truth: a project is one file and travels without it. Each project's
/// keys are trusted only while the project still holds the history entry that wrote them (same
/// seq, same time, made by `menu`): a project made again, or another file put in its place, has
/// no such entry, and its keys are forgotten. Ids are never reused, so a remembered tag that is
/// gone (deleted, or its addition undone) matches nothing. Without the file (deleted, a folder
/// copied without it, a write that failed), rows fall back to matching dishes by their text. A
/// damaged file is ignored, with a warning.
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

    /// What `folder` remembers; empty when there is no file. A file that is not what this writes
    /// is ignored: the second value says why, for a warning.
    public static func read(folder: String) -> (keys: MenuKeys, problem: String?) {
        let path = FileIO.joined(folder, fileName)
        guard FileIO.exists(path) else { return (MenuKeys(), nil) }
        let ignored = "'\(path)' is damaged and was ignored; dishes are matched by their text"
        guard let bytes = try? FileIO.read(path, limit: maximumBytes), case .object(let top)? = try? JSONParser().parse(bytes),
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

    /// Writes the memories to `folder` atomically (a temporary file, then renamed).
    public func write(folder: String) throws {
        let projects = self.projects.sorted { $0.key < $1.key }.map { name, memory in
            (name, JSON.object([("entry", .integer(memory.entry)), ("time_ms", .integer(memory.timeMS)),
                                ("keys", .object(memory.keys.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value.rawValue)) }))]))
        }
        let text = JSON.object([("format", .integer(1)), ("projects", .object(projects))]).text + "\n"
        try FileIO.write(Array(text.utf8), to: FileIO.joined(folder, Self.fileName))
    }
}

extension MenuKeys {
    /// The front end menu entries are recorded as made through.
    public static let frontEnd = "menu"
}
