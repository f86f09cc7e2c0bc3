import TagKit

extension Notice {
    /// The notice as the `warning:` line says it: `moved to 0.812,0.400 to stay inside the photo`,
    /// `#1: bubble moved to the left to stay inside the photo`, `#3 overlaps #1`,
    /// `more tags overlap than the 100 overlaps listed`,
    /// `another branch continues from here (#12 “move #3 to 0.400,0.520”)`,
    /// `undid #7 “flip #2”, made by ana with editor`.
    var text: String {
        switch self {
        case .movedToStayInside(_, let point): return "moved to \(point.formatted) to stay inside the photo"
        case let .sideChanged(id, side): return "\(id): bubble moved to the \(side.rawValue) to stay inside the photo"
        case let .overlaps(id, other): return "\(id) overlaps \(other)"
        case let .moreOverlaps(listed): return "more tags overlap than the \(listed) overlaps listed"
        case let .arranged(id, point, side): return "\(id): now at \(point.formatted), bubble on the \(side.rawValue)"
        case let .otherBranch(seq, label): return "another branch continues from here (#\(seq) “\(label)”)"
        case let .undidOthersEdit(seq, label, user, frontEnd, otherShell):
            return "undid #\(seq) “\(label)”, " + (otherShell ? "made in another shell (\(user), \(frontEnd))" : "made by \(user) with \(frontEnd)")
        }
    }
}

extension SceneLayout.Notice {
    /// `#3 no longer fits at 0.950,0.500 with the fonts used here; drawn at 0.921,0.500`.
    var text: String {
        switch self {
        case let .tagMoved(id, from, drawnAt):
            return "\(id) no longer fits at \(from.formatted) with the fonts used here; drawn at \(drawnAt.formatted)"
        }
    }
}
