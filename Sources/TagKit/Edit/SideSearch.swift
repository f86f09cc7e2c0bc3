/// The sides of the tags of one overlap cluster, chosen together: each tag keeps its dot and
/// keeps its side, takes the other, or is left for its dot to be moved, so that the tags left in
/// place overlap neither each other nor any tag outside the cluster.
///
/// Two tags whose bubbles face each other overlap, and flipping both clears them; taken one at a
/// time, the first keeps its side and the second cannot clear it alone, so its dot moved. Here
/// the choices are searched depth first over the tags in id order, keep before flip before move,
/// with branch and bound: a branch is cut as soon as the tag just placed overlaps one placed
/// before it, or once its moves and flips cannot beat the best answer found. So the answer moves
/// the fewest dots, then flips the fewest bubbles, and among equals leaves the lower ids as they
/// were. The first answer the search reaches is the tag-by-tag one (keep if clear, else flip if
/// clear, else move); a search stopped by its node budget gives that or a better one.
enum SideSearch {
    /// What becomes of one tag of the cluster.
    enum Choice: Equatable, Sendable {
        /// Its dot and side stay.
        case keep
        /// Its dot stays; its bubble goes to the other side.
        case flip
        /// No side clears it: its dot is moved, by the rule for one tag (`FreeSpace`).
        case move
    }

    /// One tag of a cluster: its box with the bubble on its own side (`kept`) and on the other
    /// (`flipped`), each nil where that side is not allowed (the bubble would stick out of the
    /// photo, or overlap a tag outside the cluster).
    struct Member: Equatable, Sendable {
        /// The box as the tag stands, or nil.
        var kept: Rect?
        /// The box with the bubble on the other side, or nil.
        var flipped: Rect?
    }

    /// The most tags whose sides are searched together; the tags of a bigger cluster are arranged
    /// one at a time in id order.
    static let clusterLimit = 16
    /// The most nodes one search visits per tag of its cluster (65,536 for the largest), so its
    /// work is bounded whatever the overlaps; every cluster met in practice finishes far below.
    static let nodesPerTag = 4_096

    /// The choice for each of `members` (in id order), found as the type describes; the nodes
    /// the search visited are added to `nodes`.
    static func choices(for members: [Member], nodes: inout Int) -> [Choice] {
        let budget = nodesPerTag * members.count
        var visited = 0
        var current = [Choice](repeating: .move, count: members.count)
        var placed = [Rect?](repeating: nil, count: members.count)
        var best = current
        var bestCost = (Int.max, Int.max)

        /// Chooses for `members[i...]`, the tags before it placed as `current` says, `moves` of
        /// them left to move and `flips` flipped.
        func visit(_ i: Int, moves: Int, flips: Int) {
            guard visited < budget, (moves, flips) < bestCost else { return }
            visited += 1
            guard i < members.count else {
                (best, bestCost) = (current, (moves, flips))
                return
            }
            for (choice, box) in [(Choice.keep, members[i].kept), (.flip, members[i].flipped)] {
                guard let box, !placed[..<i].contains(where: { $0.map { Placement.overlap($0, box) } ?? false }) else { continue }
                (current[i], placed[i]) = (choice, box)
                visit(i + 1, moves: moves, flips: flips + (choice == .flip ? 1 : 0))
            }
            (current[i], placed[i]) = (.move, nil)
            visit(i + 1, moves: moves + 1, flips: flips)
        }
        visit(0, moves: 0, flips: 0)
        nodes += visited
        return best
    }
}
