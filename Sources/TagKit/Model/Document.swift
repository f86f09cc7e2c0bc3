/// The size of the picture as the user sees it: EXIF orientation applied, crop applied.
public struct PictureSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// The shorter side, to which every tag dimension is proportional.
    public var shorterSide: Int { min(width, height) }
}

/// The tags of a project keyed by id: what history entries change and `check` replays.
public struct TagSet: Equatable, Sendable {
    private(set) var byID: [TagID: Tag] = [:]

    public init(_ tags: [Tag] = []) {
        for tag in tags { byID[tag.id] = tag }
    }

    /// The tags in id order.
    public var sorted: [Tag] { byID.values.sorted { $0.id < $1.id } }
    public var count: Int { byID.count }
    public subscript(id: TagID) -> Tag? {
        get { byID[id] }
        set { byID[id] = newValue }
    }
}
