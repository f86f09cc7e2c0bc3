import Glibc

/// Reads the environment without Foundation.
enum Environment {
    /// The value of the variable `name`, or nil when it is not set.
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
