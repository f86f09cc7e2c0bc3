import Glibc

/// Reads the environment without Foundation.
enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}

extension FileIO {
    /// `$XDG_STATE_HOME/tagproj/NAME`, else `~/.local/state/tagproj/NAME`: state the user's
    /// tagproj keeps between runs (the editor's room, the seal's key), as the XDG base
    /// directories name it. Nil without an absolute home.
    public static func userStateFile(_ name: String) -> String? {
        if let state = Environment.value("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/tagproj/" + name }
        guard let home = Environment.value("HOME"), home.hasPrefix("/") else { return nil }
        return home + "/.local/state/tagproj/" + name
    }
}

extension FileIO {
    /// `$XDG_RUNTIME_DIR/tagproj`, made if missing, when the runtime folder is set and usable as
    /// the XDG base directories require (an absolute path to a folder of this user's that nobody
    /// else may enter) and `tagproj` in it is a folder of this user's, not a link, that nobody
    /// else may enter either; else nil. For files that live no longer than a session and that
    /// nobody else may read.
    public static func userRuntimeFolder() -> String? {
        guard let runtime = Environment.value("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"),
              isPrivateFolder(runtime, followingLink: true) else { return nil }
        let folder = runtime + "/tagproj"
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST, isPrivateFolder(folder, followingLink: false) else { return nil }
        return folder
    }

    /// Whether `path` is a folder of this user's that nobody else may read, write or enter
    /// (itself, and not a link to one, unless `followingLink`).
    static func isPrivateFolder(_ path: String, followingLink: Bool) -> Bool {
        var info = stat()
        guard (followingLink ? stat(path, &info) : lstat(path, &info)) == 0 else { return false }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o077 == 0
    }
}
