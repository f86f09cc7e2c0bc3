/// One entry a walk passes, and which way: backwards (undo, or up a path towards the entry two
/// states descend from) its before images become current, forwards (redo, or down a path) its
/// after images.
struct HistoryVisit: Equatable, Sendable {
    /// The entry passed.
    var seq: Int64
    /// True when the entry is reverted, false when it is applied.
    var backwards: Bool

    /// The images that become current when this visit passes `entry`: its reverse backwards,
    /// itself forwards.
    func images(of entry: HistoryEntry) -> HistoryEntry { backwards ? entry.reverted : entry }
}

/// What an undo or redo does, decided before anything is written: the store stores each visited
/// entry's images in order, then moves the cursor.
struct StepPlan: Equatable, Sendable {
    /// The entries stepped over, in the order visited.
    var visits: [HistoryVisit]
    /// The entry whose state is current after the last visit; 0 for the empty start.
    var cursor: Int64
    /// The labels of the visited entries and what the user should be told, as the caller returns them.
    var result: StepResult
}

/// The decisions of a walk through the history tree, as pure functions over the rows a
/// `HistoryRows` gives: where undo and redo go and what they say, the path between two states,
/// what a restore records (`HistoryWalk+Restore.swift`). Each asks only for the rows on its way,
/// so its cost follows the entries it passes, not the tree. Nothing here writes.
///
/// A tree that links to an entry it does not hold, or to a parent that is not older, is refused
/// with `HistoryLinkError`; a step or jump the history cannot give, with `HistoryError`.
enum HistoryWalk {
    /// `steps` steps in `direction` from entry `cursor`: undo to the cursor's parent, redo to its
    /// newest child. Redo passing a fork says which other branch continues from there (the next
    /// newest child, `Notice.otherBranch`); undo of an entry made by another user, front end or
    /// shell than `origin` says so (`Notice.undidOthersEdit`). Throws `HistoryStep.exhausted`'s
    /// error when fewer entries lie that way.
    static func step(_ direction: StepDirection, steps: Int, from cursor: Int64, origin: EntryOrigin,
                     in rows: some HistoryRows) throws -> StepPlan {
        var plan = StepPlan(visits: [], cursor: cursor, result: StepResult(labels: [], notices: []))
        for done in 0..<steps {
            let node: HistoryNode
            switch direction {
            case .undo:
                guard plan.cursor != 0 else { throw HistoryStep.exhausted(.undo, requested: steps, done: done) }
                node = try existing(plan.cursor, in: rows)
                if node.origin.isOther(than: origin) { plan.result.notices.append(undoNotice(node, origin: origin)) }
                plan.cursor = node.parent
            case .redo:
                let next = try rows.children(of: plan.cursor, limit: 2)
                guard let newest = next.first else { throw HistoryStep.exhausted(.redo, requested: steps, done: done) }
                if next.count > 1 { plan.result.notices.append(.otherBranch(seq: next[1].seq, label: next[1].label)) }
                node = newest
                plan.cursor = newest.seq
            }
            plan.visits.append(HistoryVisit(seq: node.seq, backwards: direction == .undo))
            plan.result.labels.append(node.label)
        }
        return plan
    }

    /// The entries between entry `cursor`'s state and entry `target`'s (0: the empty start), in
    /// the order to visit them: those to revert from the cursor up to the entry both descend
    /// from, then those to apply from there down to the target. Throws
    /// `HistoryError.noSuchEntry` for a target the history does not hold.
    static func path(from cursor: Int64, to target: Int64, in rows: some HistoryRows) throws -> [HistoryVisit] {
        guard try target == 0 || rows.node(target) != nil else { throw HistoryError.noSuchEntry(target) }
        var (upper, lower) = (cursor, target)
        var revert: [Int64] = [], apply: [Int64] = []
        // A parent is always older than its child, so stepping up from the newer of the two meets
        // their common ancestor.
        while upper != lower {
            if upper > lower {
                revert.append(upper)
                upper = try existing(upper, in: rows).parent
            } else {
                apply.append(lower)
                lower = try existing(lower, in: rows).parent
            }
        }
        return revert.map { HistoryVisit(seq: $0, backwards: true) } + apply.reversed().map { HistoryVisit(seq: $0, backwards: false) }
    }

    /// Entry `seq`'s row, which the tree links to: refused when it is missing or its parent is
    /// not older (the walk up would not end).
    private static func existing(_ seq: Int64, in rows: some HistoryRows) throws -> HistoryNode {
        guard let node = try rows.node(seq) else { throw HistoryLinkError.missingEntry(seq) }
        guard node.parent < node.seq else { throw HistoryLinkError.parentNotOlder(seq) }
        return node
    }

    /// The notice for undoing `node`, made elsewhere than `origin`: by another user or front end,
    /// or by the same one in another shell.
    private static func undoNotice(_ node: HistoryNode, origin: EntryOrigin) -> Notice {
        .undidOthersEdit(seq: node.seq, label: node.label, user: node.origin.user ?? "", frontEnd: node.origin.frontEnd ?? "",
                         otherShell: node.origin.user == origin.user && node.origin.frontEnd == origin.frontEnd)
    }
}
