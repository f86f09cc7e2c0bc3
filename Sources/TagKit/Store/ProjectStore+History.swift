/// The history tables, and the transactions that move the project through them: an edit (tags,
/// entry and counters together), an undo or redo (a restore: `ProjectStore+Restore.swift`).
///
/// The history is a tree (see `Schema/README.md`): each entry names its parent, the entry it was
/// applied on top of (0: the empty start), and `project.history_cursor` names the entry whose
/// state is current. An edit appends a child of the cursor. Where undo and redo go, and what
/// they say, `HistoryWalk` decides over the rows this store reads for it (`HistoryRows`), each a
/// lookup by index, never the whole tree; the store applies what the walk planned.
extension ProjectStore: HistoryRows {
    /// Runs one edit (or one batch) as one `BEGIN IMMEDIATE` transaction: loads the document, hands it
    /// to `apply` (the pure edit function), and stores the outcome: the touched tags' after images,
    /// a new entry whose parent is the cursor read inside this transaction (so two processes
    /// editing at once each keep their entry), the counters.
    ///
    /// The document holds the header, the picture size and every tag (the edit judges overlaps
    /// and finds free space among them), never the history, so an edit costs the same whatever
    /// the history's size and grows only with the number of tags (one table scan). An add's
    /// counter is checked with one index lookup (the batch may add). The font subsets of the tags
    /// whose text it changed are cut by `embedder` and stored with it (`updateFonts`). An outcome
    /// that records no entry (`EditOutcome.recordsEntry`) writes nothing but what `extra` writes,
    /// which runs inside the same transaction on the outcome (the menu's key memory).
    func commit(origin: EntryOrigin, embedder: (any FontEmbedder)? = nil, refreshFonts: Bool = false,
                alsoWriting extra: ((EditOutcome) throws -> Void)? = nil,
                _ apply: (Document) throws -> EditOutcome) throws -> EditOutcome {
        try db.writeTransaction {
            let header = try header()
            let tags = TagSet(try self.tags())
            try checkCounter(header)
            let document = Document(tags: tags, settings: header.settings, size: try pictureSize(), nextID: TagID(header.nextID),
                                    upright: try uprightSize())
            let outcome = try apply(document)
            try extra?(outcome)
            guard outcome.recordsEntry else { return outcome }
            let seq = try record(outcome.entry, on: header, nextID: outcome.document.nextID.rawValue, origin: origin)
            try updateFonts(from: document, to: outcome, seq: seq, embedder: embedder, refresh: refreshFonts)
            var recorded = outcome
            recorded.seq = seq
            return recorded
        }
    }

    /// Stores `entry` as a new child of the cursor and makes it current: its after images and
    /// settings, the row with its origin, the counters. Returns its seq.
    @discardableResult
    func record(_ entry: HistoryEntry, on header: Header, nextID: Int64, origin: EntryOrigin) throws -> Int64 {
        let seq = try lastSeq() + 1
        guard nextID < Self.counterLimit else { throw damaged(tr("the id counter leaves no room for another tag")) }
        try writeImages(of: entry)
        if let settings = entry.settings { try Self.writeSettings(db, settings.after) }
        try append(entry, seq: seq, parent: header.cursor, origin: origin)
        try writeCounters(nextID: nextID, cursor: seq)
        return seq
    }

    /// Steps `steps` entries in `direction` as one `BEGIN IMMEDIATE` transaction: the walk
    /// (`HistoryWalk.step`) decides where each step goes and what to say; this stores each visited
    /// entry's tag images (before for undo, after for redo), settings and faces, and the new
    /// cursor. Each step is a few indexed lookups.
    func step(_ direction: StepDirection, steps: Int, origin: EntryOrigin) throws -> StepResult {
        try db.writeTransaction {
            let header = try header()
            let plan = try walk { try HistoryWalk.step(direction, steps: steps, from: header.cursor, origin: origin, in: self) }
            for visit in plan.visits {
                guard let entry = try entry(visit.seq) else { throw damaged(tr("history entry {seq} is missing", ["seq": visit.seq])) }
                let images = visit.images(of: entry)
                try writeImages(of: images)
                if let settings = images.settings { try Self.writeSettings(db, settings.after) }
                try stepFonts(visit.seq, direction)
            }
            try writeCounters(nextID: header.nextID, cursor: plan.cursor)
            return plan.result
        }
    }

    /// Runs a walk through the history over this store's rows, reporting a link of the tree that
    /// leads nowhere as a damaged project.
    func walk<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch HistoryLinkError.missingEntry(let seq) {
            throw damaged(tr("history entry {seq} is missing", ["seq": seq]))
        } catch HistoryLinkError.parentNotOlder(let seq) {
            throw damaged(tr("history entry {seq} is invalid", ["seq": seq]))
        }
    }

    /// The highest seq in the history (0 when it is empty).
    func lastSeq() throws -> Int64 {
        let last = try db.scalar("SELECT max(seq) FROM history")?.integer ?? 0
        guard last < Self.counterLimit else { throw damaged(tr("history entry {last} leaves no room for another", ["last": last])) }
        return last
    }

    /// The bound on every id and counter a project holds (history seqs, tag ids, the next id):
    /// 2^53, the largest integer a JSON number carries exactly to the editor's page, far beyond
    /// any real history, and far enough below Int64.max that `+ 1` can never overflow.
    static let counterLimit: Int64 = 1 << 53

    /// Every entry's row (no changes), in seq order, marked against the cursor (what `history`
    /// lists and draws).
    func historyTree() throws -> HistoryLog {
        let cursor = try header().cursor
        let items = try db.prepare("SELECT \(Self.nodeColumns) FROM history ORDER BY seq").map { try node(from: $0) }
        return HistoryLog.tree(items, cursor: cursor)
    }

    /// The entries newer than `seq` (entries are only ever added, numbered up), each `undone`
    /// unless it is the cursor or one of its ancestors among them, and the cursor: what a reader
    /// holding the tree up to `seq` lacks, at a cost that follows what is new, not the history's size.
    func historyTree(after seq: Int64) throws -> HistoryLog {
        let cursor = try header().cursor
        let items = try db.prepare("SELECT \(Self.nodeColumns) FROM history WHERE seq > ? ORDER BY seq", [.integer(seq)]).map { try node(from: $0) }
        var applied = Set<Int64>(), parents = Dictionary(items.map { ($0.seq, $0.parent) }) { first, _ in first }
        var at = cursor
        while let parent = parents.removeValue(forKey: at) {  // up from the cursor while the entries are new
            applied.insert(at)
            at = parent
        }
        return HistoryLog(items: items.map { item in
            var item = item
            item.undone = !applied.contains(item.seq)
            return item
        }, cursor: cursor)
    }

    /// The newest entry's seq (0 for none) and the cursor: they change with every edit, undo, redo
    /// and restore, by whatever process, and only then.
    func historyMark() throws -> (newest: Int64, cursor: Int64) {
        let newest = try db.scalar("SELECT max(seq) FROM history")?.integer ?? 0
        return (newest, try header().cursor)
    }

    /// The branch the cursor is on, as ``HistoryLog/branch(of:cursor:)`` makes it from the whole
    /// tree, read along the tree's links instead: the cursor's ancestors by primary key, then the
    /// newest child of each entry onward by the index on parent. What `history` and the editor's
    /// every state read cost follows the branch's length, not the history's size. (`UNION`, and
    /// following a parent only when it is older, end the walk on a tampered file's cycle.)
    func historyBranch() throws -> HistoryLog {
        let cursor = try header().cursor
        let applied = try db.prepare("""
            WITH RECURSIVE up(seq) AS (
                SELECT seq FROM history WHERE seq = ?
                UNION SELECT h.parent FROM history h JOIN up ON h.seq = up.seq WHERE h.parent > 0 AND h.parent < h.seq)
            SELECT \(Self.nodeColumns) FROM history WHERE seq IN (SELECT seq FROM up) ORDER BY seq
            """, [.integer(cursor)]).map { try node(from: $0) }
        let redo = try db.prepare("""
            WITH RECURSIVE down(seq) AS (
                SELECT max(seq) FROM history WHERE parent = ?
                UNION SELECT (SELECT max(h.seq) FROM history h WHERE h.parent = down.seq) FROM down WHERE down.seq IS NOT NULL)
            SELECT \(Self.nodeColumns) FROM history WHERE seq IN (SELECT seq FROM down) ORDER BY seq
            """, [.integer(cursor)]).map { row in
            var item = try node(from: row)
            item.undone = true
            return item
        }
        return HistoryLog(items: applied + redo, cursor: cursor)
    }

    /// Every entry with its changes, in seq order (what `check` replays): two queries for the changes
    /// and settings of all entries, not one per entry.
    func entries() throws -> [(node: HistoryLog.Item, entry: HistoryEntry)] {
        let changes = try changes(where: "1", [])
        let settings = try settingsChanges(where: "1", [])
        return try db.prepare("SELECT \(Self.nodeColumns) FROM history ORDER BY seq").map { s in
            let node = try node(from: s)
            var entry = HistoryEntry(label: node.label.stored, changes: changes[node.seq] ?? [], settings: settings[node.seq])
            entry.wording = node.label.wording
            return (node, entry)
        }
    }

    /// Entry `seq`'s row, or nil when there is none (the primary key).
    func node(_ seq: Int64) throws -> HistoryNode? {
        let s = try db.prepare("SELECT \(Self.nodeColumns) FROM history WHERE seq = ?", [.integer(seq)])
        return try s.step() ? HistoryNode(node(from: s)) : nil
    }

    /// Entry `seq` with its changes, or nil when there is none.
    func entry(_ seq: Int64) throws -> HistoryEntry? {
        let row = try db.prepare("SELECT label, wording FROM history WHERE seq = ?", [.integer(seq)])
        guard try row.step(), let label = row.value(0).text else { return nil }
        guard label.utf8.count <= Self.maximumLabelBytes, TagText.isPrintableName(label) else { throw damaged(tr("history entry {seq} is invalid", ["seq": seq])) }
        var entry = HistoryEntry(label: label, changes: try changes(where: "seq = ?", [.integer(seq)])[seq] ?? [],
                                 settings: try settingsChanges(where: "seq = ?", [.integer(seq)])[seq])
        entry.wording = Self.wording(row.value(1))
        return entry
    }

    /// The entries applied on top of `seq`, newest first, at most `limit` (the index on parent).
    func children(of seq: Int64, limit: Int) throws -> [HistoryNode] {
        try db.prepare("SELECT \(Self.nodeColumns) FROM history WHERE parent = ? ORDER BY seq DESC LIMIT ?",
                       [.integer(seq), .integer(Int64(limit))]).map { HistoryNode(try node(from: $0)) }
    }

    private static let nodeColumns = "seq, parent, label, time_ms, user, front_end, session, wording"

    /// What a `wording` column holds, read: nil for NULL (an entry made before migration 015) and
    /// for text this version cannot read (a newer version's), whose stored label is then shown.
    static func wording(_ value: SQLValue) -> LabelWording? {
        guard case .text(let text) = value else { return nil }
        return LabelWording(encoded: text)
    }

    /// An entry's row selected as `nodeColumns`, checked.
    private func node(from s: Statement) throws -> HistoryLog.Item {
        guard let seq = s.value(0).integer, seq < Self.counterLimit, let parent = s.value(1).integer, parent >= 0, parent < seq,
              let label = s.value(2).text, label.utf8.count <= Self.maximumLabelBytes, TagText.isPrintableName(label)
        else { throw damaged(tr("a history entry is invalid")) }
        func optional(_ column: Int32) throws -> String? {
            switch s.value(column) {
            case .null: return nil
            case .text(let text) where text.utf8.count <= 1024 && TagText.isPrintableName(text): return text
            default: throw damaged(tr("history entry {seq} is invalid", ["seq": seq]))
            }
        }
        let origin = EntryOrigin(timeMS: s.value(3).integer, user: try optional(4), frontEnd: try optional(5), session: s.value(6).integer)
        return HistoryLog.Item(seq: seq, parent: parent, label: EntryLabel(label, wording: Self.wording(s.value(7))), undone: false, origin: origin)
    }

    private func changes(where condition: String, _ arguments: [SQLValue]) throws -> [Int64: [TagChange]] {
        let s = try db.prepare("""
            SELECT seq, tag_id, \((Self.imageColumns.map { "before_" + $0 } + Self.imageColumns.map { "after_" + $0 }).joined(separator: ", "))
            FROM history_changes WHERE \(condition) ORDER BY seq, tag_id
            """, arguments)
        var result: [Int64: [TagChange]] = [:]
        while try s.step() {
            guard let seq = s.value(0).integer, let raw = s.value(1).integer, raw >= 1 else {
                throw damaged(tr("a history change is invalid"))
            }
            let id = TagID(raw)
            result[seq, default: []].append(
                TagChange(id: id, before: try tag(from: s, at: 2, id: id), after: try tag(from: s, at: 2 + Self.imageColumnCount, id: id)))
        }
        return result
    }

    /// The settings images of the entries matching `condition` that changed a setting, by seq.
    private func settingsChanges(where condition: String, _ arguments: [SQLValue]) throws -> [Int64: (before: ProjectSettings, after: ProjectSettings)] {
        let columns = Self.settingsColumns
        let s = try db.prepare("""
            SELECT \(Self.historySettingsColumns), seq FROM history_settings WHERE \(condition)
            """, arguments)
        var result: [Int64: (before: ProjectSettings, after: ProjectSettings)] = [:]
        while try s.step() {
            guard let seq = s.value(Int32(2 * columns.count)).integer else { throw damaged(tr("a history settings change is invalid")) }
            result[seq] = (try settings(from: s, at: 0), try settings(from: s, at: Int32(columns.count)))
        }
        return result
    }

    /// `before_currency, …, after_currency, …`: a `history_settings` row's settings, before then
    /// after, each in the order `settings(from:at:)` reads.
    static let historySettingsColumns = (settingsColumns.map { "before_" + $0 } + settingsColumns.map { "after_" + $0 }).joined(separator: ", ")

    /// Appends `entry` as `seq`, a child of `parent`, made from `origin`.
    private func append(_ entry: HistoryEntry, seq: Int64, parent: Int64, origin: EntryOrigin) throws {
        // The wording when it fits its column; a label without one is shown as stored.
        let wording = entry.wording.map(\.encoded).flatMap { $0.utf8.count <= LabelWording.maximumEncodedBytes ? $0 : nil }
        try db.prepare("INSERT INTO history (seq, label, parent, time_ms, user, front_end, session, wording) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [.integer(seq), .text(entry.label), .integer(parent), origin.timeMS.map { .integer($0) } ?? .null,
                        origin.user.map { .text(String($0.prefix(256))) } ?? .null, origin.frontEnd.map { .text(String($0.prefix(64))) } ?? .null,
                        origin.session.map { .integer($0) } ?? .null, wording.map { .text($0) } ?? .null]).run()
        if let settings = entry.settings {
            let columns = ["seq"] + Self.settingsColumns.map { "before_" + $0 } + Self.settingsColumns.map { "after_" + $0 }
            try db.prepare("INSERT INTO history_settings (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                           [.integer(seq)] + Self.values(of: settings.before) + Self.values(of: settings.after)).run()
        }
        let columns = ["seq", "tag_id"] + Self.imageColumns.map { "before_" + $0 } + Self.imageColumns.map { "after_" + $0 }
        let insert = try db.prepare("INSERT INTO history_changes (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
        for change in entry.changes {
            try insert.reset()
            try insert.bind([.integer(seq), .integer(change.id.rawValue)] + values(of: change.before) + values(of: change.after))
            try insert.run()
        }
    }

    /// The longest history label a project may hold (a label quotes at most two tag texts).
    static let maximumLabelBytes = 4096
}
