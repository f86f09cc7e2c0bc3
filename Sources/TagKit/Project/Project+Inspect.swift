/// What `info` reports about a project.
public struct ProjectInfo: Equatable, Sendable {
    /// The stored photo's format (`jpeg`, `png`).
    public var format: String
    /// The picture as the user sees it (oriented and cropped).
    public var width: Int, height: Int
    /// The photo as stored in the file, before orientation and crop.
    public var storedWidth: Int, storedHeight: Int
    /// The photo's EXIF orientation, 1–8.
    public var orientation: Int
    /// The part of the upright photo the project uses.
    public var crop: Crop
    /// Whether the photo carries an ICC colour profile.
    public var hasICC: Bool
    /// The stored photo's length in bytes.
    public var sourceBytes: Int
    /// Currency and font.
    public var settings: ProjectSettings
    /// How many tags there are.
    public var tags: Int
    /// How many history entries there are, undone ones included.
    public var historyEntries: Int
    /// The seq of the last applied entry.
    public var cursor: Int64
    /// The file's schema version.
    public var schemaVersion: Int
    /// The font subsets the project carries, by family and style.
    public var embeddedFonts: [EmbeddedFaceSummary] = []
}

extension Project {
    /// The project's picture, settings and counts.
    public func info() throws -> ProjectInfo {
        let source = try store.source()
        let format = source.format
        guard let known = ImageFormat(rawValue: format), Codecs.codec(for: known)?.canRead == true else {
            throw store.damaged("the source photo's format is unknown")
        }
        let header = try store.header()
        let counts = try store.counts()
        return ProjectInfo(
            format: format, width: source.size.width, height: source.size.height,
            storedWidth: source.storedWidth, storedHeight: source.storedHeight, orientation: source.orientation,
            crop: source.crop, hasICC: source.hasICC, sourceBytes: source.byteCount, settings: header.settings,
            tags: counts.tags, historyEntries: counts.historyEntries, cursor: header.cursor,
            schemaVersion: try store.schemaVersion(), embeddedFonts: try store.embeddedFaceSummaries())
    }

    /// Verifies the project: SQLite's `quick_check`, every row in its domain, every branch of
    /// the history replaying from the empty start (`HistoryReplay`), the cursor's state being
    /// exactly the stored tags and settings, and every embedded font subset opening cleanly
    /// (see ``checkFonts()``). Throws `ProjectError.damaged` (or `EmbeddedFontError`) naming the
    /// first problem; returns the damaged subsets only the history refers to, which do not stop
    /// the project from working now.
    @discardableResult
    public func check() throws -> [DamagedHistoryFont] {
        if let problems = try store.quickCheck() { throw store.damaged("quick_check: " + problems) }
        let header = try store.header()
        _ = try info()
        let stored = TagSet(try store.tags())
        let entries = try store.entries()
        let nodes = entries.map { HistoryReplay.Node(seq: $0.node.seq, parent: $0.node.parent, entry: $0.entry) }
        if let problem = HistoryReplay.problem(nodes, cursor: header.cursor, tags: stored, settings: header.settings) {
            throw store.damaged(problem)
        }
        if let highest = entries.flatMap({ $0.entry.changes.map(\.id.rawValue) }).max(), highest >= header.nextID {
            throw store.damaged("the id counter is behind tag #\(highest)")
        }
        return try checkFonts()
    }
}
