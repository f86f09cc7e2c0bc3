/// Which way `undo` and `redo` walk the history.
public enum StepDirection: Sendable {
    /// Back: each entry's tags return to their before images.
    case undo
    /// Forward over the redo tail: each entry's tags take their after images again.
    case redo
}

/// Undo and redo on the linear history, as pure functions of the cursor: entries `1…cursor` are
/// applied, the rest are the redo tail.
enum HistoryStep {
    /// The seqs of the entries `steps` steps in `direction` from `cursor` visit, in order, when
    /// `available` entries lie that way (`cursor` for undo, the redo tail's length for redo).
    static func seqs(_ direction: StepDirection, steps: Int, cursor: Int64, available: Int64) throws(HistoryError) -> [Int64] {
        guard available > 0 else { throw direction == .undo ? .nothingToUndo : .nothingToRedo }
        guard steps <= available else {
            throw .tooFewSteps(requested: steps, available: Int(available), undo: direction == .undo)
        }
        return (0..<steps).map { k in direction == .undo ? cursor - Int64(k) : cursor + 1 + Int64(k) }
    }

    /// The cursor after visiting `seqs` in `direction` from `cursor`.
    static func cursor(after seqs: [Int64], _ direction: StepDirection, from cursor: Int64) -> Int64 {
        direction == .undo ? cursor - Int64(seqs.count) : cursor + Int64(seqs.count)
    }

    /// The tag images to store for visiting `entry` in `direction`: its own for redo, its
    /// reverse for undo.
    static func images(of entry: HistoryEntry, _ direction: StepDirection) -> HistoryEntry {
        direction == .undo ? entry.reverted : entry
    }
}

/// Undo or redo that cannot be done.
public enum HistoryError: TagProjError, Equatable {
    /// The cursor is at the start.
    case nothingToUndo
    /// There is no redo tail.
    case nothingToRedo
    /// Fewer entries lie that way than were asked for.
    case tooFewSteps(requested: Int, available: Int, undo: Bool)

    /// `nothing to undo`, `cannot redo 3 steps: only 1 to redo`.
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
