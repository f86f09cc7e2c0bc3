/// How many overlapping pairs one outcome names: the first ``limit`` as `Notice.overlaps`, then
/// one `Notice.moreOverlaps`, and no more.
///
/// Every tag added to a picture with no free space left goes to the centre, so a batch of
/// thousands of adds leaves thousands of tags all overlapping each other: naming every pair made
/// its notices (and the time to find them) grow with the square of the batch. With the limit,
/// an edit finds and names at most ``limit`` pairs plus one, whatever the layout; ordinary edits
/// name far fewer and are told exactly as before.
struct OverlapLimit {
    /// The most overlapping pairs one outcome names.
    static let limit = 100
    /// Pairs named so far.
    private(set) var listed = 0
    /// True once a pair past the limit was found (and `moreOverlaps` said so): look for no more.
    private(set) var isReached = false

    /// Appends `.overlaps(id, other)` to `notices`, or past the limit `.moreOverlaps` once.
    mutating func name(_ id: TagID, overlaps other: TagID, in notices: inout [Notice]) {
        guard !isReached else { return }
        if listed == Self.limit {
            notices.append(.moreOverlaps(listed: listed))
            isReached = true
        } else {
            notices.append(.overlaps(id, other))
            listed += 1
        }
    }
}
