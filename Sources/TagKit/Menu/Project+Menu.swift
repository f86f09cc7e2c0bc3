/// What `tagproj menu` reads of a project besides its tags, and the key memory it keeps in it.
extension Project {
    /// What the next edit works on, read as one edit's transaction reads it: the tags, the
    /// settings, the picture's size and the id counter. For a front end that tries a batch
    /// (`Document.applying(_:measurer:)`) before carrying it out.
    public func document() throws -> Document {
        let header = try store.header()
        return Document(tags: TagSet(try store.tags()), settings: header.settings, size: try store.pictureSize(), nextID: TagID(header.nextID))
    }

    /// Which tag each key of the menu was given, as the project keeps it (`menu_keys`).
    public func keptMenuKeys() throws -> [String: TagID] { try store.menuKeys() }

    /// What an older version's file beside the projects remembers for this project (`legacy`),
    /// if the project still holds the history entry that wrote it; else nothing.
    public func menuKeys(legacy: MenuKeys.Memory?) throws -> [String: TagID] {
        guard let legacy, let node = try store.node(legacy.entry), node.origin.frontEnd == MenuKeys.frontEnd,
              node.origin.timeMS == legacy.timeMS else { return [:] }
        return legacy.keys
    }

    /// Keeps `keys` as the project's key memory, alone in a transaction of its own (no history
    /// entry: it changes no tag). For a menu run that has no edit to make but keys to carry into
    /// the project (from an older version's file, or matched by text).
    public func keepMenuKeys(_ keys: [String: TagID]) throws { try store.keepMenuKeys(keys) }
}
