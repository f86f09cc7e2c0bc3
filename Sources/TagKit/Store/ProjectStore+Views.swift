/// The `views` table (migration 011): the photo as the editor last showed it, at up to two sizes,
/// kept so that the next `tagproj open` at the same size sends it instead of decoding the photo.
extension ProjectStore {
    /// How many sizes are kept: the ones drawn last (a window and a phone, say).
    static let viewsKept = 2

    /// The bytes kept for a `size` view drawn from `drawnFrom`, or nil: none, drawn from
    /// something else, its blob empty or over `limit` bytes (read with the bound). The row and its
    /// blob are read in one transaction. A row that cannot be read at all (the table missing from
    /// a planted file) is nil too: the view is drawn again. A busy lock passes up. Never trusted
    /// until `Project.keptView` has checked the bytes.
    func keptView(size: PictureSize, drawnFrom: String, limit: Int) throws -> [UInt8]? {
        do {
            return try db.readTransaction {
                let s = try db.prepare("SELECT id, drawn_from, length(bytes) FROM views WHERE width = ? AND height = ? ORDER BY drawn DESC LIMIT 1",
                                       [.integer(Int64(size.width)), .integer(Int64(size.height))])
                guard try s.step(), let id = s.value(0).integer, s.value(1).text == drawnFrom,
                      let length = s.value(2).integer, (1...Int64(limit)).contains(length) else { return nil }
                return try db.readBlob(table: "views", column: "bytes", row: id, limit: limit)
            }
        } catch let error as SQLiteError where error.meaning == .busy {
            throw error
        } catch {
            return nil
        }
    }

    /// Keeps `bytes` as the `size` view drawn from `drawnFrom`, replacing the one of that size,
    /// and lets go of all but the ``viewsKept`` drawn last: one write transaction of its own,
    /// outside the history (it changes no tag).
    func keepView(_ bytes: [UInt8], size: PictureSize, drawnFrom: String) throws {
        try db.writeTransaction {
            // Deleted, not replaced: a planted table need not hold its sizes unique.
            let w = SQLValue.integer(Int64(size.width)), h = SQLValue.integer(Int64(size.height))
            try db.prepare("DELETE FROM views WHERE width = ? AND height = ?", [w, h]).run()
            try db.prepare("""
                INSERT INTO views (width, height, drawn_from, drawn, bytes)
                VALUES (?, ?, ?, (SELECT coalesce(max(drawn), 0) + 1 FROM views), ?)
                """, [w, h, .text(drawnFrom), .blob(bytes)]).run()
            try db.prepare("DELETE FROM views WHERE id NOT IN (SELECT id FROM views ORDER BY drawn DESC LIMIT ?)",
                           [.integer(Int64(Self.viewsKept))]).run()
        }
    }

    /// A row of `views` as `keptViews(readLimit:)` reads it: its size, what it was drawn from,
    /// its blob's length, and the blob when it is 1 to `readLimit` bytes.
    struct KeptViewRow {
        var size: PictureSize, drawnFrom: String, length: Int, bytes: [UInt8]?
    }

    /// The views kept, the one drawn last first, at most ``viewsKept`` sizes (the newest row of
    /// each, as `keptView(size:drawnFrom:limit:)` picks it), read in one transaction: one pass
    /// over the table, whatever its shape. A planted table of many rows without its UNIQUE
    /// (width, height) index costs one scan, where a lookup by size for each row cost a scan each.
    func keptViews(readLimit: Int) throws -> [KeptViewRow] {
        try db.readTransaction {
            // Rows of one size may be planted side by side: twice the sizes wanted are read.
            let s = try db.prepare("SELECT id, width, height, drawn_from, length(bytes) FROM views ORDER BY drawn DESC, id DESC LIMIT ?",
                                   [.integer(Int64(2 * Self.viewsKept))])
            var views: [KeptViewRow] = []
            while try s.step(), views.count < Self.viewsKept {
                guard let id = s.value(0).integer, let w = s.value(1).integer, let h = s.value(2).integer,
                      (1...16384).contains(w), (1...16384).contains(h), let from = s.value(3).text, let n = s.value(4).integer else { continue }
                let size = PictureSize(width: Int(w), height: Int(h))
                guard !views.contains(where: { $0.size == size }) else { continue }
                let bytes = n >= 1 && n <= Int64(readLimit) ? try? db.readBlob(table: "views", column: "bytes", row: id, limit: readLimit) : nil
                views.append(KeptViewRow(size: size, drawnFrom: from, length: Int(n), bytes: bytes))
            }
            return views
        }
    }
}
