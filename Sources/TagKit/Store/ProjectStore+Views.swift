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

    /// The views kept, the one drawn last first: their sizes and lengths in bytes.
    func keptViews() throws -> [KeptViewSummary] {
        let s = try db.prepare("SELECT width, height, length(bytes) FROM views ORDER BY drawn DESC")
        var views: [KeptViewSummary] = []
        while try s.step() {
            guard let w = s.value(0).integer, let h = s.value(1).integer, let n = s.value(2).integer else { continue }
            views.append(KeptViewSummary(size: PictureSize(width: Int(w), height: Int(h)), bytes: Int(n)))
        }
        return views
    }
}
