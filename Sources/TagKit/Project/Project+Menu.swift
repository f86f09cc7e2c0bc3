/// What `tagproj menu` reads of a project besides its tags.
extension Project {
    /// What the next edit works on, read as one edit's transaction reads it: the tags, the
    /// settings, the picture's size and the id counter. For a front end that tries a batch
    /// (`Document.applying(_:measurer:)`) before carrying it out.
    public func document() throws -> Document {
        let header = try store.header()
        return Document(tags: TagSet(try store.tags()), settings: header.settings, size: try store.pictureSize(), nextID: TagID(header.nextID))
    }

    /// The keys `memory` remembers, if this project still holds the entry that wrote them; else none.
    public func remembered(_ memory: MenuKeys.Memory?) throws -> [String: TagID] {
        guard let memory, let node = try store.node(memory.entry), node.origin.frontEnd == MenuKeys.frontEnd,
              node.origin.timeMS == memory.timeMS else { return [:] }
        return memory.keys
    }

    /// The memory of `keys` for the entry a menu run just made: the cursor's entry, when it is a
    /// menu entry labelled `label`; nil when another edit came first (the keys are then found by
    /// their text next time).
    public func memory(of keys: [String: TagID], label: String) throws -> MenuKeys.Memory? {
        let cursor = try store.header().cursor
        guard let node = try store.node(cursor), node.origin.frontEnd == MenuKeys.frontEnd, node.label == label,
              let time = node.origin.timeMS else { return nil }
        return MenuKeys.Memory(entry: cursor, timeMS: time, keys: keys)
    }
}

