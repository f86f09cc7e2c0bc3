/// Which tags overlap which: what a front end outlines so the user sees what `arrange` would
/// resolve.
public enum Overlaps {
    /// For each tag that overlaps another on a `size` picture at tag scale `scale`, the others it
    /// overlaps, in id order. Looks at the boxes near each tag (`BoxIndex`), not at every pair.
    public static func among(_ tags: [Tag], size: PictureSize, scale: Double) -> [TagID: [TagID]] {
        var index = BoxIndex(size: size, tagHeight: TagStyle.height(on: size, scale: scale))
        var boxes: [TagID: Rect] = [:]
        for tag in tags {
            let box = Placement.box(of: tag, size: size, scale: scale)
            boxes[tag.id] = box
            index.insert(tag.id, box)
        }
        var result: [TagID: [TagID]] = [:]
        for tag in tags {
            let others = index.overlapping(boxes[tag.id]!).filter { $0 != tag.id }.sorted()
            if !others.isEmpty { result[tag.id] = others }
        }
        return result
    }
}
