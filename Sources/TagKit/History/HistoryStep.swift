/// Which way `undo` and `redo` walk the history.
public enum StepDirection: Sendable {
    /// Back to the parent: each entry's tags return to their before images.
    case undo
    /// Forward to the newest child: each entry's tags take their after images again.
    case redo
}

/// What an undo or redo did: the labels of the entries it stepped over, in order, and what the
/// user should be told (another branch continues from here; an undone entry was someone else's).
public struct StepResult: Equatable, Sendable {
    /// The labels of the entries undone or redone, in the order visited.
    public var labels: [EntryLabel]
    /// `.otherBranch` and `.undidOthersEdit` notices, in order.
    public var notices: [Notice]
}

/// How a step through the history tree runs out (the walk itself: `HistoryWalk`).
enum HistoryStep {
    /// The error for running out of entries after `done` of `requested` steps.
    static func exhausted(_ direction: StepDirection, requested: Int, done: Int) -> HistoryError {
        if done == 0 { return direction == .undo ? .nothingToUndo : .nothingToRedo }
        return .tooFewSteps(requested: requested, available: done, undo: direction == .undo)
    }
}

/// A step or jump through the history that cannot be done.
public enum HistoryError: TagProjError, Equatable {
    /// The cursor is at the start.
    case nothingToUndo
    /// No entry continues from the cursor.
    case nothingToRedo
    /// Fewer entries lie that way than were asked for.
    case tooFewSteps(requested: Int, available: Int, undo: Bool)
    /// `undo --to`, `restore` or `--at` named an entry the history does not have.
    case noSuchEntry(Int64)
    /// `undo --to` or `restore` named the entry whose state is already current.
    case alreadyAt(Int64)

    /// `nothing to undo`, `cannot redo 3 steps: only 1 to redo`, `no history entry #9`.
    public var message: String {
        switch self {
        case .nothingToUndo: return tr("nothing to undo")
        case .nothingToRedo: return tr("nothing to redo")
        case .tooFewSteps(let requested, let available, true):
            return trn("cannot undo {requested} steps: only {count} to undo", "cannot undo {requested} steps: only {count} to undo", count: available, ["requested": requested])
        case .tooFewSteps(let requested, let available, false):
            return trn("cannot redo {requested} steps: only {count} to redo", "cannot redo {requested} steps: only {count} to redo", count: available, ["requested": requested])
        case .noSuchEntry(let seq): return tr("no history entry #{seq}", ["seq": seq])
        case .alreadyAt(let seq):
            return seq == 0 ? tr("the project is already at the empty start (#0)") : tr("entry #{seq} is already the current state", ["seq": seq])
        }
    }

    /// The history cannot give what was asked.
    public var meaning: ErrorMeaning { .notPossible }
}
