/// Which plural form a count takes, as a catalog's `Plural-Forms: nplurals=N; plural=EXPR;` says.
///
/// `EXPR` is the C expression GNU gettext evaluates (its manual, "Additional functions for plural
/// forms"): the variable `n`, integers, `! * / % + - < <= > >= == != && || ?:` and parentheses,
/// with C's precedence. Division or remainder by zero gives form 0.
struct PluralRule: Sendable {
    /// How many forms the language has.
    let count: Int
    private let expression: Expression

    /// One form for 1 and another for everything else, as English has: gettext's own default.
    static let germanic = PluralRule(count: 2, expression: .binary(.notEqual, .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count; self.expression = expression
    }

    /// The rule a catalog's header gives, or nil when it gives none or one that does not parse.
    /// Read as bytes: a command that prints one message pays little for its catalog's header.
    init?(header: String) {
        let text = Array(header.utf8)
        let field = Array("Plural-Forms:".utf8)
        var start = 0
        var line: ArraySlice<UInt8>?
        while start < text.count {
            let end = text[start...].firstIndex(of: 0x0A) ?? text.count
            if text[start..<end].starts(with: field) { line = text[(start + field.count)..<end]; break }
            start = end + 1
        }
        guard let line else { return nil }
        var nplurals: Int?, plural: Expression?
        for part in line.split(separator: UInt8(ascii: ";")) {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let name = part[..<equals].filter { $0 != 0x20 && $0 != 0x09 }
            let value = Array(part[(equals + 1)...])
            if name.elementsEqual("nplurals".utf8) {
                var parser = Parser(value)
                if case .number(let n)? = parser.parse() { nplurals = Int(n) }
            } else if name.elementsEqual("plural".utf8) {
                var parser = Parser(value)
                plural = parser.parse()
            }
        }
        guard let nplurals, nplurals >= 1, nplurals <= 6, let plural else { return nil }
        self.init(count: nplurals, expression: plural)
    }

    /// The form `n` takes, between 0 and `count - 1`.
    func form(for n: Int) -> Int {
        let form = expression.value(n: Int64(n))
        return form >= 0 && form < count ? Int(form) : 0
    }

    enum Operator: Sendable {
        case or, and, equal, notEqual, less, lessOrEqual, greater, greaterOrEqual, plus, minus, times, divided, remainder
    }

    indirect enum Expression: Sendable {
        case n
        case number(Int64)
        case not(Expression)
        case binary(Operator, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func value(n: Int64) -> Int64 {
            switch self {
            case .n: return n
            case .number(let v): return v
            case .not(let e): return e.value(n: n) == 0 ? 1 : 0
            case let .choice(c, a, b): return c.value(n: n) != 0 ? a.value(n: n) : b.value(n: n)
            case let .binary(op, l, r):
                let a = l.value(n: n)
                if op == .and { return a != 0 && r.value(n: n) != 0 ? 1 : 0 }
                if op == .or { return a != 0 || r.value(n: n) != 0 ? 1 : 0 }
                let b = r.value(n: n)
                switch op {
                case .times: return a &* b
                case .divided: return b == 0 ? 0 : a / b
                case .remainder: return b == 0 ? 0 : a % b
                case .plus: return a &+ b
                case .minus: return a &- b
                case .less: return a < b ? 1 : 0
                case .lessOrEqual: return a <= b ? 1 : 0
                case .greater: return a > b ? 1 : 0
                case .greaterOrEqual: return a >= b ? 1 : 0
                case .equal: return a == b ? 1 : 0
                case .notEqual, .and, .or: return a != b ? 1 : 0
                }
            }
        }
    }

    /// A recursive-descent parser of the expression, by C's precedence levels.
    private struct Parser {
        let text: [UInt8]
        var at = 0
        init(_ text: [UInt8]) { self.text = text }

        mutating func parse() -> Expression? {
            guard let e = choice() else { return nil }
            skipSpaces()
            return at == text.count ? e : nil
        }

        private mutating func skipSpaces() {
            while at < text.count, text[at] == 0x20 || text[at] == 0x09 { at += 1 }
        }

        private func byte(_ offset: Int) -> UInt8 { at + offset < text.count ? text[at + offset] : 0 }

        /// Takes the one- or two-character operator `first` `second` (second 0 for one character)
        /// if it comes next, and not as the start of a longer one (`<` of `<=`, `!` of `!=`).
        private mutating func take(_ first: Character, _ second: Character? = nil) -> Bool {
            skipSpaces()
            guard byte(0) == first.asciiValue! else { return false }
            if let second {
                guard byte(1) == second.asciiValue! else { return false }
                at += 2
                return true
            }
            if "<>=!".utf8.contains(first.asciiValue!), byte(1) == UInt8(ascii: "=") { return false }
            if first == "|" || first == "&", byte(1) == first.asciiValue! { return false }
            at += 1
            return true
        }

        private mutating func choice() -> Expression? {
            guard let c = binary(0) else { return nil }
            guard take("?") else { return c }
            guard let a = choice(), take(":"), let b = choice() else { return nil }
            return .choice(c, a, b)
        }

        /// The operator of precedence `level` (0 `||` … 5 `* / %`) that comes next, taken.
        private mutating func op(_ level: Int) -> Operator? {
            switch level {
            case 0: return take("|", "|") ? .or : nil
            case 1: return take("&", "&") ? .and : nil
            case 2: return take("=", "=") ? .equal : take("!", "=") ? .notEqual : nil
            case 3: return take("<", "=") ? .lessOrEqual : take(">", "=") ? .greaterOrEqual : take("<") ? .less : take(">") ? .greater : nil
            case 4: return take("+") ? .plus : take("-") ? .minus : nil
            default: return take("*") ? .times : take("/") ? .divided : take("%") ? .remainder : nil
            }
        }

        private mutating func binary(_ level: Int) -> Expression? {
            guard level < 6 else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while let op = op(level) {
                guard let right = binary(level + 1) else { return nil }
                left = .binary(op, left, right)
            }
            return left
        }

        private mutating func unary() -> Expression? {
            if take("!") { return unary().map { .not($0) } }
            if take("(") {
                guard let e = choice(), take(")") else { return nil }
                return e
            }
            skipSpaces()
            if byte(0) == UInt8(ascii: "n") { at += 1; return .n }
            var value: Int64 = 0, digits = 0
            while at < text.count, text[at] >= 0x30, text[at] <= 0x39, digits < 18 {
                value = value * 10 + Int64(text[at] - 0x30); at += 1; digits += 1
            }
            return digits > 0 ? .number(value) : nil
        }
    }
}
