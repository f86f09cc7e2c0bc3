/// One edit of a project's tags, as a value: what a command, a line of a batch, or a gesture in
/// the editor asks for. `Document.applying(_:measurer:)` carries it out.
public enum Edit: Equatable, Sendable {
    /// A new tag of `kind` saying `text`, its dot at `at` (when nil, in free space: the nearest
    /// place to the centre where it overlaps no other tag), the bubble on `side` (when nil, toward
    /// the middle of the picture, or the other side if only that fits). A dish may carry `price`
    /// (an amount as the user wrote it, validated as a price tag's text); a price tag may not.
    case add(kind: Kind, text: String, price: String? = nil, at: NormalizedPoint?, side: Side?)
    /// The tag's dot to a point, or by an offset.
    case move(TagID, Movement)
    /// The tag's bubble to the other side of its dot, which stays (refused when it does not fit there).
    case flip(TagID)
    /// The tag's text replaced (and re-measured).
    case setText(TagID, String)
    /// A dish's text and/or its price replaced (and re-measured): nil leaves that part as it is.
    /// A price tag's price is its text: changing it with `price` is refused.
    case relabel(TagID, text: String?, price: PriceChange?)
    /// The tag removed; its id is never handed out again.
    case delete(TagID)
    /// The project's settings (currency, font, price format) replaced; every tag whose label
    /// changes is re-measured and re-fitted as the placement rules say.
    case setSettings(ProjectSettings)
    /// Every overlap resolved where it can be: a tag overlapping an earlier one has its bubble put
    /// on the other side if that clears it, or else its dot moved the least distance that does.
    case arrange

    /// The existing tag the edit changes; nil for `add`, which makes a new one.
    public var target: TagID? {
        switch self {
        case .add, .setSettings, .arrange: return nil
        case .move(let id, _), .flip(let id), .setText(let id, _), .relabel(let id, _, _), .delete(let id): return id
        }
    }
}

/// How `move` changes a tag's position.
public enum Movement: Equatable, Sendable {
    /// To an absolute normalized point.
    case to(NormalizedPoint)
    /// By a normalized offset.
    case by(dx: Double, dy: Double)
}

/// What an edit does to the price a dish carries.
public enum PriceChange: Equatable, Sendable {
    /// The price set to this amount, as the user wrote it (validated as a price tag's text).
    case set(String)
    /// The price taken away: the dish shows its name alone.
    case remove
}
