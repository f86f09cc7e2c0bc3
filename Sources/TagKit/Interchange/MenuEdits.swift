/// The requests a menu plan is made of: a dish added with its price, a dish's text and price changed.
enum MenuEdits {
    /// How a matched dish's price changes, or nil when it stays.
    static func priceChange(from tag: Tag, to price: String?) -> String?? {
        nil
    }

    /// The row's dish added, carrying `price`, at the row's position and side.
    static func add(_ row: Menu.Row, price: String?) -> Request {
        .add(kind: .dish, text: row.dish, at: row.at, side: row.side)
    }

    /// The dish `id`'s text (when given) and price (when given) changed.
    static func edit(_ id: TagID, text: String?, price: String??) -> Request {
        .edit(id, text: text ?? "")
    }
}
