/// A position or offset as a user writes it: each coordinate a fraction of the picture (`0.25`)
/// or pixels of the picture as the user sees it (`920px`), so `0.3,800px` is allowed.
public struct Position: Equatable, Sendable {
    /// One coordinate.
    public enum Coordinate: Equatable, Sendable {
        /// A fraction of the picture's width or height.
        case fraction(Double)
        /// Pixels of the oriented, cropped picture.
        case pixels(Double)
    }

    /// Across, from the left.
    public var x: Coordinate
    /// Down, from the top.
    public var y: Coordinate

    /// The position of a point already in fractions of the picture.
    public init(_ point: NormalizedPoint) {
        self.init(x: .fraction(point.x), y: .fraction(point.y))
    }

    /// A position of these coordinates.
    public init(x: Coordinate, y: Coordinate) {
        (self.x, self.y) = (x, y)
    }

    /// How far outside the picture a bare fraction of a position may be: beyond it, the number
    /// was meant as pixels.
    public static let fractionRange = -0.5...1.5
    /// The same for an offset, which may cross the whole picture.
    public static let offsetRange = -1.5...1.5

    /// Parses `X,Y`. Throws `PositionError` for anything that is not two numbers (each with an
    /// optional `px`), or a bare fraction far outside `fractionRange` (`offsetRange` for an offset).
    public static func parse(_ text: String, offset: Bool = false) throws(PositionError) -> Position {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedSpaces }
        guard parts.count == 2 else { throw .notAPair(text) }
        func coordinate(_ s: String) throws(PositionError) -> Coordinate {
            let isPixels = s.hasSuffix("px")
            let digits = isPixels ? String(s.dropLast(2)) : s
            guard !digits.isEmpty, digits.allSatisfy({ "0123456789.-+eE".contains($0) }), let v = Double(digits), v.isFinite
            else { throw .notANumber(s) }
            return isPixels ? .pixels(v) : .fraction(v)
        }
        return try Position(x: try coordinate(parts[0]), y: try coordinate(parts[1])).checked(text, offset: offset)
    }

    /// The position of two bare fractions (`list --json`'s `x` and `y`), by the same rule as
    /// `parse`: a number far outside `fractionRange` (`offsetRange`) is refused.
    public static func fractions(_ x: Double, _ y: Double, offset: Bool = false) throws(PositionError) -> Position {
        guard x.isFinite else { throw .notANumber("\(x)") }
        guard y.isFinite else { throw .notANumber("\(y)") }
        let p = Position(x: .fraction(x), y: .fraction(y))
        return try p.checked(p.text, offset: offset)
    }

    /// Itself, if every bare fraction is inside the range; `text` is what the user wrote.
    private func checked(_ text: String, offset: Bool) throws(PositionError) -> Position {
        let range = offset ? Self.offsetRange : Self.fractionRange
        for c in [x, y] {
            if case .fraction(let v) = c, !range.contains(v) { throw .looksLikePixels(text, offset: offset) }
        }
        return self
    }

    /// The position as `parse` reads it: `0.25,0.4`, `920px,800px`, `0.3,800px`.
    public var text: String {
        // Numbers as JSON writes them: whole ones without a fraction.
        func coordinate(_ c: Coordinate) -> String {
            switch c {
            case .fraction(let v): return JSON.number(v).text
            case .pixels(let v): return JSON.number(v).text + "px"
            }
        }
        return coordinate(x) + "," + coordinate(y)
    }

    /// The position as fractions of a `size` picture.
    public func normalized(in size: PictureSize) -> NormalizedPoint {
        func f(_ c: Coordinate, _ side: Int) -> Double {
            switch c {
            case .fraction(let v): return v
            case .pixels(let v): return v / Double(side)
            }
        }
        return NormalizedPoint(x: f(x, size.width), y: f(y, size.height))
    }

    /// Whether a coordinate is in pixels (the picture's size is then needed).
    public var hasPixels: Bool {
        if case .pixels = x { return true }
        if case .pixels = y { return true }
        return false
    }
}

/// A position that does not parse.
public enum PositionError: TagProjError, Equatable {
    /// Not two comma-separated values.
    case notAPair(String)
    /// A coordinate that is not a number (with an optional `px`).
    case notANumber(String)
    /// A bare number so far outside the picture that it must have meant pixels.
    case looksLikePixels(String, offset: Bool)

    /// What is wrong.
    public var message: String {
        switch self {
        case .notAPair(let t): return tr("'{text}' is not X,Y (two numbers such as 0.25,0.4 or 920px,800px)", ["text": t])
        case .notANumber(let t): return tr("'{text}' is not a number", ["text": t])
        case let .looksLikePixels(t, offset):
            let range = offset ? Position.offsetRange : Position.fractionRange
            return tr("'{text}' is far outside the picture: a bare number is a fraction of it ({lowest} to {highest})",
                      ["text": t, "lowest": range.lowerBound, "highest": range.upperBound])
        }
    }

    /// `920,800 looks like pixels: write 920px,800px`.
    public var advice: String? {
        guard case .looksLikePixels(let t, _) = self else { return nil }
        let px = t.split(separator: ",", omittingEmptySubsequences: false).map { part -> String in
            let s = String(part).trimmedSpaces
            return s.hasSuffix("px") ? s : s + "px"
        }
        // TRANSLATORS: {text} is the position as typed (920,800); {pixels} the same in pixels (920px,800px).
        return tr("{text} looks like pixels: write {pixels}", ["text": t, "pixels": px.joined(separator: ",")])
    }

    /// The user typed something invalid.
    public var meaning: ErrorMeaning { .invalidRequest }
}

extension String {
    /// Without leading and trailing spaces.
    ///
    /// By index, not by `reversed()`: the reversed views are generic types whose metadata the
    /// runtime builds on first use: 0.7M instructions in every `move --to` and `add --at`.
    var trimmedSpaces: String {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[first...last])
    }
}
