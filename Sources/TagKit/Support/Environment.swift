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
