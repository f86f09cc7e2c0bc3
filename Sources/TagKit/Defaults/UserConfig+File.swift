import Glibc

extension UserConfig {
    /// The longest file read, in bytes: a few keys need a few hundred.
    public static let maximumBytes = 65_536

    /// Where the file is for `environment`: `$XDG_CONFIG_HOME/tagproj/config` when that is an
    /// absolute path (the XDG rule: a relative one is ignored), else `$HOME/.config/tagproj/config`;
    /// nil when neither is set.
    public static func path(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/tagproj/config" }
        if let home = environment["HOME"], !home.isEmpty { return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config/tagproj/config" }
        return nil
    }

    /// The file at `path`, or an empty one when there is none. Throws `ConfigError` for a file
    /// that does not parse or holds an unknown key or a bad value (naming its line), or that is
    /// not a regular file (a FIFO is refused at once, never waited on), and `FileError` when it
    /// cannot be read.
    public static func load(_ path: String) throws -> UserConfig {
        guard FileIO.exists(path) else { return UserConfig() }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path, limit: maximumBytes)
        } catch let error as FileError where error.errno == EFBIG {
            throw ConfigError(path: path, line: nil, problem: tr("the file is larger than {limit} bytes", ["limit": maximumBytes]))
        } catch let error as FileError where error.notRegular != nil {
            throw ConfigError(path: path, line: nil, problem: error.reason)
        }
        return try parse(bytes, path: path)
    }

    /// Writes the file to `path` atomically (a temporary file beside it, synced, renamed), making
    /// its folder first.
    public func save(to path: String) throws {
        try FileIO.makeDirectory(FileIO.directory(of: path))
        try FileIO.write(Array(text.utf8), to: path)
    }

    /// The file `bytes` hold, read from `path` (for errors). Work is linear in the length. A
    /// UTF-8 byte order mark at the start (as some Windows editors write) is skipped.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> UserConfig {
        var config = UserConfig()
        var section: String?
        let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        for (index, piece) in pieces.enumerated() {
            let number = index + 1
            func fail(_ problem: String) -> ConfigError { ConfigError(path: path, line: number, problem: problem) }
            var raw = Array(piece)
            if raw.last == UInt8(ascii: "\r") { raw.removeLast() }
            guard let line = String(validating: raw, as: UTF8.self) else { throw fail(tr("the line is not UTF-8 text")) }
            if let bad = line.unicodeScalars.first(where: { $0 != "\t" && TagText.isForbidden($0) }) {
                throw fail(tr("the line holds a control character (U+{code})", ["code": hex(bad.value)]))
            }
            let body = line.drop { $0 == " " || $0 == "\t" }
            if body.isEmpty || body.first == "#" || body.first == ";" {
                config.lines.append(.kept(line))
            } else if body.first == "[" {
                let name = try sectionName(body, fail: fail)
                section = name
                config.lines.append(.section(name, text: line))
            } else {
                let (name, value) = try entry(body, fail: fail)
                guard let section else {
                    throw fail(tr("'{name}' is not in a section (put it under [new] or [export])", ["name": name]))
                }
                guard let key = Key(rawValue: section + "." + name) else {
                    throw fail(tr("unknown key '{section}.{name}' (the keys are {keys})", ["section": section, "name": name, "keys": Key.list]))
                }
                // TRANSLATORS: {key} is a config key, not translated (new.tag-scale); {problem} what is wrong with its value.
                do { try key.check(value) } catch { throw fail(tr("{key}: {problem}", ["key": key.rawValue, "problem": error.problem])) }
                config.lines.append(.entry(key, value: value, text: line))
            }
        }
        return config
    }

    /// `new.currency, new.price-format, …`.
    static var keyList: String { Key.list }

    /// The section a `[name]` line opens, lower-cased: one of the keys' sections.
    private static func sectionName(_ body: Substring, fail: (String) -> ConfigError) throws(ConfigError) -> String {
        guard let close = body.firstIndex(of: "]") else { throw fail(tr("a section header is '[name]'")) }
        let inside = String(body[body.index(after: body.startIndex)..<close]).trimmedSpaces
        let rest = body[body.index(after: close)...].drop { $0 == " " || $0 == "\t" }
        guard rest.isEmpty || rest.first == "#" || rest.first == ";" else { throw fail(tr("unexpected text after the section header")) }
        if inside.contains("\"") || inside.contains(" ") { throw fail(tr("subsections ('[section \"name\"]') are not used")) }
        let name = inside.lowercased()
        let sections = Set(Key.allCases.map(\.parts.section))
        guard sections.contains(name) else {
            // TRANSLATORS: {sections} are the sections' names, not translated: [export] and [new].
            throw fail(tr("unknown section '[{name}]' (the sections are {sections})",
                          ["name": inside, "sections": sections.sorted().map { "[\($0)]" }.joined(separator: " " + tr("and") + " ")]))
        }
        return name
    }

    /// The name (lower-cased) and value of a `name = value` line.
    private static func entry(_ body: Substring, fail: (String) -> ConfigError) throws(ConfigError) -> (String, String) {
        let nameEnd = body.firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) } ?? body.endIndex
        let name = body[..<nameEnd]
        guard let first = name.first, first.isLetter else { throw fail(tr("expected 'key = value', a section '[name]' or a comment")) }
        var rest = body[nameEnd...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { throw fail(tr("expected '=' after '{name}' (a line is 'key = value')", ["name": name])) }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        var value = "", quoted = false, escaped = false
        var trailing = 0 // unquoted white space at the end of `value`, trimmed at the end
        loop: for c in rest {
            if escaped {
                switch c {
                case "\"", "\\": value.append(c)
                case "t": value.append("\t")
                case "n": value.append("\n")
                default: throw fail(tr("unknown escape '\\{escape}' (the escapes are \\\", \\\\, \\t and \\n)", ["escape": c]))
                }
                escaped = false
                trailing = 0
                continue
            }
            if c == "\\" {
                escaped = true
            } else if c == "\"" {
                quoted.toggle()
                trailing = 0
            } else if !quoted && (c == "#" || c == ";") {
                break loop
            } else {
                value.append(c)
                trailing = !quoted && (c == " " || c == "\t") ? trailing + 1 : 0
            }
        }
        if escaped { throw fail(tr("a value continued on the next line ('\\' at the end) is not supported")) }
        if quoted { throw fail(tr("the value's quote is not closed")) }
        value.removeLast(trailing)
        return (name.lowercased(), value)
    }
}

extension UserConfig.Key {
    /// Every key, as `tagproj config` lists them: `new.currency, new.price-format, …`.
    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A config file that cannot be used: it does not parse, holds an unknown key or a value its
/// key's rule refuses, or is too large. Bad input data, as a damaged project is.
public struct ConfigError: TagProjError, Equatable {
    /// The file.
    public var path: String
    /// The 1-based line, when one is at fault.
    public var line: Int?
    /// What is wrong with it.
    public var problem: String
    /// `/home/a/.config/tagproj/config line 3: unknown key 'new.curency' (…)`.
    public var message: String {
        // TRANSLATORS: {path} is the config file; {problem} what is wrong with it.
        guard let line else { return tr("{path}: {problem}", ["path": path, "problem": problem]) }
        // TRANSLATORS: {path} is the config file; {problem} what is wrong with that line.
        return tr("{path} line {line}: {problem}", ["path": path, "line": line, "problem": problem])
    }
    /// Fix the file, or see what it holds.
    public var advice: String? { tr("correct the file, or see what it sets with 'tagproj config --list'") }
    /// The file is bad input.
    public var meaning: ErrorMeaning { .badData }
}
