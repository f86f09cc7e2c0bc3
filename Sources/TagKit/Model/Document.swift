/// The size of the picture as the user sees it: EXIF orientation applied, crop applied.
public struct PictureSize: Equatable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// A size of `width × height` pixels.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// The shorter side, to which every tag dimension is proportional.
    public var shorterSide: Int { min(width, height) }
}

/// The tags of a project keyed by id: what history entries change and `check` replays.
public struct TagSet: Equatable, Sendable {
    private(set) var byID: [TagID: Tag] = [:]

    /// A set of `tags`; a later tag replaces an earlier one with the same id.
    public init(_ tags: [Tag] = []) {
        byID.reserveCapacity(tags.count)
        for tag in tags { byID[tag.id] = tag }
    }

    /// The tags in id order.
    public var sorted: [Tag] { byID.values.sorted { $0.id < $1.id } }
    /// How many tags there are.
    public var count: Int { byID.count }
    /// The tag with `id`, or nil; setting nil removes it.
    public subscript(id: TagID) -> Tag? {
        get { byID[id] }
        set { byID[id] = newValue }
    }
}

/// What an edit works on: the tags, the settings they are drawn with, the picture they must stay
/// inside, and the id the next tag gets. A plain value; `applying(_:measurer:)` returns the next
/// one in its `EditOutcome`.
///
/// `tags` holds every tag: an edit places the tag it touches among the others (free space for an
/// add without a position, overlap notices for every edit). A batch applies edit after edit to
/// each result.
public struct Document: Equatable, Sendable {
    /// Every tag of the project (the store loads them all; see below).
    public var tags: TagSet
    /// Currency and font.
    public var settings: ProjectSettings
    /// The picture as the user sees it.
    public var size: PictureSize
    /// The id the next added tag gets; above every id the project has used.
    public var nextID: TagID
    /// The photo upright and uncropped, which `settings.crop` is a part of; a crop change needs
    /// it (nil: unknown, and the crop cannot change).
    public var upright: PictureSize?

    /// A document of `tags` on a picture of `size`, cut by `settings.crop` from an `upright` photo.
    public init(tags: TagSet = TagSet(), settings: ProjectSettings = ProjectSettings(), size: PictureSize, nextID: TagID = TagID(1),
                upright: PictureSize? = nil) {
        self.tags = tags
        self.settings = settings
        self.size = size
        self.nextID = nextID
        self.upright = upright
    }
}
