/// Reading and writing the rows of a project file (see `Schema/README.md`).
///
/// Every value read is checked against its domain, since a project file is untrusted input:
/// a row that is out of range is reported by name instead of being acted on.
struct ProjectRecords {
    let db: Database

    /// The counters and settings of the single `project` row.
    struct Header {
        var settings: ProjectSettings
        var nextID: Int64
        var cursor: Int64
    }

    func header() throws -> Header {
        let s = try db.prepare("SELECT currency, font, next_tag_id, history_cursor FROM project WHERE id = 1")
        guard try s.step() else { throw damaged("the project row is missing") }
        // The same domain `Project.create` writes (`ProjectSettings.validated()`).
        let settings: ProjectSettings
        do {
            settings = try ProjectSettings(currency: s.value(0).text ?? "\n", font: s.value(1).text ?? "\n").validated()
        } catch {
            throw damaged(error.setting == .currency ? "the currency is invalid" : "the font name is invalid")
        }
        guard let next = s.value(2).integer, next >= 1 else { throw damaged("the id counter is invalid") }
        guard let cursor = s.value(3).integer, cursor >= 0 else { throw damaged("the history cursor is invalid") }
        return Header(settings: settings, nextID: next, cursor: cursor)
    }

    /// Refuses a counter that would hand out an id a tag already has: `add` would otherwise
    /// replace that tag. One index lookup, so every add can afford it; `check` also compares the
    /// counter with the ids in the history.
    func checkCounter(_ header: Header) throws {
        if let highest = try db.scalar("SELECT max(id) FROM tags")?.integer, highest >= header.nextID {
            throw damaged("the id counter is behind tag #\(highest)")
        }
    }

    func writeCounters(nextID: Int64, cursor: Int64) throws {
        try db.prepare("UPDATE project SET next_tag_id = ?, history_cursor = ? WHERE id = 1",
                       [.integer(nextID), .integer(cursor)]).run()
    }

    /// The picture size as the user sees it (oriented and cropped).
    func pictureSize() throws -> PictureSize {
        let s = try db.prepare("SELECT width, height FROM source WHERE id = 1")
        guard try s.step() else { throw damaged("the source photo is missing") }
        guard let w = s.value(0).integer, let h = s.value(1).integer, (1...1_000_000).contains(w), (1...1_000_000).contains(h)
        else { throw damaged("the source photo's size is invalid") }
        return PictureSize(width: Int(w), height: Int(h))
    }

    // MARK: Tags

    private static let tagColumns = "id, kind, text, x, y, side, label_em"

    func tags() throws -> [Tag] {
        try db.prepare("SELECT \(Self.tagColumns) FROM tags ORDER BY id").map { try tag(from: $0, at: 0, id: nil)! }
    }

    func tag(_ id: TagID) throws -> Tag? {
        let s = try db.prepare("SELECT \(Self.tagColumns) FROM tags WHERE id = ?", [.integer(id.rawValue)])
        return try s.step() ? tag(from: s, at: 0, id: nil) : nil
    }

    func write(_ tag: Tag) throws {
        try db.prepare("INSERT OR REPLACE INTO tags (\(Self.tagColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [.integer(tag.id.rawValue)] + values(of: tag)).run()
    }

    func deleteTag(_ id: TagID) throws {
        try db.prepare("DELETE FROM tags WHERE id = ?", [.integer(id.rawValue)]).run()
    }

    /// Sets the stored image of tag `id` to `tag` (nil: no such tag).
    func set(_ id: TagID, to tag: Tag?) throws {
        if let tag { try write(tag) } else { try deleteTag(id) }
    }

    private func values(of tag: Tag?) -> [SQLValue] {
        guard let tag else { return Array(repeating: .null, count: 6) }
        return [.text(tag.kind.rawValue), .text(tag.text), .real(tag.anchor.x), .real(tag.anchor.y),
                .text(tag.side.rawValue), .real(tag.labelEm)]
    }

    /// Decodes a tag from columns `at…at+6` (id first) or, with `id` given, `at…at+5` (no id column).
    /// Returns nil only when `id` is given and every column is NULL (no image).
    private func tag(from s: Statement, at: Int32, id: TagID?) throws -> Tag? {
        var column = at
        let tagID: TagID
        if let id {
            tagID = id
            if (at..<at + 6).allSatisfy({ s.value($0) == .null }) { return nil }
        } else {
            guard let raw = s.value(at).integer, raw >= 1 else { throw damaged("a tag has an invalid id") }
            tagID = TagID(raw)
            column += 1
        }
        let name = "tag \(tagID)"
        guard let kind = s.value(column).text.flatMap(Kind.init) else { throw damaged("\(name) has an unknown kind") }
        guard let text = s.value(column + 1).text, (1...1024).contains(text.utf8.count)
        else { throw damaged("\(name) has invalid text") }
        guard let x = s.value(column + 2).real, x.isFinite, (0...1).contains(x) else { throw damaged("\(name) has an invalid x position") }
        guard let y = s.value(column + 3).real, y.isFinite, (0...1).contains(y) else { throw damaged("\(name) has an invalid y position") }
        guard let side = s.value(column + 4).text.flatMap(Side.init) else { throw damaged("\(name) has an unknown side") }
        guard let em = s.value(column + 5).real, em.isFinite, (0...1000).contains(em)
        else { throw damaged("\(name) has an invalid label width") }
        return Tag(id: tagID, kind: kind, text: text, anchor: NormalizedPoint(x: x, y: y), side: side, labelEm: em)
    }

    // MARK: History

    func historyLog(cursor: Int64) throws -> HistoryLog {
        let items = try db.prepare("SELECT seq, label FROM history ORDER BY seq").map { s -> HistoryLog.Item in
            guard let seq = s.value(0).integer, let label = s.value(1).text, label.utf8.count <= Self.maximumLabelBytes
            else { throw damaged("a history entry is invalid") }
            return HistoryLog.Item(seq: seq, label: label, undone: seq > cursor)
        }
        return HistoryLog(items: items, cursor: cursor)
    }

    /// Entry `seq` with its changes, or nil when there is none.
    func entry(_ seq: Int64) throws -> HistoryEntry? {
        guard let label = try db.scalar("SELECT label FROM history WHERE seq = ?", [.integer(seq)])?.text else { return nil }
        guard label.utf8.count <= Self.maximumLabelBytes else { throw damaged("history entry \(seq) is invalid") }
        return HistoryEntry(seq: seq, label: label, changes: try changes(where: "seq = ?", [.integer(seq)])[seq] ?? [])
    }

    /// Every entry up to and including `seq`, in order (what `check` replays).
    func entries(through seq: Int64) throws -> [HistoryEntry] {
        let changes = try changes(where: "seq <= ?", [.integer(seq)])
        return try db.prepare("SELECT seq, label FROM history WHERE seq <= ? ORDER BY seq", [.integer(seq)]).map { s in
            guard let seq = s.value(0).integer, let label = s.value(1).text, label.utf8.count <= Self.maximumLabelBytes
            else { throw damaged("a history entry is invalid") }
            return HistoryEntry(seq: seq, label: label, changes: changes[seq] ?? [])
        }
    }

    private func changes(where condition: String, _ arguments: [SQLValue]) throws -> [Int64: [TagChange]] {
        let s = try db.prepare("""
            SELECT seq, tag_id, before_kind, before_text, before_x, before_y, before_side, before_label_em,
                   after_kind, after_text, after_x, after_y, after_side, after_label_em
            FROM history_changes WHERE \(condition) ORDER BY seq, tag_id
            """, arguments)
        var result: [Int64: [TagChange]] = [:]
        while try s.step() {
            guard let seq = s.value(0).integer, let raw = s.value(1).integer, raw >= 1 else {
                throw damaged("a history change is invalid")
            }
            let id = TagID(raw)
            result[seq, default: []].append(
                TagChange(id: id, before: try tag(from: s, at: 2, id: id), after: try tag(from: s, at: 8, id: id)))
        }
        return result
    }

    /// Appends `entry` after dropping the redo tail (every entry after `entry.seq - 1`).
    func append(_ entry: HistoryEntry) throws {
        try db.prepare("DELETE FROM history_changes WHERE seq >= ?", [.integer(entry.seq)]).run()
        try db.prepare("DELETE FROM history WHERE seq >= ?", [.integer(entry.seq)]).run()
        try db.prepare("INSERT INTO history (seq, label) VALUES (?, ?)", [.integer(entry.seq), .text(entry.label)]).run()
        let insert = try db.prepare("INSERT INTO history_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for change in entry.changes {
            try insert.reset()
            try insert.bind([.integer(entry.seq), .integer(change.id.rawValue)] + values(of: change.before) + values(of: change.after))
            try insert.run()
        }
    }

    /// The longest history label a project may hold (a label quotes at most one tag's text).
    static let maximumLabelBytes = 4096

    func damaged(_ reason: String) -> ProjectError { .damaged(path: db.path, reason: reason) }
}

extension ProjectRecords {
    /// How to turn the stored photo into the picture the user sees.
    struct Source {
        var orientation: Int
        var crop: Crop
        /// The picture as the user sees it.
        var size: PictureSize
    }

    /// The photo's orientation, crop and size.
    func source() throws -> Source {
        let s = try db.prepare("SELECT orientation, crop_x, crop_y, crop_w, crop_h FROM source WHERE id = 1")
        guard try s.step() else { throw damaged("the source photo is missing") }
        guard let orientation = s.value(0).integer, (1...8).contains(orientation) else {
            throw damaged("the source photo's orientation is invalid")
        }
        let crop: Crop
        do {
            crop = try Crop.validated(x: s.value(1).real ?? .nan, y: s.value(2).real ?? .nan,
                                      width: s.value(3).real ?? .nan, height: s.value(4).real ?? .nan)
        } catch { throw damaged("the crop is invalid") }
        return Source(orientation: Int(orientation), crop: crop, size: try pictureSize())
    }

    /// The photo's bytes, read straight from the blob into one array (`sqlite3_blob_read`), so
    /// the photo is in memory once, not also in a copy SQLite assembles from its overflow pages.
    /// Only export needs them. A lock held too long (busy) or memory running out says nothing
    /// about the file and passes up unchanged; any other failure means the blob is damaged.
    func sourceBytes() throws -> [UInt8] {
        do {
            return try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: Int(Database.maximumBlobLength))
        } catch let error as SQLiteError where error.meaning != .busy && !error.isOutOfMemory {
            throw damaged("the photo cannot be read: \(error.reason)")
        }
    }
}
