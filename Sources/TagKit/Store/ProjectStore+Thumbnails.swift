/// The `thumbnails` table (migration 009): what the gallery shows of a project, kept so that a
/// second `tagproj open DIR` reads it back instead of decoding the photo.
extension ProjectStore {
    /// A thumbnail row as stored: never trusted until `Project.thumbnail` has checked its bytes.
    struct StoredThumbnail {
        var drawnFrom: String
        var size: PictureSize
        var movedTags: Int
        var bytes: [UInt8]
    }

    /// The thumbnail stored for `box` when it was drawn from `drawnFrom`, or nil: none, drawn
    /// from another state, outside its columns' domain, or its blob empty or over `limit` bytes
    /// (read with the bound, so a hostile project cannot make the gallery allocate its 256 MiB).
    /// A row that cannot be read at all (the table missing from a planted file) is nil too: the
    /// thumbnail is drawn again. A busy lock passes up.
    func thumbnail(box: Int, drawnFrom: String, limit: Int) throws -> StoredThumbnail? {
        do {
            let s = try db.prepare("SELECT drawn_from, width, height, moved_tags, length(bytes) FROM thumbnails WHERE box = ?",
                                   [.integer(Int64(box))])
            guard try s.step(), s.value(0).text == drawnFrom, let w = s.value(1).integer, let h = s.value(2).integer,
                  let moved = s.value(3).integer, let length = s.value(4).integer,
                  (1...Int64(box)).contains(w), (1...Int64(box)).contains(h),
                  moved >= 0, moved < Self.counterLimit, (1...Int64(limit)).contains(length) else { return nil }
            let bytes = try db.readBlob(table: "thumbnails", column: "bytes", row: Int64(box), limit: limit)
            return StoredThumbnail(drawnFrom: drawnFrom, size: PictureSize(width: Int(w), height: Int(h)), movedTags: Int(moved), bytes: bytes)
        } catch let error as SQLiteError where error.meaning == .busy {
            throw error
        } catch {
            return nil
        }
    }

    /// Stores `thumbnail` for `box`, replacing the one there: one small write transaction of its
    /// own, outside the history (it changes no tag).
    func storeThumbnail(_ thumbnail: StoredThumbnail, box: Int) throws {
        try db.writeTransaction {
            try db.prepare("""
                INSERT OR REPLACE INTO thumbnails (box, drawn_from, width, height, moved_tags, bytes) VALUES (?, ?, ?, ?, ?, ?)
                """, [.integer(Int64(box)), .text(thumbnail.drawnFrom), .integer(Int64(thumbnail.size.width)),
                      .integer(Int64(thumbnail.size.height)), .integer(Int64(thumbnail.movedTags)), .blob(thumbnail.bytes)]).run()
        }
    }

    /// What a thumbnail of the project now is drawn from (`tagproj VERSION cursor N digest D`):
    /// changes with every edit, undo, redo and restore (the cursor), with anything drawn (the
    /// digest of the tags, settings, crop and size; a file changed behind tagproj's back) and with
    /// the renderer (the version). Read in one transaction.
    func thumbnailKey() throws -> String {
        try db.readTransaction {
            let header = try header()
            let source = try source()
            let c = source.crop
            var drawn = Self.values(of: header.settings).map { "\($0)" }
            drawn.append("\(source.orientation.rawValue) \(c.x) \(c.y) \(c.width) \(c.height) \(source.size.width)x\(source.size.height)")
            drawn += try tags().map(\.json.text)
            // FNV-1a 64, as subsets are told apart: to tell states apart, not a defence (the
            // thumbnail's bytes are checked whatever their key says).
            let digest = FNV1a.hash(drawn.joined(separator: "\u{1f}").utf8)
            return "tagproj \(TagKitVersion.string) cursor \(header.cursor) digest \(String(digest, radix: 16))"
        }
    }
}
