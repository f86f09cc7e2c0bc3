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

    /// Verifies the project: SQLite's `quick_check`, every row in its domain, the history
    /// replayed from an empty project reproducing the stored tags exactly, and the embedded font
    /// subsets the tags are drawn with opening cleanly. Throws `ProjectError.damaged` (or
    /// `EmbeddedFontError`) naming the first problem.
    public func check() throws {
        if let problems = try store.quickCheck() { throw store.damaged("quick_check: " + problems) }
        let header = try store.header()
        _ = try info()
        let stored = TagSet(try store.tags())
        let log = try store.historyLog()
        guard header.cursor <= (log.items.last?.seq ?? 0) else { throw store.damaged("the history cursor points past the last entry") }
        for (offset, item) in log.items.enumerated() where item.seq != Int64(offset + 1) {
            throw store.damaged("history entry \(item.seq) is out of sequence")
        }
        // The seqs are 1…n, so the first `cursor` entries are the applied ones.
        let entries = try store.entries()
        let replayed = TagSet.replaying(entries.prefix(Int(header.cursor)))
        guard replayed == stored else {
            let ids = Set(replayed.sorted.map(\.id)).union(stored.sorted.map(\.id)).sorted()
            let first = ids.first { replayed[$0] != stored[$0] }!
            throw store.damaged("replaying the history does not give tag \(first) as stored")
        }
        if let highest = entries.flatMap({ $0.changes.map(\.id.rawValue) }).max(), highest >= header.nextID {
            throw store.damaged("the id counter is behind tag #\(highest)")
        }
        try checkFonts()
    }
}
