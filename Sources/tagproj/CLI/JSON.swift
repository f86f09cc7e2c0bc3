import TagKit

/// A JSON value, written without Foundation so that commands start fast.
enum JSON {
    case object([(String, JSON)])
    case array([JSON])
    case string(String)
    case number(Double)
    case integer(Int64)
    case bool(Bool)
    case null
    /// Text that is already JSON (a child process's output), written as it is.
    case raw(String)

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
        case .raw(let text): return text
        }
    }

    /// `s` as a JSON string literal, control characters escaped.
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

/// `members` followed by the members of `object`, a JSON object's text (`{"a":1}` → `{…,"a":1}`).
func spliced(_ members: [(String, JSON)], into object: String) -> JSON {
    let head = JSON.object(members).text.dropLast()
    let body = object.drop { $0 != "{" }.dropFirst().trimmingSuffix()
    return .raw(body.count <= 1 ? head + "}" : head + "," + body)
}

extension Substring {
    /// Without trailing newlines and spaces.
    fileprivate func trimmingSuffix() -> Substring {
        var s = self
        while let last = s.last, last == "\n" || last == " " { s.removeLast() }
        return s
    }
}

extension Tag {
    /// The tag as `list --json` shows it.
    var json: JSON {
        .object([("id", .integer(id.rawValue)), ("kind", .string(kind.rawValue)), ("text", .string(text)),
                 ("x", .number(anchor.x)), ("y", .number(anchor.y)), ("side", .string(side.rawValue))])
    }
}

extension ProjectInfo {
    /// The project as `info --json` (and `new --json`) shows it.
    var json: JSON {
        let crop = JSON.object([("x", .number(crop.x)), ("y", .number(crop.y)), ("width", .number(crop.width)),
                                ("height", .number(crop.height))])
        return .object([
            ("width", .integer(Int64(width))), ("height", .integer(Int64(height))), ("format", .string(format)),
            ("tags", .integer(Int64(tags))), ("history", .integer(Int64(historyEntries))),
            ("cursor", .integer(cursor)), ("stored_width", .integer(Int64(storedWidth))),
            ("stored_height", .integer(Int64(storedHeight))), ("orientation", .integer(Int64(orientation))),
            ("crop", crop), ("icc_profile", .bool(hasICC)), ("source_bytes", .integer(Int64(sourceBytes))),
            ("currency", .string(settings.currency)), ("font", .string(settings.font)),
            ("schema_version", .integer(Int64(schemaVersion))),
        ])
    }
}

extension ExportResult {
    /// What `export --json` prints for a file written to `path`.
    func json(path: String) -> JSON {
        .object([("path", .string(path)), ("width", .integer(Int64(size.width))), ("height", .integer(Int64(size.height))),
                 ("format", .string(format.rawValue)), ("bytes", .integer(Int64(bytes)))])
    }
}
