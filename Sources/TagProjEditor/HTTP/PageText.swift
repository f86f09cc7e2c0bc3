import CEditor
import Synchronization
import TagKit

/// The editor's and the gallery's pages in the language of the browser that asks for them.
///
/// The pages word their texts as the CLI does, through a catalog: the scripts call `t("…")`,
/// `tc("context", "…")` and `tn("one", "many", n)` (defined in `words.js`), with the same `{name}`
/// placeholders as `tr`; `scripts/update-pot.sh` extracts those calls from the `.js` and `.html`
/// files into `po/tagproj.pot`. The HTML files hold markers the server fills before it sends a
/// page, so that it is in its language at first paint:
/// - `{{t("…")}}`, `{{tc("…", "…")}}`: the text translated, escaped for HTML (in text and in
///   attribute values alike);
/// - `{{lang}}`: the language's tag (`en`, `zh-CN`), for `<html lang>`;
/// - `{{messages}}`: a JSON object of the page's own messages in the language, inside a
///   `<script type="application/json">` (data, not run, so the CSP's `script-src 'self'` allows it),
///   which `words.js` reads: `{"lang", "messages": {msgid or context\u{4}msgid: text}, "plurals":
///   {msgid: {"forms": [text…], "index": "0…"}}}` (a plural's form for n is
///   `forms[index[n < 200 ? n : 100 + n % 100]]`: gettext's plural rules look at n, n % 10 and
///   n % 100, so n ≥ 200 takes the form of 100 + n % 100).
///
/// Which messages are the page's is read from the scripts themselves when a page is first asked
/// for: a small scanner finds the `t`/`tc`/`tn` calls with literal strings in the page's HTML and
/// in the scripts it loads (`<script src="/….js">`), as xgettext finds them, so the list can never
/// drift from the code. Only those go in the page: not the catalog's other messages (the CLI's).
/// A message without a translation is left out, and the page shows the English it was written in.
enum PageText {
    /// Pages already filled, by language tag and path.
    private static let filledPages = Mutex<[String: [UInt8]]>([:])

    /// The embedded asset at `path` and its MIME type, as `tp_page_asset` serves it.
    static func asset(_ path: String) -> (bytes: [UInt8], mime: String)? {
        var length = 0
        var mime: UnsafePointer<CChar>?
        guard let bytes = tp_page_asset(path, &length, &mime), let mime else { return nil }
        return (Array(UnsafeBufferPointer(start: bytes, count: length)), String(cString: mime))
    }

    /// The asset at `path` as served in `language`: an HTML page with its markers filled (and
    /// `Content-Language`), any other asset as it is embedded; nil when there is none.
    static func response(for path: String, language: MessageLanguage) -> HTTPResponse? {
        guard let (bytes, mime) = asset(path) else { return nil }
        guard mime.hasPrefix("text/html") else { return HTTPResponse(status: 200, contentType: mime, body: bytes) }
        let key = language.tag + " " + path
        let page = filledPages.withLock { $0[key] } ?? {
            let made = fill(bytes, language: language)
            filledPages.withLock { $0[key] = made }
            return made
        }()
        return HTTPResponse(status: 200, contentType: mime, body: page, extraHeader: ("Content-Language", language.tag))
    }

    /// `html` with its markers filled for `language`.
    static func fill(_ html: [UInt8], language: MessageLanguage) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(html.count + html.count / 2)
        var i = 0
        let open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        while i < html.count {
            guard html[i...].starts(with: open), let end = firstIndex(of: close, in: html, from: i + 2) else {
                out.append(html[i])
                i += 1
                continue
            }
            let inner = Array(html[(i + 2)..<end])
            let name = String(decoding: inner, as: UTF8.self)
            if name == "lang" {
                out += language.tag.utf8
            } else if name == "messages" {
                out += messagesJSON(ofPage: html, language: language)
            } else if let call = calls(in: inner).first, call.function != .plural {
                out += HTMLText.escaped(call.translated(in: language)).utf8
            } else {
                out += html[i..<(end + 2)]  // not a marker
            }
            i = end + 2
        }
        return out
    }

    /// The JSON of `{{messages}}` for the page `html`: its scripts' messages in `language`.
    static func messagesJSON(ofPage html: [UInt8], language: MessageLanguage) -> [UInt8] {
        var messages: [(String, JSON)] = [], plurals: [(String, JSON)] = []
        var seen = Set<String>()
        if let catalog = language.catalog {
            for path in scripts(of: html) {
                guard let script = asset(path)?.bytes else { continue }
                for call in calls(in: script) where seen.insert(call.key).inserted {
                    switch call.function {
                    case .plain, .context:
                        if let text = catalog.translation(of: call.msgid, context: call.context) { messages.append((call.key, .string(text))) }
                    case .plural:
                        // The forms the catalog gives for 0…199, and which one each count takes.
                        var forms: [String] = [], index: [UInt8] = []
                        for n in 0..<200 {
                            guard let text = catalog.translation(of: call.msgid, count: n) else { break }
                            if !forms.contains(text) { forms.append(text) }
                            index.append(UInt8(ascii: "0") + UInt8(forms.firstIndex(of: text)!))
                        }
                        guard index.count == 200, forms.count <= 10 else { continue }
                        plurals.append((call.key, .object([("forms", .array(forms.map(JSON.string))),
                                                           ("index", .string(String(decoding: index, as: UTF8.self)))])))
                    }
                }
            }
        }
        let json = JSON.object([("lang", .string(language.tag)), ("messages", .object(messages)), ("plurals", .object(plurals))]).utf8
        // Inside a <script> element: no `</script>` may appear, nor `<!--`.
        return json.flatMap { $0 == UInt8(ascii: "<") ? Array("\\u003c".utf8) : [$0] }
    }

    /// The scripts a page loads, in order: the paths of its `<script src="/….js">`.
    static func scripts(of html: [UInt8]) -> [String] {
        let text = String(decoding: html, as: UTF8.self)
        var paths: [String] = []
        var rest = text[...]
        while let found = rest.firstRange(of: "<script src=\"") {
            rest = rest[found.upperBound...]
            guard let quote = rest.firstIndex(of: "\"") else { break }
            paths.append(String(rest[..<quote]))
            rest = rest[quote...]
        }
        return paths
    }

    /// A call of `t`, `tc` or `tn` with string literals, as a script or a marker makes it.
    struct Call: Equatable {
        enum Function { case plain, context, plural }
        var function: Function
        var context: String?
        var msgid: String
        var plural: String?

        /// How the page's JSON names it: `msgid`, or `context\u{4}msgid` (as a `.mo` file does).
        var key: String { context.map { $0 + "\u{4}" + msgid } ?? msgid }

        /// Its text in `language` (a plural's as for many).
        func translated(in language: MessageLanguage) -> String {
            language.catalog?.translation(of: msgid, context: context) ?? msgid
        }
    }

    /// The calls `t("…")`, `tc("…", "…")`, `tn("…", "…", …)` in `source` whose messages are string
    /// literals (double-quoted, as the pages write them), in order. A name that is part of another
    /// (`at(`) or a method (`.t(`) is not a call of these.
    static func calls(in source: [UInt8]) -> [Call] {
        var found: [Call] = []
        var i = 0
        func isName(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte == 0x5f || byte == 0x24 || byte == 0x2e
        }
        while i < source.count {
            defer { i += 1 }
            guard source[i] == UInt8(ascii: "t"), i == 0 || !isName(source[i - 1]) else { continue }
            var at = i + 1
            var function = Call.Function.plain
            if at < source.count, source[at] == UInt8(ascii: "c") { function = .context; at += 1 }
            else if at < source.count, source[at] == UInt8(ascii: "n") { function = .plural; at += 1 }
            guard at < source.count, source[at] == UInt8(ascii: "(") else { continue }
            at += 1
            guard let (first, afterFirst) = literal(in: source, at: at) else { continue }
            if function == .plain {
                found.append(Call(function: .plain, context: nil, msgid: first, plural: nil))
                continue
            }
            var next = afterFirst
            while next < source.count, source[next] == UInt8(ascii: " ") { next += 1 }
            guard next < source.count, source[next] == UInt8(ascii: ",") else { continue }
            guard let (second, _) = literal(in: source, at: next + 1) else { continue }
            found.append(function == .context ? Call(function: .context, context: first, msgid: second, plural: nil)
                                               : Call(function: .plural, context: nil, msgid: first, plural: second))
        }
        return found
    }

    /// The double-quoted string literal at `start` (after spaces) and the index after it, or nil.
    /// Escapes: `\"`, `\\`, `\n`, `\t`, `\uXXXX`, `\u{X…}`.
    private static func literal(in source: [UInt8], at start: Int) -> (String, Int)? {
        var i = start
        while i < source.count, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\n") { i += 1 }
        guard i < source.count, source[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        var bytes: [UInt8] = []
        while i < source.count {
            let byte = source[i]
            if byte == UInt8(ascii: "\"") { return (String(decoding: bytes, as: UTF8.self), i + 1) }
            if byte == UInt8(ascii: "\n") { return nil }
            if byte == UInt8(ascii: "\\"), i + 1 < source.count {
                let escaped = source[i + 1]
                i += 2
                switch escaped {
                case UInt8(ascii: "n"): bytes.append(0x0a)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var digits: [UInt8]
                    if i < source.count, source[i] == UInt8(ascii: "{") {
                        guard let end = source[i...].firstIndex(of: UInt8(ascii: "}")) else { return nil }
                        digits = Array(source[(i + 1)..<end])
                        i = end + 1
                    } else {
                        guard i + 4 <= source.count else { return nil }
                        digits = Array(source[i..<(i + 4)])
                        i += 4
                    }
                    guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                    bytes += Array(String(Character(scalar)).utf8)
                default: bytes.append(escaped)
                }
                continue
            }
            bytes.append(byte)
            i += 1
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
