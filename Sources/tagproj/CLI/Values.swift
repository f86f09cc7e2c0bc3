import TagKit

/// Parsers for the values options take; each failure is a usage error naming the option.
enum Values {
    /// A finite decimal number.
    static func number(_ text: String, for what: String) throws -> Double {
        guard let value = Double(text), value.isFinite, !text.contains(where: { $0 == "x" || $0 == "X" }) else {
            throw UsageError(message: tr("{option}: '{text}' is not a number", ["option": what, "text": text]))
        }
        return value
    }

    /// A position (`0.25,0.4`, `920px,800px`, or a mix); fractions slightly outside 0…1 are kept,
    /// to be clamped by placement, and one far outside is a usage error with a hint about `px`.
    static func position(_ text: String, for what: String, offset: Bool = false) throws -> Position {
        do {
            return try Position.parse(text, offset: offset)
        } catch {
            throw UsageError(message: tr("{option}: {problem}", ["option": what, "problem": error.message]), hint: error.advice)
        }
    }

    /// A whole number in `range`.
    static func integer(_ text: String, for what: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(message: tr("{option}: '{text}' is not a whole number from {lowest} to {highest}",
                                         ["option": what, "text": text, "lowest": range.lowerBound, "highest": range.upperBound]))
        }
        return value
    }

    /// A tag id as the user types it: `3` or `#3`.
    static func tagID(_ text: String) throws -> TagID {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let raw = Int64(digits), raw >= 1 else { throw UsageError(message: tr("'{text}' is not a tag id (a positive whole number)", ["text": text])) }
        return TagID(raw)
    }

    static func kind(_ text: String) throws -> Kind {
        guard let kind = Kind(rawValue: text) else {
            throw UsageError(message: tr("unknown kind '{kind}'", ["kind": text]), hint: tr("a tag's kind is 'dish' or 'price'"))
        }
        return kind
    }

    static func side(_ text: String) throws -> Side {
        guard let side = Side(rawValue: text) else {
            throw UsageError(message: tr("unknown side '{side}'", ["side": text]), hint: tr("a tag's side is 'left' or 'right'"))
        }
        return side
    }
}

extension Kind {
    /// `dish`, `price`: what completion offers.
    static var allNames: [String] { allCases.map(\.rawValue) }
}

extension Side {
    /// `left`, `right`: what completion offers.
    static var allNames: [String] { allCases.map(\.rawValue) }
}
