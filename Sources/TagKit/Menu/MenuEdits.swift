/// The requests a menu plan is made of: a dish added with its own price, a dish's text and price
/// changed. The price is the dish's (`Tag.price`), one bubble with its name, never a tag of its own.
enum MenuEdits {
    /// How a matched dish's price changes to `price` (canonical, or nil for none), or nil when it stays.
    static func priceChange(from tag: Tag, to price: String?) -> PriceChange? {
        guard tag.price != price else { return nil }
        return price.map(PriceChange.set) ?? .remove
    }

    /// The row's dish added, carrying `price`, at the row's position and side.
    static func add(_ row: Menu.Row, price: String?) -> Request {
        .add(kind: .dish, text: row.dish, price: price, at: row.at, side: row.side)
    }

    /// The dish `id`'s text (when given) and price (when given) changed, as one edit.
    static func edit(_ id: TagID, text: String?, price: PriceChange?) -> Request {
        .edit(id, text: text, price: price)
    }
}
