/// What placing tag after tag on one document reuses from edit to edit: the tags' boxes
/// (`BoxIndex`, kept in step with the document's tags once built) and the free-space search state.
///
/// A single edit starts with an empty cache and builds only what it needs (the index for an add
/// without a position); a batch keeps one cache for all its edits, so its cost grows with the
/// number of edits rather than with edits × tags. Both parts hold for one picture size and tag
/// scale: an edit that changes the settings, or moves many tags at once (`arrange`), starts over.
struct PlacementCache {
    /// The boxes of every tag of the document, when built.
    var index: BoxIndex?
    /// What free-space searches keep from one to the next (their order, the cells found blocked), when made.
    var search: FreeSpace.Search?

    /// An empty cache: nothing built yet.
    init() {}

    /// Builds the index of `document`'s tags if it is not built yet.
    mutating func buildIndex(of document: Document) {
        guard index == nil else { return }
        var index = BoxIndex(size: document.size, tagHeight: TagStyle.height(on: document.size, scale: document.settings.tagScale))
        for tag in document.tags.sorted { index.insert(tag.id, document.box(of: tag)) }
        self.index = index
    }
}
