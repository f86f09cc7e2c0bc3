/// The `menu_keys` table (migration 012): which tag `tagproj menu` gave each of its keys, kept in
/// the project so that it travels with it and is written with the menu's edits, never apart.
extension ProjectStore {
    /// The longest key kept, in characters (the column's CHECK): a longer one is not remembered,
    /// and its row is matched by its text next time.
    static let longestMenuKey = 4096

    /// Each key's tag as the last menu run that changed the project left them. Rows outside the
    /// columns' domain (a planted table without its CHECKs) are skipped; a table that cannot be read
    /// at all (missing from a planted file) remembers nothing. A busy lock passes up.
    func menuKeys() throws -> [String: TagID] {
        do {
            let s = try db.prepare("SELECT key, tag_id FROM menu_keys")
            var keys: [String: TagID] = [:]
            while try s.step() {
                guard let key = s.value(0).text, !key.isEmpty, key.count <= Self.longestMenuKey,
                      let id = s.value(1).integer, id > 0, id < Self.counterLimit else { continue }
                keys[key] = TagID(id)
            }
            return keys
        } catch let error as SQLiteError where error.meaning == .busy {
            throw error
        } catch {
            return [:]
        }
    }

    /// Makes `keys` the whole memory, inside the caller's transaction (the menu's batch).
    func writeMenuKeys(_ keys: [String: TagID]) throws {
        try db.prepare("DELETE FROM menu_keys").run()
        for (key, id) in keys.sorted(by: { $0.key < $1.key }) where key.count <= Self.longestMenuKey {
            try db.prepare("INSERT INTO menu_keys (key, tag_id) VALUES (?, ?)", [.text(key), .integer(id.rawValue)]).run()
        }
    }

    /// Makes `keys` the whole memory in a write transaction of its own, outside the history.
    func keepMenuKeys(_ keys: [String: TagID]) throws {
        try db.writeTransaction { try writeMenuKeys(keys) }
    }
}
