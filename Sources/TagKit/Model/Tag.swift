/// A tag's identity inside one project: a positive integer handed out in order from the
/// project's counter and never reused, not even after delete, undo and redo.
public struct TagID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number, from 1.
    public let rawValue: Int64
    /// The id numbered `rawValue`.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// The id numbered `rawValue`.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// Ids order as they were handed out.
    public static func < (a: TagID, b: TagID) -> Bool { a.rawValue < b.rawValue }
    /// `#3`, as labels and messages show it.
    public var description: String { "#\(rawValue)" }
}

/// What a tag says: the dish's name, or its price.
public enum Kind: String, Sendable, CaseIterable {
    /// Free text: the dish's name.
    case dish
    /// An amount such as `38` or `12.50`, drawn after the project's currency symbol.
    case price
}

/// Where the bubble lies relative to the anchor dot.
public enum Side: String, Sendable, CaseIterable {
    /// The bubble left of the dot, the dot at its lower right corner.
    case left
    /// The bubble right of the dot, the dot at its lower left corner (the default look).
    case right

    /// The other side: what a tap on the tag does in the original app.
    public var flipped: Side { self == .left ? .right : .left }

    /// The side that points the bubble toward the middle of the picture from `anchor`.
    public static func facingCentre(from anchor: NormalizedPoint) -> Side {
        anchor.x < 0.5 ? .right : .left
    }
}

/// A point on the picture as fractions of its width and height, the picture being what the user
/// sees (EXIF orientation and crop applied): `(0, 0)` is the top-left corner, `(1, 1)` the bottom-right.
public struct NormalizedPoint: Equatable, Sendable {
    /// Fraction of the picture's width, from the left.
    public var x: Double
    /// Fraction of the picture's height, from the top.
    public var y: Double
    /// The point at `x`, `y`.
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The centre of the picture, where a tag goes when no position is given.
    public static let centre = NormalizedPoint(x: 0.5, y: 0.5)

    /// `0.812,0.400`: the form the command line takes and messages print.
    public var formatted: String { "\(Decimal3(x)),\(Decimal3(y))" }
}

/// One label on the picture: a dish name or a price, pointing at `anchor`.
public struct Tag: Equatable, Sendable {
    /// The tag's id in its project.
    public var id: TagID
    /// Dish or price.
    public var kind: Kind
    /// The validated text: a dish name (NFC, trimmed), or a canonical amount (`38`, `12.50`).
    public var text: String
    /// The price a dish carries, drawn after its name within the same bubble, as a canonical
    /// amount (`38`, `12.50`, as a price tag's text); nil when it carries none, always nil for a
    /// price tag.
    public var price: String?
    /// The centre of the anchor dot.
    public var anchor: NormalizedPoint
    /// Where the bubble lies relative to the dot.
    public var side: Side
    /// The drawn label's advance width in em of the tag font, measured when the text was set,
    /// so moving or flipping a tag never needs the fonts.
    public var labelEm: Double

    /// A tag as given; `TagText.validate` and placement are the façade's and the edit function's.
    public init(id: TagID, kind: Kind, text: String, price: String? = nil, anchor: NormalizedPoint, side: Side, labelEm: Double) {
        self.id = id
        self.kind = kind
        self.text = text
        self.price = price
        self.anchor = anchor
        self.side = side
        self.labelEm = labelEm
    }

    /// The text as drawn: a price gets the project's currency symbol in front, a dish's own
    /// price follows its name.
    public func label(currency: String) -> String {
        kind == .price ? currency + text : text + (price.map { " " + currency + $0 } ?? "")
    }
}

/// A number printed with exactly three decimals (`0.400`), rounding half away from zero.
struct Decimal3: CustomStringConvertible {
    let value: Double
    init(_ value: Double) { self.value = value }
    var description: String {
        let thousandths = Int64((abs(value) * 1000).rounded())
        let sign = value < 0 && thousandths != 0 ? "-" : ""
        let fraction = String(thousandths % 1000)
        return "\(sign)\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
    /// Without trailing zeros: `1.25`, `2`, `0.333`.
    var trimmed: String {
        var text = description
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
