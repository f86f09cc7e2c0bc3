/// The user's defaults, a `git config`-like file: `$XDG_CONFIG_HOME/tagproj/config`, else
/// `~/.config/tagproj/config`.
///
/// ```ini
/// # prices as the café writes them
/// [new]
///     currency = "$"
///     price-format = 12.50
///     tag-scale = 1.25
/// [export]
///     quality = 85
/// ```
///
/// Sections in brackets, `key = value` lines, comments from `#` or `;` to the end of the line,
/// blank lines; names are case-insensitive; a value may be double-quoted (keeping spaces at its
/// ends and `#` or `;` inside, with `\"`, `\\`, `\t` and `\n` escaped). The last line setting a key
/// wins. Every key is one of `keys` and every value is checked by the rule of the flag it stands
/// for (`UserConfig.Key.check`), so a file with a typo or a bad value is refused, naming its line
/// (`ConfigError`), rather than silently ignored. Writing keeps every other line as it was
/// (comments included) and replaces the file atomically.
public struct UserConfig: Equatable, Sendable {
    /// A key the file may hold.
    public enum Key: String, CaseIterable, Sendable {
        /// `new --currency`.
        case currency = "new.currency"
        /// `new --price-format`.
        case priceFormat = "new.price-format"
        /// `new --font`.
        case font = "new.font"
        /// `new --language`.
        case language = "new.language"
        /// `new --tag-scale`.
        case tagScale = "new.tag-scale"
        /// `export --quality`, where an export encodes (it never turns the lossless JPEG path off).
        case quality = "export.quality"

        /// The section (`new`) and the name within it (`currency`).
        public var parts: (section: String, name: String) {
            let dot = rawValue.firstIndex(of: ".")!
            return (String(rawValue[..<dot]), String(rawValue[rawValue.index(after: dot)...]))
        }

        /// What the key sets, for `tagproj config --help` and the list of keys.
        public var summary: String {
            switch self {
            case .currency: tr("the currency symbol of a new project ('$')")
            case .priceFormat: tr("the price format of a new project, by example ('12,50 €')")
            case .font: tr("the fontconfig family of a new project's tags")
            case .language: tr("the language of a new project's tags, a BCP 47 tag ('zh-Hans', 'ja')")
            case .tagScale: tr("the tag scale of a new project (0.25 to 4)")
            case .quality: tr("the JPEG/WebP/AVIF quality of an export that encodes (1 to 100)")
            }
        }

        /// `value` checked by the rule of the flag the key stands for; the problem as a phrase.
        public func check(_ value: String) throws(ConfigValueError) {
            switch self {
            case .currency: try Self.check(SettingsChange(currency: value))
            case .priceFormat: try Self.check(SettingsChange(priceFormat: value))
            case .font:
                guard !value.isEmpty else { throw ConfigValueError(key: self, problem: tr("the font family name is empty")) }
                try Self.check(SettingsChange(font: value))
            case .language: try Self.check(SettingsChange(language: value))
            case .tagScale:
                guard let scale = Self.number(value) else { throw ConfigValueError(key: self, problem: tr("'{text}' is not a number", ["text": value])) }
                try Self.check(SettingsChange(tagScale: scale))
            case .quality:
                guard let q = Int(value), (1...100).contains(q) else {
                    throw ConfigValueError(key: self, problem: tr("the quality is a whole number from 1 to 100, not '{text}'", ["text": value]))
                }
            }
        }

        /// A number as the flags read one (`1.25`, `.5`); nil for anything else.
        public static func number(_ text: String) -> Double? {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                  let value = Double(text), value.isFinite else { return nil }
            return value
        }

        private static func check(_ change: SettingsChange) throws(ConfigValueError) {
            do { _ = try change.applied(to: ProjectSettings()) } catch { throw ConfigValueError(key: nil, problem: error.message) }
        }
    }

    /// One line of the file as read, kept so that writing changes only the lines it must.
    enum Line: Equatable, Sendable {
        /// A comment, a blank line, or anything else kept as written.
        case kept(String)
        /// `[section]`, lower-cased.
        case section(String, text: String)
        /// `key = value` in the section above it.
        case entry(Key, value: String, text: String)
    }

    var lines: [Line] = []

    /// An empty file.
    public init() {}

    /// Every key set, in the order of the file, each once (its last value).
    public var entries: [(key: Key, value: String)] {
        var seen = Set<Key>()
        var result: [(key: Key, value: String)] = []
        for line in lines.reversed() {
            if case let .entry(key, value, _) = line, seen.insert(key).inserted { result.append((key, value)) }
        }
        return result.reversed()
    }

    /// The value of `key`, or nil when the file does not set it.
    public func value(_ key: Key) -> String? {
        for line in lines.reversed() { if case let .entry(k, value, _) = line, k == key { return value } }
        return nil
    }

    /// The file with `key` set to `value` (checked by the key's rule): the last line setting it
    /// rewritten, earlier ones removed, or a line added at the end of its section (the section
    /// added at the end of the file if it has none).
    public mutating func set(_ key: Key, to value: String) throws(ConfigValueError) {
        try key.check(value)
        let text = "\t\(key.parts.name) = \(Self.quoted(value))"
        if let last = lines.lastIndex(where: { if case .entry(key, _, _) = $0 { true } else { false } }) {
            lines[last] = .entry(key, value: value, text: text)
            lines = lines.enumerated().filter { index, line in
                if index < last, case .entry(key, _, _) = line { return false }
                return true
            }.map(\.element)
            return
        }
        let section = key.parts.section
        if let header = lines.lastIndex(where: { if case .section(section, _) = $0 { true } else { false } }) {
            var end = header + 1
            while end < lines.count, case .entry = lines[end] { end += 1 }
            lines.insert(.entry(key, value: value, text: text), at: end)
        } else {
            lines.append(.section(section, text: "[\(section)]"))
            lines.append(.entry(key, value: value, text: text))
        }
    }

    /// The file without any line setting `key`; false when none did.
    @discardableResult
    public mutating func unset(_ key: Key) -> Bool {
        let before = lines.count
        lines.removeAll { if case .entry(key, _, _) = $0 { true } else { false } }
        return lines.count != before
    }

    /// The file's text, every line as read except those `set` and `unset` changed.
    public var text: String {
        lines.map { line in
            switch line {
            case .kept(let text), .section(_, let text), .entry(_, _, let text): text
            }
        }.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// `value` as the file writes it: bare when it reads back the same, else double-quoted with
    /// `"`, `\`, tab and newline escaped.
    static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.first != " " && value.last != " " && !value.contains(where: { "\"\\#;\t\n".contains($0) })
        if plain { return value }
        var out = "\""
        for c in value {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}

/// A value the key's rule refuses (`tagproj config new.tag-scale 9`).
public struct ConfigValueError: TagProjError, Equatable {
    /// The key, when the problem does not name its setting already.
    public var key: UserConfig.Key?
    /// What is wrong, as the flag's rule words it.
    public var problem: String
    /// `new.tag-scale: the tag scale is between 0.25 and 4`.
    public var message: String { problem }
    /// A value outside its domain.
    public var meaning: ErrorMeaning { .invalidRequest }
}
