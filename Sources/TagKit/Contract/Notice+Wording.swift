/// The one wording of every notice, shared by every front end: the CLI prints it as a `warning:`
/// or `note:` line, the editor's server sends it to the page, which shows it as it is.

extension Notice {
    /// `moved to 0.812,0.400 to stay inside the photo`,
    /// `#1: bubble moved to the left to stay inside the photo`, `#3 overlaps #1`,
    /// `more tags overlap than the 100 overlaps listed`,
    /// `another branch continues from here (#12 “move #3 to 0.400,0.520”)`,
    /// `undid #7 “flip #2”, made by ana with editor`.
    public var message: String {
        switch self {
        case let .movedToStayInside(id, point): return "\(id) moved to \(point.formatted) to stay inside the photo"
        case let .sideChanged(id, side): return "\(id): bubble moved to the \(side.rawValue) to stay inside the photo"
        case let .overlaps(id, other): return "\(id) overlaps \(other)"
        case let .moreOverlaps(listed): return "more tags overlap than the \(listed) overlaps listed"
        case let .arranged(id, point, side): return "\(id): now at \(point.formatted), bubble on the \(side.rawValue)"
        case let .otherBranch(seq, label): return "another branch continues from here (#\(seq) “\(label)”)"
        case let .undidOthersEdit(seq, label, user, frontEnd, otherShell):
            return "undid #\(seq) “\(label)”, " + (otherShell ? "made in another shell (\(user), \(frontEnd))" : "made by \(user) with \(frontEnd)")
        case let .photoSlightlyDamaged(project, problem): return "\(project): the photo is slightly damaged but decoded whole: \(problem)"
        case let .madeFromSlightlyDamagedPhoto(photo, problem): return "'\(photo)' is slightly damaged but decodes whole: \(problem)"
        case let .fontSubstituted(family, substitute): return "font family '\(family)' is not installed; tags will use '\(substitute)' instead"
        case let .ignoredByFormat(field, format):
            return field == .dpi ? "--dpi is not written: \(format.displayName) has no resolution field"
                                 : "--\(field == .quality ? "quality" : field.rawValue) is ignored: \(format.displayName) is lossless"
        case let .drawnElsewhere(id, from, drawnAt):
            return "\(id) no longer fits at \(from.formatted) with the fonts used here; drawn at \(drawnAt.formatted)"
        }
    }

    /// How much the user should heed it: a warning when the result may not be what they wanted
    /// (a tag moved or left overlapping), a note for what the history says in passing, an
    /// account of a change they asked for in general terms (`arrange`'s moves).
    public var severity: Severity {
        switch self {
        case .movedToStayInside, .sideChanged, .overlaps, .moreOverlaps, .drawnElsewhere, .photoSlightlyDamaged, .madeFromSlightlyDamagedPhoto,
             .fontSubstituted, .ignoredByFormat:
            return .warning
        case .otherBranch, .undidOthersEdit: return .note
        case .arranged: return .info
        }
    }

    /// How a front end presents a notice.
    public enum Severity: String, Sendable {
        /// The result may not be what the user wanted: the CLI's `warning:`.
        case warning
        /// Said in passing: the CLI's `note:`.
        case note
        /// An account of what was done, as asked.
        case info
    }
}

extension SceneLayout.Notice {
    /// As the notice it becomes in an answer (`Notice.drawnElsewhere`) words it.
    public var message: String { Notice(self).message }
}
