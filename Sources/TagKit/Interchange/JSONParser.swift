/// Reads JSON text (RFC 8259) into ``JSON`` values, for request bodies and edit files that may be
/// hostile: every failure is a thrown ``JSONParseError`` with the byte offset, nesting and size
/// are bounded, and nothing traps.
///
/// Numbers without a fraction or exponent that fit in 64 bits become `.integer`, others `.number`.
/// Object members keep their order; a repeated key is refused, since "last one wins" and "first one
/// wins" readers would disagree about what the text says.
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public var maximumDepth = 64
    /// The longest text accepted, in bytes.
    public var maximumLength = 1 << 20

    /// A parser with the default limits.
    public init() {}

    /// The value `text` holds; only whitespace may follow it.
    public func parse(_ text: String) throws(JSONParseError) -> JSON {
        try parse(Array(text.utf8))
    }

    /// The value the UTF-8 `bytes` hold; only whitespace may follow it.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        guard bytes.count <= maximumLength else { throw JSONParseError(offset: 0, reason: tr("the text is longer than {limit} bytes", ["limit": maximumLength])) }
        var reader = Reader(bytes: bytes, maximumDepth: maximumDepth)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.pos == bytes.count else { throw reader.error(tr("unexpected text after the value")) }
        return value
    }
}

/// Why a JSON text could not be read.
public struct JSONParseError: TagProjError, Equatable {
    /// Where in the text (a byte offset) the problem was found.
    public let offset: Int
    /// What is wrong.
    public let reason: String

    /// `invalid JSON at byte 12: expected ':' after an object key`.
    public var message: String { tr("invalid JSON at byte {offset}: {reason}", ["offset": offset, "reason": reason]) }
    /// The request is malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}

private struct Reader {
    let bytes: [UInt8]
    let maximumDepth: Int
    var pos = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: pos, reason: reason) }

    mutating func skipSpace() {
        while pos < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[pos]) { pos += 1 }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        skipSpace()
        guard pos < bytes.count else { throw error(tr("the text ends where a value should be")) }
        switch bytes[pos] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error(tr("unexpected character where a value should be"))
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard pos + w.count <= bytes.count, Array(bytes[pos..<pos + w.count]) == w else { throw error(tr("expected '{word}'", ["word": word])) }
        pos += w.count
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maximumDepth else { throw error(tr("nested deeper than {limit} levels", ["limit": maximumDepth])) }
        pos += 1
        var members: [(String, JSON)] = []
        var keys = Set<String>()
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object([]) }
        while true {
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { throw error(tr("expected a string as an object key")) }
            let keyOffset = pos
            let key = try string()
            guard keys.insert(key).inserted else { throw JSONParseError(offset: keyOffset, reason: tr("the key '{key}' appears twice", ["key": key])) }
            skipSpace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { throw error(tr("expected ':' after an object key")) }
            pos += 1
            members.append((key, try value(depth: depth)))
            skipSpace()
            guard pos < bytes.count else { throw error(tr("the text ends inside an object")) }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object(members) }
            throw error(tr("expected ',' or '}' in an object"))
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maximumDepth else { throw error(tr("nested deeper than {limit} levels", ["limit": maximumDepth])) }
        pos += 1
        var items: [JSON] = []
        skipSpace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array([]) }
        while true {
            items.append(try value(depth: depth))
            skipSpace()
            guard pos < bytes.count else { throw error(tr("the text ends inside an array")) }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            if bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array(items) }
            throw error(tr("expected ',' or ']' in an array"))
        }
    }

    mutating func number() throws(JSONParseError) -> JSON {
        let start = pos
        func digits() -> Int {
            let from = pos
            while pos < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[pos]) { pos += 1 }
            return pos - from
        }
        if bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        let intStart = pos
        guard digits() > 0 else { throw error(tr("expected digits in a number")) }
        if bytes[intStart] == UInt8(ascii: "0") && pos - intStart > 1 { throw JSONParseError(offset: intStart, reason: tr("a number may not start with 0")) }
        var whole = true
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            whole = false
            guard digits() > 0 else { throw error(tr("expected digits after the decimal point")) }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            whole = false
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits() > 0 else { throw error(tr("expected digits in the exponent")) }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        if whole, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw JSONParseError(offset: start, reason: tr("the number {text} is out of range", ["text": text])) }
        return .number(double)
    }

    mutating func string() throws(JSONParseError) -> String {
        pos += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = pos
        func flushRun() throws(JSONParseError) {
            guard runStart < pos else { return }
            // Raw bytes must be valid UTF-8: decoding with repair and comparing lengths would
            // accept replacement characters silently, so validate instead.
            guard let run = String(validating: bytes[runStart..<pos], as: UTF8.self) else {
                throw JSONParseError(offset: runStart, reason: tr("a string is not valid UTF-8"))
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            guard pos < bytes.count else { throw error(tr("the text ends inside a string")) }
            let byte = bytes[pos]
            if byte == UInt8(ascii: "\"") {
                try flushRun()
                pos += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error(tr("a control character inside a string must be escaped")) }
            if byte != UInt8(ascii: "\\") { pos += 1; continue }
            try flushRun()
            pos += 1
            guard pos < bytes.count else { throw error(tr("the text ends inside an escape")) }
            let escape = bytes[pos]
            pos += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard pos + 1 < bytes.count, bytes[pos] == UInt8(ascii: "\\"), bytes[pos + 1] == UInt8(ascii: "u") else {
                        throw error(tr("a high surrogate must be followed by a low one"))
                    }
                    pos += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error(tr("a high surrogate must be followed by a low one")) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error(tr("a lone surrogate is not a character")) }
                scalars.append(scalar)
            default:
                throw error(tr("unknown escape in a string"))
            }
            runStart = pos
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard pos + 4 <= bytes.count else { throw error(tr("the text ends inside a \\u escape")) }
        var value: UInt32 = 0
        for byte in bytes[pos..<pos + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(tr("expected four hex digits after \\u"))
            }
            value = value << 4 | UInt32(digit)
        }
        pos += 4
        return value
    }
}

extension JSON {
    /// The member `key` of an object (the first, as keys are unique), or nil.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

    /// The number, whole or not, if this is one.
    public var doubleValue: Double? {
        switch self {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: return nil
        }
    }

    /// The whole number, if this is one (a number with a zero fraction such as `3.0` counts).
    public var integerValue: Int64? {
        switch self {
        case .integer(let i): return i
        case .number(let d) where d == d.rounded() && abs(d) < 9e15: return Int64(d)
        default: return nil
        }
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}
