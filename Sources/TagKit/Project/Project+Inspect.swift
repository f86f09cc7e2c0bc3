/// What `info` reports about a project.
public struct ProjectInfo: Equatable, Sendable {
    public var format: String
    /// The picture as the user sees it (oriented and cropped).
    public var width: Int, height: Int
    /// The photo as stored in the file, before orientation and crop.
    public var storedWidth: Int, storedHeight: Int
    public var orientation: Int
    public var crop: Crop
    public var hasICC: Bool
    public var sourceBytes: Int
    public var settings: ProjectSettings
    public var tags: Int
    public var historyEntries: Int
    public var cursor: Int64
    public var schemaVersion: Int
}

extension Project {
    /// The project's picture, settings and counts.
    public func info() throws -> ProjectInfo {
        let s = try db.prepare("""
            SELECT format, width, height, stored_width, stored_height, orientation, crop_x, crop_y, crop_w, crop_h,
                   has_icc, byte_count FROM source WHERE id = 1
            """)
        guard try s.step(), let format = s.value(0).text, let w = s.value(1).integer, let h = s.value(2).integer,
              let sw = s.value(3).integer, let sh = s.value(4).integer, let o = s.value(5).integer,
              let cx = s.value(6).real, let cy = s.value(7).real, let cw = s.value(8).real, let ch = s.value(9).real,
              let icc = s.value(10).integer, let count = s.value(11).integer
        else { throw ProjectError.damaged(path: path, reason: "the source photo's row is invalid") }
        let records = self.records
        guard let known = ImageFormat(rawValue: format), Codecs.codec(for: known)?.canRead == true else { throw records.damaged("the source photo's format is unknown") }
        guard (1...8).contains(o) else { throw records.damaged("the source photo's orientation is invalid") }
        guard (1...1_000_000).contains(sw), (1...1_000_000).contains(sh) else {
            throw records.damaged("the source photo's stored size is invalid")
        }
        guard (try? Crop.validated(x: cx, y: cy, width: cw, height: ch)) != nil else { throw records.damaged("the crop is invalid") }
        _ = try records.pictureSize()
        let header = try records.header()
        return ProjectInfo(
            format: format, width: Int(w), height: Int(h), storedWidth: Int(sw), storedHeight: Int(sh),
            orientation: Int(o), crop: Crop(x: cx, y: cy, width: cw, height: ch), hasICC: icc != 0,
            sourceBytes: Int(count), settings: header.settings,
            tags: Int(try db.scalar("SELECT count(*) FROM tags")?.integer ?? 0),
            historyEntries: Int(try db.scalar("SELECT count(*) FROM history")?.integer ?? 0),
            cursor: header.cursor, schemaVersion: try Migrator.currentVersion(db))
    }

    /// Verifies the project: SQLite's `quick_check`, every row in its domain, and the history
    /// replayed from an empty project reproducing the stored tags exactly. Throws
    /// `ProjectError.damaged` naming the first problem.
    public func check() throws {
        let results = try db.prepare("PRAGMA quick_check").map { $0.value(0).text ?? "" }
        guard results == ["ok"] else {
            throw ProjectError.damaged(path: path, reason: "quick_check: " + results.prefix(3).joined(separator: "; "))
        }
        let header = try records.header()
        _ = try info()
        let stored = TagSet(try records.tags())
        let log = try records.historyLog(cursor: header.cursor)
        guard header.cursor <= (log.items.last?.seq ?? 0) else {
            throw ProjectError.damaged(path: path, reason: "the history cursor points past the last entry")
        }
        for (offset, item) in log.items.enumerated() where item.seq != Int64(offset + 1) {
            throw ProjectError.damaged(path: path, reason: "history entry \(item.seq) is out of sequence")
        }
        let entries = try records.entries(through: Int64.max)
        let replayed = TagSet.replaying(entries.prefix { $0.seq <= header.cursor })
        guard replayed == stored else {
            let ids = Set(replayed.sorted.map(\.id)).union(stored.sorted.map(\.id)).sorted()
            let first = ids.first { replayed[$0] != stored[$0] }!
            throw ProjectError.damaged(path: path, reason: "replaying the history does not give tag \(first) as stored")
        }
        if let highest = entries.flatMap({ $0.changes.map(\.id.rawValue) }).max(), highest >= header.nextID {
            throw ProjectError.damaged(path: path, reason: "the id counter is behind tag #\(highest)")
        }
    }
}
