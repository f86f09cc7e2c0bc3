@testable import TagKit

/// A history tree held in memory, answering a walk's questions as the store does, and counting
/// the rows each question read: what the walk tests build their forks from.
final class MemoryHistory: HistoryRows {
    private(set) var nodes: [Int64: HistoryNode] = [:]
    private(set) var entries: [Int64: HistoryEntry] = [:]
    /// How many rows the walk has read so far.
    private(set) var rowsRead = 0

    /// Appends entry `seq` on top of `parent`, with `changes` and (for a `set`) `settings`,
    /// made from `origin` (nobody's by default).
    @discardableResult
    func add(_ seq: Int64, on parent: Int64, _ label: String, _ changes: [TagChange] = [],
             settings: (before: ProjectSettings, after: ProjectSettings)? = nil, origin: EntryOrigin = .nobody) -> MemoryHistory {
        nodes[seq] = HistoryNode(seq: seq, parent: parent, label: EntryLabel(label), origin: origin)
        entries[seq] = HistoryEntry(label: label, changes: changes, settings: settings)
        return self
    }

    /// Drops entry `seq`'s row, as a damaged file lacks it.
    func remove(_ seq: Int64) { nodes[seq] = nil; entries[seq] = nil }

    func node(_ seq: Int64) throws -> HistoryNode? {
        rowsRead += 1
        return nodes[seq]
    }

    func children(of seq: Int64, limit: Int) throws -> [HistoryNode] {
        let children = nodes.values.filter { $0.parent == seq }.sorted { $0.seq > $1.seq }.prefix(limit)
        rowsRead += children.count
        return Array(children)
    }

    func entry(_ seq: Int64) throws -> HistoryEntry? {
        rowsRead += 1
        return entries[seq]
    }
}

extension EntryOrigin {
    /// An entry older than origins: nobody's, so undoing it never says whose it was.
    static let nobody = EntryOrigin(timeMS: nil, user: nil, frontEnd: nil, session: nil)

    /// `user` through `frontEnd` in shell `session`.
    static func of(_ user: String, _ frontEnd: String, session: Int64 = 1) -> EntryOrigin {
        EntryOrigin(timeMS: 1, user: user, frontEnd: frontEnd, session: session)
    }
}
