/// The `tags` table, and the tag images of `history_changes`, which share its columns.
extension ProjectStore {
    /// The columns of a tag image after its id, as `tags` names them and `history_changes` with
    /// `before_` and `after_` in front.
    static let imageColumns = ["kind", "text", "x", "y", "side", "label_em", "price"]
    static let tagColumns = (["id"] + imageColumns).joined(separator: ", ")

    /// Every tag, in id order.
    func tags() throws -> [Tag] {
        try db.prepare("SELECT \(Self.tagColumns) FROM tags ORDER BY id").map { try tag(from: $0, at: 0, id: nil)! }
    }

    /// Tag `id`, or nil when there is none.
    func tag(_ id: TagID) throws -> Tag? {
        let s = try db.prepare("SELECT \(Self.tagColumns) FROM tags WHERE id = ?", [.integer(id.rawValue)])
        return try s.step() ? tag(from: s, at: 0, id: nil) : nil
    }

    /// Stores the after image of every change of `entry` (nil: the tag is removed).
    func writeImages(of entry: HistoryEntry) throws {
        for change in entry.changes {
            if let tag = change.after {
                try db.prepare("INSERT OR REPLACE INTO tags (\(Self.tagColumns)) VALUES (?\(String(repeating: ", ?", count: Self.imageColumns.count)))",
                               [.integer(tag.id.rawValue)] + values(of: tag)).run()
            } else {
                try db.prepare("DELETE FROM tags WHERE id = ?", [.integer(change.id.rawValue)]).run()
            }
        }
    }

    /// How many columns a tag image has after its id.
    static let imageColumnCount = Int32(imageColumns.count)

    /// The seven columns after the id of a tag image; NULLs for no image.
    func values(of tag: Tag?) -> [SQLValue] {
        guard let tag else { return Array(repeating: .null, count: Int(Self.imageColumnCount)) }
        return [.text(tag.kind.rawValue), .text(tag.text), .real(tag.anchor.x), .real(tag.anchor.y),
                .text(tag.side.rawValue), .real(tag.labelEm), tag.price.map { .text($0) } ?? .null]
    }

    /// Decodes a tag from columns `at…at+7` (id first) or, with `id` given, `at…at+6` (no id column).
    /// Returns nil only when `id` is given and every column is NULL (no image).
    func tag(from s: Statement, at: Int32, id: TagID?) throws -> Tag? {
        var column = at
        let tagID: TagID
        if let id {
            tagID = id
            if (at..<at + Self.imageColumnCount).allSatisfy({ s.value($0) == .null }) { return nil }
        } else {
            guard let raw = s.value(at).integer, raw >= 1, raw < Self.counterLimit else { throw damaged(tr("a tag has an invalid id")) }
            tagID = TagID(raw)
            column += 1
        }
        guard let kind = s.value(column).text.flatMap(Kind.init) else { throw damaged(tr("tag {id} has an unknown kind", ["id": tagID])) }
        // The rules `add` applies (TagText), so that what a crafted row holds (an escape sequence
        // for the terminal, a line break for the listing) is refused, never printed or drawn.
        guard let text = s.value(column + 1).text, (1...1024).contains(text.utf8.count), TagText.isStorable(text)
        else { throw damaged(tr("tag {id} has invalid text", ["id": tagID])) }
        guard let x = s.value(column + 2).real, x.isFinite, (0...1).contains(x) else { throw damaged(tr("tag {id} has an invalid x position", ["id": tagID])) }
        guard let y = s.value(column + 3).real, y.isFinite, (0...1).contains(y) else { throw damaged(tr("tag {id} has an invalid y position", ["id": tagID])) }
        guard let side = s.value(column + 4).text.flatMap(Side.init) else { throw damaged(tr("tag {id} has an unknown side", ["id": tagID])) }
        guard let em = s.value(column + 5).real, em.isFinite, (0...1000).contains(em)
        else { throw damaged(tr("tag {id} has an invalid label width", ["id": tagID])) }
        // A dish's price in the canonical form `add` stores (`38`, `12.50`); a price tag has none.
        var price: String?
        switch s.value(column + 6) {
        case .null: break
        case .text(let amount) where kind == .dish && amount.utf8.count <= 15 && (try? TagText.amount(amount, currency: "")) == amount:
            price = amount
        default: throw damaged(tr("tag {id} has an invalid price", ["id": tagID]))
        }
        return Tag(id: tagID, kind: kind, text: text, price: price, anchor: NormalizedPoint(x: x, y: y), side: side, labelEm: em)
    }
}
