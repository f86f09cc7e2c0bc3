/// Many edits as text, what `apply` reads: JSON Lines of edits, CSV with a header, or the output of
/// `list --json` (so one project's layout can be copied onto another).
///
/// - JSON Lines: one edit request of `RequestCodec`'s per line (`add`, `move`, `flip`, `edit`,
///   `delete`, `set`, `arrange`), `{"op":"add","kind":"dish","text":"…","at":"0.3,0.4"}`,
///   `{"op":"move","id":1,"to":"0.5,0.5"}`. Positions take fractions or pixels, as on the command line.
/// - CSV: a header naming the columns `kind,text,x,y` and optionally `side` and `price` (any
///   order), then one tag to add per row; fields may be quoted (`"Soup, hot"`, `""` for a quote).
///   An empty `x`/`y` puts the tag in free space; an empty `side` lets placement choose; a
///   dish's `price` is the price it carries (empty: none).
/// - `list --json`: `{"tags":[{"kind":…,"text":…,"price":…,"x":…,"y":…,"side":…},…]}`, each tag
///   added with its price, position and side (ids are the receiving project's own); a listed
///   price `38.00` is read as `38`, the way it is most often written.
///
/// Blank lines are skipped. Every edit carries its line number, for errors.
public enum EditScript {
    /// The edit requests, and the line each came from.
    public struct Parsed: Equatable, Sendable {
        /// The requests, in the order the text gives them; each `isEdit`.
        public var requests: [Request]
        /// For each request, the 1-based line of the text it came from.
        public var lines: [Int]

        /// The requests as one batch from `source` (`menu.csv`, `standard input`).
        public func batch(source: String) -> Batch { Batch(requests, lines: lines, source: source) }
    }

    /// Parses `text`. Throws `EditScriptError` naming the first line that is not an edit.
    public static func parse(_ text: String) throws(EditScriptError) -> Parsed {
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard let first = lines.firstIndex(where: { !$0.trimmedSpaces.isEmpty }) else { throw EditScriptError(line: 1, reason: tr("there are no edits")) }
        if lines[first].trimmedSpaces.hasPrefix("{") {
            // The whole text as one object holding "tags" is `list --json` output (perhaps pretty-printed).
            if case .object(let members)? = try? JSONParser().parse(text), let tags = members.first(where: { $0.0 == "tags" })?.1 {
                return try listed(tags, line: first + 1)
            }
            var parsed = Parsed(requests: [], lines: [])
            for (index, line) in lines.enumerated() where !line.trimmedSpaces.isEmpty {
                parsed.requests.append(try jsonEdit(line, line: index + 1))
                parsed.lines.append(index + 1)
            }
            return parsed
        }
        return try csv(lines, header: first)
    }

    // MARK: JSON

    /// One line of JSON Lines: a request of the codec's, which must be an edit.
    static func jsonEdit(_ text: String, line: Int) throws(EditScriptError) -> Request {
        let value: JSON, request: Request
        do { value = try JSONParser().parse(text) } catch { throw EditScriptError(line: line, reason: error.message) }
        do { request = try RequestCodec.request(from: value) } catch { throw EditScriptError(line: line, reason: error.message) }
        guard request.isEdit else { throw EditScriptError(line: line, reason: BatchRequestError.notAnEdit(request.name).message) }
        return request
    }

    /// `list --json`'s tags, each an `add` with its position and side.
    static func listed(_ tags: JSON, line: Int) throws(EditScriptError) -> Parsed {
        guard case .array(let items) = tags else { throw EditScriptError(line: line, reason: tr("\"tags\" is not an array")) }
        var parsed = Parsed(requests: [], lines: [])
        for item in items {
            guard case .object(let members) = item else { throw EditScriptError(line: line, reason: tr("a tag is not a JSON object")) }
            let fields = Fields(members)
            do {
                // `list --json` writes every price with two decimals, so `38.00` reads back as the
                // `38` it most often was: a layout copied draws its prices as the original does.
                let price = try fields.price().map { $0.hasSuffix(".00") ? String($0.dropLast(3)) : $0 }
                parsed.requests.append(.add(kind: try fields.kind(), text: try fields.string("text"), price: price,
                                            at: try fields.point(), side: try fields.side()))
            } catch {
                throw EditScriptError(line: line, reason: error.message)
            }
            parsed.lines.append(line)
        }
        return parsed
    }

    /// A CSV position, by `Position`'s rules.
    static func position(_ text: String, line: Int) throws(EditScriptError) -> Position {
        do { return try Position.parse(text) } catch { throw EditScriptError(line: line, reason: RequestCodingError(positionError: error).message) }
    }
}

/// A line of an edit script that is not an edit: nothing of the script is applied.
public struct EditScriptError: TagProjError, Equatable {
    /// The 1-based line.
    public let line: Int
    /// What is wrong with it.
    public let reason: String

    /// `line 3: unknown kind 'drink'; a kind is dish or price`.
    public var message: String {
        // TRANSLATORS: {reason} is what is wrong on that line of the input.
        tr("line {line}: {reason}", ["line": line, "reason": reason])
    }
    /// The input is not what it claims to be.
    public var meaning: ErrorMeaning { .badData }
}
