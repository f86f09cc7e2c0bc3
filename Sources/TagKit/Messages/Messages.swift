import Glibc

/// The language messages are worded in: English, the language the sources are written in, or
/// one a catalog translates them into.
public struct MessageLanguage: Sendable {
    /// The catalog, or nil for English.
    public let catalog: MessageCatalog?

    /// The sources' own words.
    public static let english = MessageLanguage(catalog: nil)

    /// The language `catalog` translates into; English when nil. A front end with a catalog of
    /// its own (a test's, one read from elsewhere) speaks it with `Messages.speaking(_:_:)`.
    public init(catalog: MessageCatalog?) { self.catalog = catalog }

    /// The language's BCP 47 tag, for `<html lang>` and `Content-Language`: `en`, `zh-CN`.
    public var tag: String {
        guard let catalog else { return "en" }
        return String(catalog.language.split(separator: "@")[0].split(separator: ".")[0]).replacingUnderscores
    }

    /// The first of `names` (gettext's locale names: `zh_CN.UTF-8`, `zh_CN`, `zh`, `en_GB`) that
    /// is English or has a catalog, as gettext walks `LANGUAGE`; English when none does.
    public static func first(of names: [String]) -> MessageLanguage {
        for name in names where !name.isEmpty {
            if name == "C" || name == "POSIX" || name.hasPrefix("C.") { return .english }
            for candidate in candidates(name) {
                if candidate == "en" || candidate.hasPrefix("en_") { return .english }
                if let catalog = MessageCatalogs.shared.catalog(candidate) { return MessageLanguage(catalog: catalog) }
            }
        }
        return .english
    }

    /// The language the environment asks for, as GNU gettext reads it: the locale of messages
    /// (`LC_ALL`, else `LC_MESSAGES`, else `LANG`); unless that is `C`, `LANGUAGE`'s list of
    /// languages before it. `LC_ALL=C` is English whatever `LANGUAGE` says.
    public static func fromEnvironment() -> MessageLanguage {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { Environment.value($0) }.first { !$0.isEmpty } ?? "C"
        if locale == "C" || locale == "POSIX" || locale.hasPrefix("C.") { return .english }
        let listed = Environment.value("LANGUAGE").map { $0.split(separator: ":").map(String.init) } ?? []
        return first(of: listed + [locale])
    }

    /// The language a browser's `Accept-Language` prefers among those there are (RFC 9110,
    /// 12.5.4): its ranges by weight, ties in the order given, `q=0` never; English when none.
    public static func fromAcceptLanguage(_ header: String) -> MessageLanguage {
        var ranges: [(tag: String, weight: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { String($0).trimmingCharacters(" \t") }
            guard let tag = parts.first, !tag.isEmpty, tag != "*", tag.utf8.count <= 35 else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") || parameter.hasPrefix("Q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0 { ranges.append((tag, weight, order)) }
        }
        ranges.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }
        return first(of: ranges.prefix(8).map { localeName(bcp47: $0.tag) })
    }

    /// `zh-Hans-CN` → `zh_CN`, `zh-Hans` → `zh_CN`, `zh-Hant` → `zh_TW`, `pt-BR` → `pt_BR`, `fr` → `fr`.
    static func localeName(bcp47 tag: String) -> String {
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first?.lowercased() else { return tag }
        if let region = subtags.dropFirst().first(where: { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }) {
            return language + "_" + region.uppercased()
        }
        if language == "zh", let script = subtags.dropFirst().first(where: { $0.count == 4 })?.lowercased() {
            return script == "hant" ? "zh_TW" : "zh_CN"
        }
        return language
    }

    /// The folders gettext tries for a locale name, most specific first: `zh_CN.UTF-8@x`,
    /// `zh_CN@x`, `zh_CN.UTF-8`, `zh_CN`, `zh`; and Chinese without a region as mainland Chinese.
    static func candidates(_ name: String) -> [String] {
        var base = name, modifier = ""
        if let at = base.firstIndex(of: "@") { modifier = String(base[at...]); base = String(base[..<at]) }
        var codeset = ""
        if let dot = base.firstIndex(of: ".") { codeset = String(base[dot...]); base = String(base[..<dot]) }
        let language = String(base.split(separator: "_", maxSplits: 1).first ?? "")
        var list = [base + codeset + modifier, base + modifier, base + codeset, base, language]
        if language == "zh" && base == "zh" { list.append("zh_CN") }
        var seen = Set<String>()
        return list.filter { !$0.isEmpty && seen.insert($0).inserted && !$0.contains("/") && $0 != "." && $0 != ".." }
    }
}

/// The language messages are worded in right now, and the catalogs found.
public enum Messages {
    /// The language of the work in hand, where a front end that serves others set one.
    @TaskLocal static var scoped: MessageLanguage?

    /// The environment's language, read once.
    private static let process = MessageLanguage.fromEnvironment()

    /// The language `tr` words messages in: the one `speaking(_:_:)` set, else the environment's.
    public static var current: MessageLanguage { scoped ?? process }

    /// `body`'s result, its messages worded in `language` (the editor's server, per request).
    public static func speaking<T>(_ language: MessageLanguage, _ body: () throws -> T) rethrows -> T {
        try $scoped.withValue(language, operation: body)
    }
}

/// The `.mo` files of tagproj's messages, each read once.
final class MessageCatalogs: @unchecked Sendable {
    static let shared = MessageCatalogs()

    private var lock = pthread_mutex_t()
    private var loaded: [String: MessageCatalog?] = [:]

    private init() { pthread_mutex_init(&lock, nil) }

    /// The folders searched, in order: `$TAGPROJ_LOCALEDIR`; `locale` beside the executable (a
    /// source build, filled by `scripts/build-catalogs.sh`); `../share/locale` from it (an
    /// installed tagproj); `/usr/share/locale`.
    static let folders: [String] = {
        var folders: [String] = []
        if let dir = Environment.value("TAGPROJ_LOCALEDIR"), !dir.isEmpty { folders.append(dir) }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let slash = exe.lastIndex(of: "/") {
                let dir = String(exe[..<slash])
                folders += [dir + "/locale", dir + "/../share/locale"]
            }
        }
        folders.append("/usr/share/locale")
        return folders
    }()

    /// Makes `catalog` the one of locale folder `name` for the rest of the process, whatever the
    /// folders hold: for tests, which build their catalog where no folder has one.
    func install(_ catalog: MessageCatalog, as name: String) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        loaded[name] = catalog
    }

    /// The catalog of locale folder `name` (`zh_CN`), or nil when none of the folders has one.
    func catalog(_ name: String) -> MessageCatalog? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = loaded[name] { return known }
        let catalog = Self.folders.lazy.compactMap { MessageCatalog(language: name, path: $0 + "/" + name + "/LC_MESSAGES/tagproj.mo") }.first
        loaded[name] = catalog
        return catalog
    }
}

/// Arguments of a message, by the names of its placeholders.
public typealias MessageArguments = KeyValuePairs<String, any CustomStringConvertible>

/// `msgid` in the current language, its `{name}` placeholders replaced by `arguments`.
///
/// Every message tagproj shows goes through `tr`, `trc` or `trn`, with a literal that
/// `scripts/update-pot.sh` extracts into `po/tagproj.pot`: whole sentences, never pieces glued
/// together. A comment starting `TRANSLATORS:` on the line before is given to translators.
public func tr(_ msgid: StaticString, _ arguments: MessageArguments = [:]) -> String {
    let id = msgid.description
    return filled(Messages.current.catalog?.translation(of: id) ?? id, arguments)
}

/// `msgid` in `context` (gettext's `msgctxt`, for a word that means more than one thing: `dish`
/// the kind of tag), in the current language.
public func trc(_ context: StaticString, _ msgid: StaticString, _ arguments: MessageArguments = [:]) -> String {
    let id = msgid.description
    return filled(Messages.current.catalog?.translation(of: id, context: context.description) ?? id, arguments)
}

/// The form of a message for `count` (`{count} tag`, `{count} tags`), in the current language;
/// `{count}` is filled with the count.
public func trn(_ singular: StaticString, _ plural: StaticString, count: Int, _ arguments: MessageArguments = [:]) -> String {
    let id = singular.description
    let english = count == 1 ? id : plural.description
    let text = Messages.current.catalog?.translation(of: id, count: count) ?? english
    return filled(text, arguments, count: count)
}

/// `text` with each `{name}` of `arguments` (and `{count}`, when a count is given) replaced by its
/// value, in one pass: a value that itself holds braces (a tag's text) is left as it is.
func filled(_ text: String, _ arguments: MessageArguments, count: Int? = nil) -> String {
    guard !arguments.isEmpty || count != nil else { return text }
    let utf8 = text.utf8
    guard utf8.contains(UInt8(ascii: "{")) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count + 32)
    var i = utf8.startIndex
    while i != utf8.endIndex {
        if utf8[i] == UInt8(ascii: "{"), let close = utf8[utf8.index(after: i)...].firstIndex(of: UInt8(ascii: "}")) {
            let name = utf8[utf8.index(after: i)..<close]
            var value: String?
            if let count, name.elementsEqual("count".utf8) { value = String(count) }
            if value == nil { value = arguments.first { $0.key.utf8.elementsEqual(name) }?.value.description }
            if let value {
                result += value.utf8
                i = utf8.index(after: close)
                continue
            }
        }
        result.append(utf8[i])
        i = utf8.index(after: i)
    }
    return String(decoding: result, as: UTF8.self)
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }

    fileprivate func trimmingCharacters(_ set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
