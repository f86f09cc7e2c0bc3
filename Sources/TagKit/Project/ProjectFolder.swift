import Glibc

/// A folder of projects, as the gallery (`tagproj open DIR`) serves it: which of its files are
/// projects, the only way a name from a request becomes a path, and the name a new one gets.
public struct ProjectFolder: Sendable {
    /// The folder's path as given.
    public let path: String

    /// The folder at `path`; nothing is read until asked.
    public init(_ path: String) {
        self.path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The projects directly inside, by name in byte order: the entries whose name ends in
    /// `.tagproj` and is a plain name (``FileIO/isPlainName(_:)``) not starting with a dot (the
    /// temporary files of a `new` or an export under way are), and that are regular files
    /// themselves. A symbolic link is never listed, wherever it points: a project is served only
    /// from inside the folder. Nothing is opened; a file that only looks like a project is found
    /// out when it is.
    /// - Throws: `FileError` when the folder cannot be read.
    public func projectNames() throws -> [String] {
        guard let dir = opendir(path) else { throw FileError(path: path, errno: errno, operation: .read) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if Self.isProjectName(name), isRegularFileNotLink(name) { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The path of the project called `name` in this folder, when `name` is one that
    /// ``projectNames()`` lists now (checked on the file itself, not on the listing): anything
    /// else, `..`, a path with a slash, a link, a folder, is nil.
    public func resolve(_ name: String) -> String? {
        Self.isProjectName(name) && isRegularFileNotLink(name) ? path + "/" + name : nil
    }

    /// The name a new project made from the photo `photoName` (a base name as a browser sends it,
    /// which may be anything) gets: the photo's name without its suffix, cut to a plain name
    /// (path separators, control and format characters such as U+202E or U+200B
    /// (`FileIO.visibleName`) and leading dots dropped; `photo` when nothing is left), with
    /// `.tagproj`; then `-2`, `-3`… until no file of any kind has the name.
    public func freshProjectName(forPhoto photoName: String) -> String {
        var stem = FileIO.removingSuffix(FileIO.baseName(of: FileIO.visibleName(photoName)))
        stem = String(stem.unicodeScalars.filter { $0 != "/" }.map(Character.init))
        while stem.hasPrefix(".") { stem.removeFirst() }
        while stem.utf8.count > 200 { stem.removeLast() }
        if stem.isEmpty || !FileIO.isPlainName(stem + ".tagproj") { stem = "photo" }
        for n in 1... {
            let name = n == 1 ? stem + ".tagproj" : "\(stem)-\(n).tagproj"
            var info = stat()
            if lstat(path + "/" + name, &info) != 0 && errno == ENOENT { return name }
        }
        preconditionFailure("unreachable")
    }

    /// Whether `name` could be a listed project: plain, no leading dot, ending in `.tagproj` with
    /// a stem before it.
    static func isProjectName(_ name: String) -> Bool {
        name.hasSuffix(".tagproj") && name.utf8.count > ".tagproj".utf8.count && !name.hasPrefix(".") && FileIO.isPlainName(name)
    }

    /// Whether the entry `name` is a regular file and not a link (`lstat`).
    private func isRegularFileNotLink(_ name: String) -> Bool {
        var info = stat()
        return lstat(path + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
