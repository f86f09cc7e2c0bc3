/// Undo or redo that cannot be done.
public enum HistoryError: TagProjError, Equatable {
    case nothingToUndo
    case nothingToRedo
    case tooFewSteps(requested: Int, available: Int, undo: Bool)

    public var message: String {
        switch self {
        case .nothingToUndo: return "nothing to undo"
        case .nothingToRedo: return "nothing to redo"
        case .tooFewSteps(let requested, let available, let undo):
            return "cannot \(undo ? "undo" : "redo") \(requested) steps: only \(available) to \(undo ? "undo" : "redo")"
        }
    }

    /// The history cannot give what was asked.
    public var meaning: ErrorMeaning { .notPossible }
}

extension Project {
    /// Steps back `steps` entries: every touched tag returns to its before image. Returns the labels
    /// of the entries undone, latest first.
    public func undo(steps: Int = 1) throws -> [String] {
        try step(by: -steps)
    }

    /// Steps forward `steps` entries of the redo tail. Returns the labels of the entries redone.
    public func redo(steps: Int = 1) throws -> [String] {
        try step(by: steps)
    }

    private func step(by delta: Int) throws -> [String] {
        try db.writeTransaction {
            let records = self.records
            let header = try records.header()
            let undo = delta < 0
            let available: Int
            if undo {
                available = Int(header.cursor)
            } else {
                let last = try db.scalar("SELECT max(seq) FROM history")?.integer ?? 0
                available = Int(max(0, last - header.cursor))
            }
            guard available > 0 else { throw undo ? HistoryError.nothingToUndo : HistoryError.nothingToRedo }
            guard abs(delta) <= available else {
                throw HistoryError.tooFewSteps(requested: abs(delta), available: available, undo: undo)
            }
            var labels: [String] = []
            var cursor = header.cursor
            for _ in 0..<abs(delta) {
                let seq = undo ? cursor : cursor + 1
                guard let entry = try records.entry(seq) else {
                    throw ProjectError.damaged(path: path, reason: "history entry \(seq) is missing")
                }
                for change in undo ? entry.changes.reversed() : entry.changes {
                    try records.set(change.id, to: undo ? change.before : change.after)
                }
                labels.append(entry.label)
                cursor = undo ? cursor - 1 : cursor + 1
            }
            try records.writeCounters(nextID: header.nextID, cursor: cursor)
            return labels
        }
    }
}
