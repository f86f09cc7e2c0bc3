/// A JSON value, written without Foundation so that front ends start fast.
///
/// The command line's `--json` output and the editor's HTTP responses are built from the same
/// values (see `JSONShapes.swift`), so a script and the page see one shape.
public enum JSON: Sendable {
    /// An object, members in the order given.
    case object([(String, JSON)])
    /// An array.
    case array([JSON])
    /// A string.
    case string(String)
    /// A number; whole numbers are written without a fraction, non-finite ones as `null`.
    case number(Double)
    /// A whole number.
    case integer(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// Text that is already JSON (a child process's output), written as it is.
    case raw(String)

    /// Compact JSON text.
    public var text: String {
        switch self {
        case .object(let members):
            return "{" + members.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .string(let s): return JSON.quote(s)
        case .number(let d): return d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null"
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .raw(let text): return text
        }
    }

    /// `s` as a JSON string literal, control characters escaped.
    public static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
