/// Many edits as text, what `apply` reads: JSON Lines of edits, CSV with a header, or the output of
/// `list --json` (so one project's layout can be copied onto another).
///
/// - JSON Lines: one object per line, `{"op":"add","kind":"dish","text":"…","at":"0.3,0.4"}`
///   (`side` optional; `x` and `y` numbers may stand for `at`), `{"op":"move","id":1,"to":"0.5,0.5"}`
///   or `"by":"-40px,0"`, `{"op":"flip","id":1}`, `{"op":"edit","id":1,"text":"…"}`,
///   `{"op":"delete","id":1}`. Positions take fractions or pixels, as on the command line.
/// - CSV: a header naming the columns `kind,text,x,y` and optionally `side` (any order), then one
///   tag to add per row; fields may be quoted (`"Soup, hot"`, `""` for a quote). An empty `x`/`y`
///   puts the tag in free space; an empty `side` lets placement choose.
/// - `list --json`: `{"tags":[{"kind":…,"text":…,"x":…,"y":…,"side":…},…]}`, each tag added with
///   its position and side (ids are the receiving project's own).
///
/// Blank lines are skipped. Every edit carries its line number, for errors.
public enum EditScript {
    /// The edits, and the line each came from.
    public struct Parsed: Equatable, Sendable {
        /// The edits, in the order the text gives them.
        public var edits: [Edit]
        /// For each edit, the 1-based line of the text it came from.
        public var lines: [Int]
    }

    /// Parses `text`; pixel positions are converted with `size`. Throws `EditScriptError` naming
    /// the first line that is not an edit.
    public static func parse(_ text: String, size: PictureSize) throws(EditScriptError) -> Parsed {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard let first = lines.firstIndex(where: { !$0.trimmedSpaces.isEmpty }) else { throw EditScriptError(line: 1, reason: "there are no edits") }
        if lines[first].trimmedSpaces.hasPrefix("{") {
            // The whole text as one object holding "tags" is `list --json` output (perhaps pretty-printed).
            if case .object(let members)? = try? JSONParser().parse(text), let tags = members.first(where: { $0.0 == "tags" })?.1 {
                return try listed(tags, line: first + 1, size: size)
            }
            var parsed = Parsed(edits: [], lines: [])
            for (index, line) in lines.enumerated() where !line.trimmedSpaces.isEmpty {
                parsed.edits.append(try jsonEdit(line, line: index + 1, size: size))
                parsed.lines.append(index + 1)
            }
            return parsed
        }
        return try csv(lines, header: first, size: size)
    }

    // MARK: JSON

    static func jsonEdit(_ text: String, line: Int, size: PictureSize) throws(EditScriptError) -> Edit {
        let value: JSON
        do { value = try JSONParser().parse(text) } catch { throw EditScriptError(line: line, reason: error.message) }
        guard case .object(let members) = value else { throw EditScriptError(line: line, reason: "an edit is a JSON object") }
        let fields = Fields(members: members, line: line, size: size)
        let op = try fields.string("op")
        switch op {
        case "add":
            return .add(kind: try fields.kind(), text: try fields.string("text"), at: try fields.position("at"), side: try fields.side())
        case "move":
            let id = try fields.id()
            if let to = try fields.position("to") { return .move(id, .to(to)) }
            if let by = try fields.position("by", offset: true) { return .move(id, .by(dx: by.x, dy: by.y)) }
            if let at = try fields.position("at") { return .move(id, .to(at)) }
            throw EditScriptError(line: line, reason: "a move needs \"to\" or \"by\"")
        case "flip": return .flip(try fields.id())
        case "edit": return .setText(try fields.id(), try fields.string("text"))
        case "delete": return .delete(try fields.id())
        default: throw EditScriptError(line: line, reason: "unknown op '\(op)'; an op is add, move, flip, edit or delete")
        }
    }

    static func listed(_ tags: JSON, line: Int, size: PictureSize) throws(EditScriptError) -> Parsed {
        guard case .array(let items) = tags else { throw EditScriptError(line: line, reason: "\"tags\" is not an array") }
        var parsed = Parsed(edits: [], lines: [])
        for item in items {
            guard case .object(let members) = item else { throw EditScriptError(line: line, reason: "a tag is not a JSON object") }
            let fields = Fields(members: members, line: line, size: size)
            parsed.edits.append(.add(kind: try fields.kind(), text: try fields.string("text"), at: try fields.position("at"),
                                     side: try fields.side()))
            parsed.lines.append(line)
        }
        return parsed
    }

    /// The members of one JSON edit, read with the line they came from.
    struct Fields {
        let members: [(String, JSON)]
        let line: Int
        let size: PictureSize

        func value(_ key: String) -> JSON? { members.first { $0.0 == key }?.1 }

        func string(_ key: String) throws(EditScriptError) -> String {
            guard case .string(let s)? = value(key) else { throw EditScriptError(line: line, reason: "\"\(key)\" must be a string") }
            return s
        }

        func number(_ key: String) throws(EditScriptError) -> Double? {
            switch value(key) {
            case nil, .null?: return nil
            case .integer(let i)?: return Double(i)
            case .number(let d)?: return d
            default: throw EditScriptError(line: line, reason: "\"\(key)\" must be a number")
            }
        }

        func id() throws(EditScriptError) -> TagID {
            guard case .integer(let raw)? = value("id"), raw >= 1 else {
                throw EditScriptError(line: line, reason: "\"id\" must be a tag id (a positive whole number)")
            }
            return TagID(raw)
        }

        func kind() throws(EditScriptError) -> Kind {
            let name = try string("kind")
            guard let kind = Kind(rawValue: name) else { throw EditScriptError(line: line, reason: "unknown kind '\(name)'; a kind is dish or price") }
            return kind
        }

        func side() throws(EditScriptError) -> Side? {
            guard let v = value("side") else { return nil }
            if case .null = v { return nil }
            guard case .string(let name) = v, let side = Side(rawValue: name) else {
                throw EditScriptError(line: line, reason: "unknown side; a side is left or right")
            }
            return side
        }

        /// `key` as a position string, or (for `at`) the `x` and `y` numbers.
        func position(_ key: String, offset: Bool = false) throws(EditScriptError) -> NormalizedPoint? {
            if let v = value(key) {
                guard case .string(let text) = v else { throw EditScriptError(line: line, reason: "\"\(key)\" must be a string such as \"0.3,0.4\"") }
                return try EditScript.position(text, offset: offset, line: line, size: size)
            }
            guard key == "at" else { return nil }
            switch (try number("x"), try number("y")) {
            case (nil, nil): return nil
            case (let x?, let y?): return NormalizedPoint(x: x, y: y)
            default: throw EditScriptError(line: line, reason: "give both \"x\" and \"y\"")
            }
        }
    }

    static func position(_ text: String, offset: Bool, line: Int, size: PictureSize) throws(EditScriptError) -> NormalizedPoint {
        do { return try Position.parse(text, offset: offset).normalized(in: size) } catch {
            throw EditScriptError(line: line, reason: error.message + (error.advice.map { " (\($0))" } ?? ""))
        }
    }
}

/// A line of an edit script that is not an edit: nothing of the script is applied.
public struct EditScriptError: TagProjError, Equatable {
    /// The 1-based line.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    /// `line 3: unknown kind 'drink'; a kind is dish or price`.
    public var message: String { "line \(line): \(reason)" }
    /// The input is not what it claims to be.
    public var meaning: ErrorMeaning { .badData }
}
