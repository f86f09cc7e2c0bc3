/// The font subsets a project carries (`font_subsets`, `tag_fonts`, `history_fonts`; see
/// `Schema/README.md`): stored at the edits that set text, restored by undo, redo and restore.
extension ProjectStore {
    /// A tag's faces, as `tag_fonts` lists them: subset ids by priority.
    typealias FaceList = [(priority: Int, subset: Int64)]

    /// After an edit's tags and entry are written (same transaction): gives every tag whose drawn
    /// label, font family or language the edit changed the subsets `embedder` cuts for its new label (none
    /// when there is no embedder or the tag is gone), and records the change under `seq` so undo
    /// and redo restore them. `refresh` treats every tag as changed (`set --refresh-fonts`).
    /// A subset a tag no longer uses stays: the entry's `before` rows refer to it, and the
    /// history tree keeps every entry.
    func updateFonts(from before: Document, to outcome: EditOutcome, seq: Int64, embedder: (any FontEmbedder)?,
                     refresh: Bool = false) throws {
        let after = outcome.document
        var ids = Set(outcome.entry.changes.map(\.id))
        if refresh || outcome.entry.settings != nil { ids.formUnion(before.tags.sorted.map(\.id) + after.tags.sorted.map(\.id)) }
        for id in ids.sorted(by: { $0.rawValue < $1.rawValue }) {
            let oldLabel = before.tags[id]?.label(before.settings), newLabel = after.tags[id]?.label(after.settings)
            guard refresh || oldLabel != newLabel || before.settings.font != after.settings.font
                    || before.settings.language != after.settings.language else { continue }
            var new: FaceList = []
            if let newLabel, let embedder {
                new = try embedder.embedding(newLabel, font: after.settings.font, language: after.settings.language).map { ($0.priority, try storeSubset($0)) }
            }
            let old = try faces(of: id)
            guard old.map(\.priority) != new.map(\.priority) || old.map(\.subset) != new.map(\.subset) else { continue }
            try record(old, state: "before", tag: id, seq: seq)
            try record(new, state: "after", tag: id, seq: seq)
            try replaceFaces(of: id, with: new)
        }
    }

    /// Undo (`before` rows) or redo (`after` rows) of entry `seq`'s font changes.
    func stepFonts(_ seq: Int64, _ direction: StepDirection) throws {
        for (tag, list) in try fontChanges(seq, backwards: direction == .undo) { try replaceFaces(of: tag, with: list) }
    }

    /// The faces entry `seq` gives each tag whose faces it changed: its `before` rows when the
    /// entry is reverted, its `after` rows when it is applied.
    private func fontChanges(_ seq: Int64, backwards: Bool) throws -> [TagID: FaceList] {
        var lists: [TagID: FaceList] = [:]
        let s = try db.prepare("SELECT tag_id, state, priority, subset_id FROM history_fonts WHERE seq = ? ORDER BY tag_id, priority",
                               [.integer(seq)])
        while try s.step() {
            guard let tag = s.value(0).integer, tag >= 1, let state = s.value(1).text, let priority = s.value(2).integer,
                  let subset = s.value(3).integer else { throw damaged(tr("history entry {seq}'s fonts are invalid", ["seq": seq])) }
            if lists[TagID(tag)] == nil { lists[TagID(tag)] = [] }
            if state == (backwards ? "before" : "after") { lists[TagID(tag)]!.append((Int(priority), subset)) }
        }
        return lists
    }

    /// The faces of each tag whose faces change along `path` (see `path(from:to:)`), as they are
    /// at its end.
    func fontsChanged(along path: [(seq: Int64, backwards: Bool)]) throws -> [TagID: FaceList] {
        var lists: [TagID: FaceList] = [:]
        for (seq, backwards) in path { lists.merge(try fontChanges(seq, backwards: backwards)) { $1 } }
        return lists
    }

    /// After a restore recorded as entry `seq`: gives each tag the faces it has at the end of
    /// `path`, recording the change under `seq` as an edit does.
    func restoreFonts(along path: [(seq: Int64, backwards: Bool)], seq: Int64) throws {
        for (tag, new) in try fontsChanged(along: path).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let old = try faces(of: tag)
            guard old.map(\.priority) != new.map(\.priority) || old.map(\.subset) != new.map(\.subset) else { continue }
            try record(old, state: "before", tag: tag, seq: seq)
            try record(new, state: "after", tag: tag, seq: seq)
            try replaceFaces(of: tag, with: new)
        }
    }

    /// Tag `id`'s faces now.
    func faces(of id: TagID) throws -> FaceList {
        try db.prepare("SELECT priority, subset_id FROM tag_fonts WHERE tag_id = ? ORDER BY priority", [.integer(id.rawValue)]).map {
            guard let priority = $0.value(0).integer, let subset = $0.value(1).integer else { throw damaged(tr("tag {id}'s fonts are invalid", ["id": id])) }
            return (Int(priority), subset)
        }
    }

    /// Every tag's faces, as subsets ready to draw with: each subset read once however many tags
    /// use it. With `path` (see `path(from:to:)`), the faces at its end (`export --at`).
    func tagFonts(along path: [(seq: Int64, backwards: Bool)] = []) throws -> [TagID: [(id: Int64, face: EmbeddedFace)]] {
        var lists: [TagID: FaceList] = [:]
        let s = try db.prepare("SELECT tag_id, priority, subset_id FROM tag_fonts ORDER BY tag_id, priority")
        while try s.step() {
            guard let raw = s.value(0).integer, raw >= 1, let priority = s.value(1).integer, let id = s.value(2).integer
            else { throw damaged(tr("a tag's fonts are invalid")) }
            lists[TagID(raw), default: []].append((Int(priority), id))
        }
        if !path.isEmpty { lists.merge(try fontsChanged(along: path)) { $1 } }
        var subsets: [Int64: EmbeddedFace] = [:]
        return try lists.mapValues { list in
            try list.map { priority, id in
                if subsets[id] == nil { subsets[id] = try subset(id) }
                var face = subsets[id]!
                face.priority = priority
                return (id, face)
            }
        }
    }

    /// Subset `id` (priority 0; the tag's row says where it stands).
    func subset(_ id: Int64) throws -> EmbeddedFace {
        let s = try db.prepare("SELECT family, style, file, face_index, is_color, glyphs, bytes FROM font_subsets WHERE id = ?", [.integer(id)])
        guard try s.step() else { throw damaged(tr("font subset {id} is missing", ["id": id])) }
        guard let family = s.value(0).text, let style = s.value(1).text, let file = s.value(2).text,
              let index = s.value(3).integer, let color = s.value(4).integer, let glyphs = s.value(5).integer,
              (0...Int64(Int32.max)).contains(index), (0...1).contains(color), (1...65536).contains(glyphs),
              case .blob(let bytes) = s.value(6), bytes.count <= EmbeddedFace.maximumBytes,
              [family, style, file].allSatisfy({ $0.utf8.count <= 1024 && TagText.isPrintableName($0) })
        else { throw damaged(tr("font subset {id} is invalid", ["id": id])) }
        return EmbeddedFace(priority: 0, family: family, style: style, file: file, faceIndex: Int32(index), isColor: color == 1,
                            glyphs: Int(glyphs), bytes: bytes)
    }

    /// Every stored subset that no tag is drawn with now, with the history states drawn with it
    /// (the entries whose after state has it, and the parents of those whose before state has it;
    /// ascending), for `check`.
    func historyOnlySubsets() throws -> [(id: Int64, states: [Int64])] {
        try db.prepare("""
            SELECT f.id, (SELECT group_concat(state) FROM (
                SELECT DISTINCT CASE h.state WHEN 'after' THEN h.seq ELSE (SELECT parent FROM history WHERE seq = h.seq) END AS state
                FROM history_fonts h WHERE h.subset_id = f.id ORDER BY state))
            FROM font_subsets f WHERE f.id NOT IN (SELECT subset_id FROM tag_fonts) ORDER BY f.id
            """).map { row in
            guard let id = row.value(0).integer else { throw damaged(tr("a font subset's id is invalid")) }
            let entries = (row.value(1).text ?? "").split(separator: ",").compactMap { Int64($0) }
            return (id, entries)
        }
    }

    /// The first font row that refers to a subset or history entry that is not there, worded for
    /// `check`; nil when every reference holds.
    func danglingFontReference() throws -> String? {
        if let tag = try db.scalar("SELECT tag_id FROM tag_fonts WHERE subset_id NOT IN (SELECT id FROM font_subsets) LIMIT 1")?.integer {
            return tr("tag #{tag}'s font subset is missing", ["tag": tag])
        }
        if let tag = try db.scalar("SELECT tag_id FROM tag_fonts WHERE tag_id NOT IN (SELECT id FROM tags) LIMIT 1")?.integer {
            return tr("fonts are recorded for tag #{tag}, which does not exist", ["tag": tag])
        }
        if let seq = try db.scalar("SELECT seq FROM history_fonts WHERE subset_id NOT IN (SELECT id FROM font_subsets) LIMIT 1")?.integer {
            return tr("history entry {seq} refers to a font subset that is missing", ["seq": seq])
        }
        if let seq = try db.scalar("SELECT seq FROM history_fonts WHERE seq NOT IN (SELECT seq FROM history) LIMIT 1")?.integer {
            return tr("the fonts of history entry {seq} are recorded, but the entry is missing", ["seq": seq])
        }
        return nil
    }

    /// Stores `face`'s subset unless the same bytes are stored already; returns its id.
    func storeSubset(_ face: EmbeddedFace) throws -> Int64 {
        let digest = Int64(bitPattern: FNV1a.hash(face.bytes))
        let same = try db.prepare("SELECT id, bytes FROM font_subsets WHERE digest = ?", [.integer(digest)])
        while try same.step() {
            if case .blob(let bytes) = same.value(1), bytes == face.bytes, let id = same.value(0).integer { return id }
        }
        try db.prepare("""
            INSERT INTO font_subsets (digest, family, style, file, face_index, is_color, glyphs, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(digest), .text(face.family), .text(face.style), .text(face.file), .integer(Int64(face.faceIndex)),
                  .integer(face.isColor ? 1 : 0), .integer(Int64(face.glyphs)), .blob(face.bytes)]).run()
        guard let id = try db.scalar("SELECT last_insert_rowid()")?.integer else { throw damaged(tr("a font subset was not stored")) }
        return id
    }

    private func record(_ list: FaceList, state: String, tag: TagID, seq: Int64) throws {
        for (priority, subset) in list {
            try db.prepare("INSERT INTO history_fonts (seq, tag_id, state, priority, subset_id) VALUES (?, ?, ?, ?, ?)",
                           [.integer(seq), .integer(tag.rawValue), .text(state), .integer(Int64(priority)), .integer(subset)]).run()
        }
    }

    private func replaceFaces(of tag: TagID, with list: FaceList) throws {
        try db.prepare("DELETE FROM tag_fonts WHERE tag_id = ?", [.integer(tag.rawValue)]).run()
        for (priority, subset) in list {
            try db.prepare("INSERT INTO tag_fonts (tag_id, priority, subset_id) VALUES (?, ?, ?)",
                           [.integer(tag.rawValue), .integer(Int64(priority)), .integer(subset)]).run()
        }
    }

    /// What `info` lists: each face (family and style) with its subsets' glyphs and bytes, and
    /// how many tags are drawn with it now.
    func embeddedFaceSummaries() throws -> [EmbeddedFaceSummary] {
        try db.prepare("""
            SELECT family, style, count(*), sum(glyphs), sum(length(bytes)),
                   (SELECT count(DISTINCT t.tag_id) FROM tag_fonts t JOIN font_subsets g ON g.id = t.subset_id
                    WHERE g.family = f.family AND g.style = f.style)
            FROM font_subsets f GROUP BY family, style ORDER BY family, style
            """).map {
            guard let family = $0.value(0).text, let style = $0.value(1).text,
                  [family, style].allSatisfy({ $0.utf8.count <= 1024 && TagText.isPrintableName($0) })
            else { throw damaged(tr("a font subset's family or style is invalid")) }
            return EmbeddedFaceSummary(family: family, style: style, subsets: Int($0.value(2).integer ?? 0),
                                glyphs: Int($0.value(3).integer ?? 0), bytes: Int($0.value(4).integer ?? 0),
                                tags: Int($0.value(5).integer ?? 0))
        }
    }
}

/// One face a project carries subsets of, as `info` lists it.
public struct EmbeddedFaceSummary: Equatable, Sendable {
    /// The face's family (`Noto Sans CJK JP`).
    public var family: String
    /// Its style (`Regular`).
    public var style: String
    /// How many distinct subsets of it are stored (one per set of characters cut).
    public var subsets: Int
    /// Glyphs in those subsets, together.
    public var glyphs: Int
    /// Their size, together.
    public var bytes: Int
    /// How many tags are drawn with it now (0: only undoable history entries use it).
    public var tags: Int
}
