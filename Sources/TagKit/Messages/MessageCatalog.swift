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
    /// Which form a count takes (`Plural-Forms` in the catalog's header).
    private(set) var plural: PluralRule = .germanic
    /// The file's bytes; strings are read from them only when looked up.
    private let bytes: [UInt8]
    /// Each string's (offset, length) in `bytes`: the originals, and their translations.
    private let originals: [(offset: Int, length: Int)], translations: [(offset: Int, length: Int)]
    /// The indices of the originals in byte order of their msgid (msgfmt writes them so already;
    /// another tool may not), for a binary search.
    private let order: [Int32]

    /// The catalog in `bytes`, or nil when they are not a `.mo` file this reader understands.
    ///
    /// Nothing is decoded here but the tables and the header: a command that shows one message
    /// pays for one binary search, not for the catalog's thousand strings.
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
              let originalTable = word(12, big), let translatedTable = word(16, big) else { return nil }
        func table(_ at: Int) -> [(offset: Int, length: Int)]? {
            var entries: [(offset: Int, length: Int)] = []
            entries.reserveCapacity(count)
            for index in 0..<count {
                guard let length = word(at + 8 * index, big), let offset = word(at + 8 * index + 4, big),
                      offset + length <= bytes.count else { return nil }
                entries.append((offset, length))
            }
            return entries
        }
        guard let originals = table(originalTable), let translations = table(translatedTable) else { return nil }
        self.language = language
        self.bytes = bytes
        self.originals = originals
        self.translations = translations
        var order = (0..<Int32(count)).map { $0 }
        let sorted = zip(order, order.dropFirst()).allSatisfy { Self.compare(bytes, originals[Int($0)], originals[Int($1)]) <= 0 }
        if !sorted { order.sort { Self.compare(bytes, originals[Int($0)], originals[Int($1)]) < 0 } }
        self.order = order

        // The header is the translation of the empty original.
        if let header = forms(ofKey: [])?.first {
            plural = PluralRule(header: header) ?? .germanic
        }
    }

    /// The catalog at `path`, or nil when there is none or it cannot be read.
    public convenience init?(language: String, path: String) {
        guard let bytes = try? FileIO.read(path, limit: 16 << 20) else { return nil }
        self.init(language: language, bytes: bytes)
    }

    /// The translation of `msgid` (in `context`), or nil when the catalog has none.
    public func translation(of msgid: String, context: String? = nil) -> String? {
        guard let first = forms(ofKey: key(msgid, context))?.first, !first.isEmpty else { return nil }
        return first
    }

    /// The translation of a plural message for `count`, or nil when the catalog has none.
    public func translation(of msgid: String, count: Int, context: String? = nil) -> String? {
        guard let forms = forms(ofKey: key(msgid, context)) else { return nil }
        let index = plural.form(for: count)
        guard index < forms.count, !forms[index].isEmpty else { return nil }
        return forms[index]
    }

    /// How many messages the catalog translates (its header aside).
    public var count: Int { originals.filter { $0.length > 0 }.count }

    /// `context\u{4}msgid`, or `msgid`, as the catalog keys it.
    private func key(_ msgid: String, _ context: String?) -> [UInt8] {
        guard let context else { return Array(msgid.utf8) }
        return Array(context.utf8) + [4] + Array(msgid.utf8)
    }

    /// The translation's forms of the original whose msgid (before a plural's `\0`) is `key`, or
    /// nil when there is none or it is not UTF-8.
    private func forms(ofKey key: [UInt8]) -> [String]? {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            let c = key.withUnsafeBufferPointer { Self.compare(bytes, originals[Int(order[middle])], key: $0) }
            if c == 0 {
                let t = translations[Int(order[middle])]
                return bytes[t.offset..<t.offset + t.length].split(separator: 0, omittingEmptySubsequences: false).map {
                    String(validating: $0, as: UTF8.self) ?? ""
                }
            }
            if c < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// How an original's msgid (its bytes up to a plural's `\0`) compares with `key`, as `strcmp` does.
    private static func compare(_ bytes: [UInt8], _ original: (offset: Int, length: Int), key: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { all in
            var i = 0
            while true {
                let a: Int = i < original.length && all[original.offset + i] != 0 ? Int(all[original.offset + i]) : -1
                let b: Int = i < key.count ? Int(key[i]) : -1
                if a != b { return a < b ? -1 : 1 }
                if a < 0 { return 0 }
                i += 1
            }
        }
    }

    /// How two originals' msgids compare.
    private static func compare(_ bytes: [UInt8], _ a: (offset: Int, length: Int), _ b: (offset: Int, length: Int)) -> Int {
        let end = b.offset + b.length
        let msgidEnd = bytes[b.offset..<end].firstIndex(of: 0) ?? end
        return bytes[b.offset..<msgidEnd].withUnsafeBufferPointer { compare(bytes, a, key: $0) }
    }
}
