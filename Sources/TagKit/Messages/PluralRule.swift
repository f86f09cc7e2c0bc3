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
    static let germanic = PluralRule(count: 2, expression: .binary("!=", .n, .number(1)))

    private init(count: Int, expression: Expression) {
        self.count = count; self.expression = expression
    }

    /// The rule a catalog's header gives, or nil when it gives none or one that does not parse.
    init?(header: String) {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }) else { return nil }
        var nplurals: Int?, plural: Expression?
        for part in line.dropFirst("Plural-Forms:".count).split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "nplurals": nplurals = Int(pair[1])
            case "plural":
                var parser = Parser(Array(pair[1].utf8))
                plural = parser.parse()
            default: break
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

    indirect enum Expression: Sendable {
        case n
        case number(Int64)
        case not(Expression)
        case binary(String, Expression, Expression)
        case choice(Expression, Expression, Expression)

        func value(n: Int64) -> Int64 {
            switch self {
            case .n: return n
            case .number(let v): return v
            case .not(let e): return e.value(n: n) == 0 ? 1 : 0
            case let .choice(c, a, b): return c.value(n: n) != 0 ? a.value(n: n) : b.value(n: n)
            case let .binary(op, l, r):
                let a = l.value(n: n)
                if op == "&&" { return a != 0 && r.value(n: n) != 0 ? 1 : 0 }
                if op == "||" { return a != 0 || r.value(n: n) != 0 ? 1 : 0 }
                let b = r.value(n: n)
                switch op {
                case "*": return a &* b
                case "/": return b == 0 ? 0 : a / b
                case "%": return b == 0 ? 0 : a % b
                case "+": return a &+ b
                case "-": return a &- b
                case "<": return a < b ? 1 : 0
                case "<=": return a <= b ? 1 : 0
                case ">": return a > b ? 1 : 0
                case ">=": return a >= b ? 1 : 0
                case "==": return a == b ? 1 : 0
                default: return a != b ? 1 : 0
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

        /// Takes `op` if it comes next (and not as the start of a longer operator).
        private mutating func take(_ op: String) -> Bool {
            skipSpaces()
            let bytes = Array(op.utf8)
            guard at + bytes.count <= text.count, Array(text[at..<at + bytes.count]) == bytes else { return false }
            if bytes.count == 1, at + 1 < text.count, "<>=!".utf8.contains(bytes[0]), text[at + 1] == UInt8(ascii: "=") { return false }
            if op == "!", at + 1 < text.count, text[at + 1] == UInt8(ascii: "=") { return false }
            at += bytes.count
            return true
        }

        private mutating func choice() -> Expression? {
            guard let c = binary(0) else { return nil }
            guard take("?") else { return c }
            guard let a = choice(), take(":"), let b = choice() else { return nil }
            return .choice(c, a, b)
        }

        private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        private mutating func binary(_ level: Int) -> Expression? {
            guard level < Self.levels.count else { return unary() }
            guard var left = binary(level + 1) else { return nil }
            while let op = Self.levels[level].first(where: { take($0) }) {
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
            if at < text.count, text[at] == UInt8(ascii: "n") { at += 1; return .n }
            var value: Int64 = 0, digits = 0
            while at < text.count, text[at] >= 0x30, text[at] <= 0x39, digits < 18 {
                value = value * 10 + Int64(text[at] - 0x30); at += 1; digits += 1
            }
            return digits > 0 ? .number(value) : nil
        }
    }
}

private extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
