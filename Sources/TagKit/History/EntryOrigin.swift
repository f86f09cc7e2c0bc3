import Glibc

/// Who made a history entry, when, and through which front end: recorded with every entry so
/// `history` can show it and `undo` can say when it undoes someone else's edit.
public struct EntryOrigin: Equatable, Sendable {
    /// When the entry was made, in milliseconds since the Unix epoch; nil for entries older than
    /// the history tree (schema version 3 and before), which recorded no time.
    public var timeMS: Int64?
    /// The user name of the process (`getpwuid(geteuid())`, else `$USER`); nil when unknown.
    public var user: String?
    /// The front end that made it: `cli`, `apply`, `editor`, `tagkit`…; nil for old entries.
    public var frontEnd: String?
    /// The session id (`getsid(0)`) of the process: each shell is its own session.
    public var session: Int64?

    /// An origin with the given fields.
    public init(timeMS: Int64?, user: String?, frontEnd: String?, session: Int64?) {
        self.timeMS = timeMS; self.user = user; self.frontEnd = frontEnd; self.session = session
    }

    /// This process, now, making an entry through `frontEnd`.
    public static func here(frontEnd: String) -> EntryOrigin {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return EntryOrigin(timeMS: Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000, user: userName,
                           frontEnd: frontEnd, session: Int64(getsid(0)))
    }

    /// The process's user name: the password entry of its effective uid, else `$USER`.
    static var userName: String? {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            let text = String(cString: name)
            if !text.isEmpty { return text }
        }
        return Environment.value("USER").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// True when an entry made from `self` was made by someone else than `other` would be: another
    /// user, another front end, or another shell. Entries without an origin are nobody's.
    func isOther(than other: EntryOrigin) -> Bool {
        guard let user, let frontEnd else { return false }
        return user != other.user || frontEnd != other.frontEnd || (session != nil && session != other.session)
    }
}
