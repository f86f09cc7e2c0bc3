extension Project {
    /// Steps back `steps` entries: every touched tag returns to its before image. Returns the labels
    /// of the entries undone, latest first. Throws `HistoryError` when there are fewer to undo.
    public func undo(steps: Int = 1) throws -> [String] {
        try store.step(.undo, steps: steps)
    }

    /// Steps forward `steps` entries of the redo tail. Returns the labels of the entries redone.
    /// Throws `HistoryError` when there are fewer to redo.
    public func redo(steps: Int = 1) throws -> [String] {
        try store.step(.redo, steps: steps)
    }
}
