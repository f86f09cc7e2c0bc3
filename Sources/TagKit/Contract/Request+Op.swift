// Request.Op: each kind of request by the `op` that names it in the JSON dialect, and a
// request's `op` and `name`.

extension Request {
    /// Each kind of request, by the `op` that names it in the JSON dialect, in the order the codec
    /// documents them: the one list the names, the reading and the writing all come from.
    public enum Op: String, CaseIterable, Sendable {
        case add, move, flip, edit, delete, set, refreshFonts = "refresh_fonts", arrange, batch,
             undo, redo, restore, export, list, history, info
    }

    /// The `op` of each kind of request, in the order the codec documents them.
    public static let names = Op.allCases.map(\.rawValue)

    /// Its kind.
    public var op: Op {
        switch self {
        case .add: .add
        case .move: .move
        case .flip: .flip
        case .edit: .edit
        case .delete: .delete
        case .set: .set
        case .refreshFonts: .refreshFonts
        case .arrange: .arrange
        case .batch: .batch
        case .undo: .undo
        case .redo: .redo
        case .restore: .restore
        case .export: .export
        case .list: .list
        case .history: .history
        case .info: .info
        }
    }

    /// Its `op`: `add`, `move`, `undo`, `export`, …
    public var name: String { op.rawValue }
}
