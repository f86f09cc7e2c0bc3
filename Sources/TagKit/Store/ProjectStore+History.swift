/// The history tables, and the two transactions that move the project through them: an edit
/// (tags, entry and counters together) and an undo or redo.
extension ProjectStore {
    /// Runs one edit (or one batch) as one `BEGIN IMMEDIATE` transaction: loads the document, hands it
    /// to `apply` (the pure edit function), and stores the outcome: the touched tags' after images,
    /// the entry appended at the cursor (dropping the redo tail), the counters.
    ///
    /// The document holds the header, the picture size and every tag (the edit judges overlaps
    /// and finds free space among them), never the history, so an edit costs the same whatever
    /// the history's length and grows only with the number of tags (one table scan). An add's
    /// counter is checked with one index lookup (the batch may add).
    func commit(_ apply: (Document) throws -> EditOutcome) throws -> EditOutcome {
        try db.writeTransaction {
            let header = try header()
            let tags = TagSet(try self.tags())
            try checkCounter(header)
            let document = Document(tags: tags, settings: header.settings, size: try pictureSize(), nextID: TagID(header.nextID))
            let outcome = try apply(document)
            let seq = header.cursor + 1
            try writeImages(of: outcome.entry)
            if let settings = outcome.entry.settings { try Self.writeSettings(db, settings.after) }
            try append(outcome.entry, seq: seq)
            try writeCounters(nextID: outcome.document.nextID.rawValue, cursor: seq)
            return outcome
        }
    }

    /// Steps `steps` entries in `direction` as one `BEGIN IMMEDIATE` transaction, storing each
    /// entry's tag images (before for undo, after for redo) and the new cursor. Returns the labels
    /// of the entries visited, in order. Reads only those entries (and, for redo, the last seq).
    func step(_ direction: StepDirection, steps: Int) throws -> [String] {
        try db.writeTransaction {
            let header = try header()
            let available = direction == .undo ? header.cursor : max(0, try lastSeq() - header.cursor)
            let seqs = try HistoryStep.seqs(direction, steps: steps, cursor: header.cursor, available: available)
            var labels: [String] = []
            for seq in seqs {
                guard let entry = try entry(seq) else { throw damaged("history entry \(seq) is missing") }
                let images = HistoryStep.images(of: entry, direction)
                try writeImages(of: images)
                if let settings = images.settings { try Self.writeSettings(db, settings.after) }
                labels.append(entry.label)
            }
            try writeCounters(nextID: header.nextID, cursor: HistoryStep.cursor(after: seqs, direction, from: header.cursor))
            return labels
        }
    }

    /// The highest seq in the history (0 when it is empty).
    func lastSeq() throws -> Int64 {
        try db.scalar("SELECT max(seq) FROM history")?.integer ?? 0
    }

    /// Every entry's seq and label, with the cursor (what `history` lists).
    func historyLog() throws -> HistoryLog {
        let cursor = try header().cursor
        let items = try db.prepare("SELECT seq, label FROM history ORDER BY seq").map { s -> HistoryLog.Item in
            let (seq, label) = try historyRow(s)
            return HistoryLog.Item(seq: seq, label: label, undone: seq > cursor)
        }
        return HistoryLog(items: items, cursor: cursor)
    }

    /// Entry `seq` with its changes, or nil when there is none.
    func entry(_ seq: Int64) throws -> HistoryEntry? {
        guard let label = try db.scalar("SELECT label FROM history WHERE seq = ?", [.integer(seq)])?.text else { return nil }
        guard label.utf8.count <= Self.maximumLabelBytes else { throw damaged("history entry \(seq) is invalid") }
        return HistoryEntry(label: label, changes: try changes(where: "seq = ?", [.integer(seq)])[seq] ?? [],
                            settings: try settingsChange(seq))
    }

    /// Every entry, in seq order (what `check` replays).
    func entries() throws -> [HistoryEntry] {
        let changes = try changes(where: "1", [])
        return try db.prepare("SELECT seq, label FROM history ORDER BY seq").map { s in
            let (seq, label) = try historyRow(s)
            return HistoryEntry(label: label, changes: changes[seq] ?? [])
        }
    }

    /// The seq and label of a `history` row selected as `seq, label`, checked.
    private func historyRow(_ s: Statement) throws -> (seq: Int64, label: String) {
        guard let seq = s.value(0).integer, let label = s.value(1).text, label.utf8.count <= Self.maximumLabelBytes
        else { throw damaged("a history entry is invalid") }
        return (seq, label)
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

    /// The settings images of entry `seq`, or nil when it changed no setting.
    private func settingsChange(_ seq: Int64) throws -> (before: ProjectSettings, after: ProjectSettings)? {
        let columns = Self.settingsColumns
        let s = try db.prepare("""
            SELECT \((columns.map { "before_" + $0 } + columns.map { "after_" + $0 }).joined(separator: ", "))
            FROM history_settings WHERE seq = ?
            """, [.integer(seq)])
        guard try s.step() else { return nil }
        return (try settings(from: s, at: 0), try settings(from: s, at: Int32(columns.count)))
    }

    /// Appends `entry` as `seq` after dropping the redo tail (every entry from `seq` on).
    private func append(_ entry: HistoryEntry, seq: Int64) throws {
        try db.prepare("DELETE FROM history_settings WHERE seq >= ?", [.integer(seq)]).run()
        if let settings = entry.settings {
            let columns = ["seq"] + Self.settingsColumns.map { "before_" + $0 } + Self.settingsColumns.map { "after_" + $0 }
            try db.prepare("INSERT INTO history_settings (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))",
                           [.integer(seq)] + Self.values(of: settings.before) + Self.values(of: settings.after)).run()
        }
        try db.prepare("DELETE FROM history_changes WHERE seq >= ?", [.integer(seq)]).run()
        try db.prepare("DELETE FROM history WHERE seq >= ?", [.integer(seq)]).run()
        try db.prepare("INSERT INTO history (seq, label) VALUES (?, ?)", [.integer(seq), .text(entry.label)]).run()
        let insert = try db.prepare("INSERT INTO history_changes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for change in entry.changes {
            try insert.reset()
            try insert.bind([.integer(seq), .integer(change.id.rawValue)] + values(of: change.before) + values(of: change.after))
            try insert.run()
        }
    }

    /// The longest history label a project may hold (a label quotes at most one tag's text).
    static let maximumLabelBytes = 4096
}
