import Glibc

/// One language's translations, read from a GNU gettext `.mo` file (`msgfmt`'s output).
///
/// The format is GNU gettext's "MO Files" (its manual, section 10.3): a header of seven 32-bit
/// words in the file's byte order (magic `0x950412de`, revision, the number of strings, the
/// offsets of the original and translated tables, the hash table's size and offset), then per
/// string a length and an offset. A message with a context is keyed `context\u{4}msgid`; a plural
/// message `msgid\0msgid_plural`, its translation the forms joined by `\0`.
public final class MessageCatalog: @unchecked Sendable {
    /// The catalog's language as its folder names it (`zh_CN`).
    public let language: String
    /// Each original (without its plural) to its translation's forms.
    private let translations: [String: [String]]
    /// Which form a count takes (`Plural-Forms` in the catalog's header).
    let plural: PluralRule

    /// The catalog in `bytes`, or nil when they are not a `.mo` file this reader understands.
    public init?(language: String, bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        func word(_ at: Int, _ big: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
            return Int(big ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0)
        }
        let big: Bool
        switch word(0, false) {
        case 0x950412de: big = false
        case 0xde120495: big = true
        default: return nil
        }
        guard let revision = word(4, big), revision >> 16 == 0, let count = word(8, big), count < 1 << 20,
              let originals = word(12, big), let translated = word(16, big) else { return nil }
        func string(_ table: Int, _ index: Int) -> String? {
            guard let length = word(table + 8 * index, big), let offset = word(table + 8 * index + 4, big),
                  offset + length <= bytes.count else { return nil }
            return String(validating: bytes[offset..<offset + length], as: UTF8.self)
        }
        var translations: [String: [String]] = [:]
        var header = ""
        for index in 0..<count {
            guard let original = string(originals, index), let translation = string(translated, index) else { return nil }
            if original.isEmpty { header = translation; continue }
            let key = original.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false)[0]
            translations[String(key)] = translation.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        }
        self.language = language
        self.translations = translations
        self.plural = PluralRule(header: header) ?? .germanic
    }

    /// The catalog at `path`, or nil when there is none or it cannot be read.
    public convenience init?(language: String, path: String) {
        guard let bytes = try? FileIO.read(path, limit: 16 << 20) else { return nil }
        self.init(language: language, bytes: bytes)
    }

    /// The translation of `msgid` (in `context`), or nil when the catalog has none.
    public func translation(of msgid: String, context: String? = nil) -> String? {
        let key = context.map { $0 + "\u{4}" + msgid } ?? msgid
        guard let forms = translations[key], let first = forms.first, !first.isEmpty else { return nil }
        return first
    }

    /// The translation of a plural message for `count`, or nil when the catalog has none.
    public func translation(of msgid: String, count: Int, context: String? = nil) -> String? {
        let key = context.map { $0 + "\u{4}" + msgid } ?? msgid
        guard let forms = translations[key] else { return nil }
        let index = plural.form(for: count)
        guard index < forms.count, !forms[index].isEmpty else { return nil }
        return forms[index]
    }

    /// How many messages the catalog translates.
    public var count: Int { translations.count }
}
