extension Project {
    /// Steps back `steps` entries, each to its parent: every touched tag returns to its before
    /// image. The labels come latest first; a notice names each undone entry that was made by
    /// another user, front end or shell. Throws `HistoryError` when there are fewer to undo.
    public func undo(steps: Int = 1) throws -> StepResult {
        try store.step(.undo, steps: steps, origin: origin)
    }

    /// Steps forward `steps` entries, each to the newest entry continuing from the cursor; a
    /// notice names the next newest where another branch continues. Throws `HistoryError` when
    /// there are fewer to redo.
    public func redo(steps: Int = 1) throws -> StepResult {
        try store.step(.redo, steps: steps, origin: origin)
    }

    /// Jumps to entry `seq`'s state (0: the empty start) as one new entry labelled `restore #N`,
    /// so the jump is itself undone by `undo`. Throws `HistoryError` for an entry the history does
    /// not have, or the one already current.
    public func restore(to seq: Int64) throws -> EditResult {
        let outcome = try store.restore(to: seq, origin: origin)
        return EditResult(tag: nil, label: outcome.entry.entryLabel, notices: [], entry: outcome.seq)
    }

    /// The tags and settings of entry `seq`'s state (0: the empty start), computed in memory
    /// from the current state along the tree; the project is only read.
    public func state(at seq: Int64) throws -> (tags: [Tag], settings: ProjectSettings) {
        let state = try store.state(at: seq)
        return (state.tags.sorted, state.settings)
    }
}
