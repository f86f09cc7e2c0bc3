/// Which tags overlap which: what a front end outlines so the user sees what `arrange` would
/// resolve.
///
/// Bounded whatever the layout: thousands of tags on one point (what a big `menu` or `apply`
/// leaves where no free space is left) overlap each other pairwise, and naming every pair made
/// both the work and the answer grow with the square of the tags (5,000 tags: 118 MB of editor
/// state). Each tag's search stops at a limit (`BoxIndex.overlapping(_:limit:)`), so the work is
/// the tags times the limit, and the answer names at most the limit per tag, saying when there are
/// more; a layout under the limit is described exactly.
public enum Overlaps {
    /// The most others one tag's list names (`among`).
    public static let listedPerTag = 10

    /// The others one tag overlaps, as far as they are listed.
    public struct List: Equatable, Sendable {
        /// Some of the others, in id order: all of them unless `more`.
        public var others: [TagID]
        /// Whether the tag overlaps more than `others`.
        public var more: Bool

        /// `others`, and whether there are `more`.
        public init(others: [TagID], more: Bool = false) { (self.others, self.more) = (others, more) }
    }

    /// For each tag that overlaps another on a `size` picture at tag scale `scale`, the others it
    /// overlaps, in id order: all of them when there are at most `limit`, else `limit` of them and
    /// `more`. Looks at the boxes near each tag (`BoxIndex`), never more than `limit + 1` of them.
    public static func among(_ tags: [Tag], size: PictureSize, scale: Double, limit: Int = listedPerTag) -> [TagID: List] {
        var (index, boxes) = indexed(tags, size: size, scale: scale)
        var result: [TagID: List] = [:]
        for tag in tags {
            let found = index.overlapping(boxes[tag.id]!, limit: limit + 2).filter { $0 != tag.id }
            if !found.isEmpty { result[tag.id] = List(others: Array(found.prefix(limit)), more: found.count > limit) }
        }
        return result
    }

    /// Pairs of overlapping tags, the smaller id first, in order: every pair when there are at
    /// most `limit`, else `limit` of them and `more`. Stops searching once it has found more than
    /// `limit`.
    public static func pairs(_ tags: [Tag], size: PictureSize, scale: Double, limit: Int) -> (pairs: [(TagID, TagID)], more: Bool) {
        var (index, boxes) = indexed(tags, size: size, scale: scale)
        var found = Set<[TagID]>()
        for tag in tags.sorted(by: { $0.id < $1.id }) where found.count <= limit {
            for other in index.overlapping(boxes[tag.id]!, limit: limit + 2) where other != tag.id {
                found.insert([min(tag.id, other), max(tag.id, other)])
            }
        }
        let sorted = found.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }
        return (sorted.prefix(limit).map { ($0[0], $0[1]) }, found.count > limit)
    }

    /// The tags' boxes, and a grid index of them.
    private static func indexed(_ tags: [Tag], size: PictureSize, scale: Double) -> (BoxIndex, [TagID: Rect]) {
        var index = BoxIndex(size: size, tagHeight: TagStyle.height(on: size, scale: scale))
        var boxes: [TagID: Rect] = [:]
        for tag in tags {
            let box = Placement.box(of: tag, size: size, scale: scale)
            boxes[tag.id] = box
            index.insert(tag.id, box)
        }
        return (index, boxes)
    }
}
