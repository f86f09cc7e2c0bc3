import Glibc
import TagKit

/// Where a command's results go: data to stdout, `error:`/`warning:` lines to stderr.
/// Written with `write(2)` directly; stdout is buffered and flushed once at exit.
final class Output {
    private var buffer: [UInt8] = []

    /// Appends a line of data for stdout.
    func line(_ text: String) { buffer.append(contentsOf: text.utf8); buffer.append(10) }

    /// Appends raw bytes for stdout.
    func raw(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// A `warning: …` line on stderr, at once.
    func warning(_ text: String) { Output.stderr("warning: \(text)\n") }

    /// A `note`-free informational line on stderr (used for progress that is not data).
    func message(_ text: String) { Output.stderr(text + "\n") }

    /// Writes what was buffered for stdout. Returns false if stdout could not be written.
    @discardableResult
    func flush() -> Bool {
        defer { buffer.removeAll() }
        return Output.writeAll(1, buffer)
    }

    static func stderr(_ text: String) { _ = writeAll(2, Array(text.utf8)) }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}

/// A JSON value, written without Foundation so that commands start fast.
enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case integer(Int64)
    case bool(Bool)
    case null

    /// Compact JSON text.
    var text: String {
        switch self {
        case .object(let members):
            return "{" + members.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .string(let s): return JSON.quote(s)
        case .number(let d): return d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)") : "null"
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    static func quote(_ s: String) -> String {
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

extension Tag {
    /// The tag as `list --json` shows it.
    var json: JSON {
        .object([("id", .integer(id.rawValue)), ("kind", .string(kind.rawValue)), ("text", .string(text)),
                 ("x", .number(anchor.x)), ("y", .number(anchor.y)), ("side", .string(side.rawValue))])
    }
}
