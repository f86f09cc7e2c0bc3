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
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Compact JSON text as UTF-8 bytes, written into one buffer: an editor state of 20,000 tags
    /// (7 MB) took 1.5 s when each value's text was a string of its own joined into its parent's.
    public var utf8: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(into out: inout [UInt8]) {
        switch self {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSON.quote(key, into: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let s): JSON.quote(s, into: &out)
        case .number(let d): out += (d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null").utf8
        case .integer(let i): out += String(i).utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .null: out += "null".utf8
        case .raw(let text): out += text.utf8
        }
    }

    /// Appends `s` as a JSON string literal to `out`, control characters escaped; a string with
    /// nothing to escape is copied as it is.
    static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                switch byte {
                case UInt8(ascii: "\""): out += "\\\"".utf8
                case UInt8(ascii: "\\"): out += "\\\\".utf8
                case UInt8(ascii: "\n"): out += "\\n".utf8
                case UInt8(ascii: "\r"): out += "\\r".utf8
                case UInt8(ascii: "\t"): out += "\\t".utf8
                default:
                    let hex = String(byte, radix: 16)
                    out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
                }
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `s` as a JSON string literal, control characters escaped.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
