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
    private let bigEndian: Bool
    /// How many strings there are, and where the tables start: the originals', the
    /// translations', the hash table's (with its size; 0 when the file has none).
    private let count: Int, originalTable: Int, translatedTable: Int, hashSize: Int, hashTable: Int

    /// The catalog in `bytes`, or nil when they are not a `.mo` file this reader understands.
    ///
    /// Nothing is decoded here but the header: a command that shows one message pays for one
    /// lookup in the file's own hash table (as GNU libintl looks up), not for the catalog's
    /// thousand strings.
    public init?(language: String, bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let big: Bool
        switch Self.word(bytes, 0, false) {
        case 0x950412de: big = false
        case 0xde120495: big = true
        default: return nil
        }
        guard let revision = Self.word(bytes, 4, big), revision >> 16 == 0, let count = Self.word(bytes, 8, big), count < 1 << 20,
              let originals = Self.word(bytes, 12, big), let translated = Self.word(bytes, 16, big),
              let hashSize = Self.word(bytes, 20, big), let hashTable = Self.word(bytes, 24, big),
              originals + 8 * count <= bytes.count, translated + 8 * count <= bytes.count,
              hashSize < 1 << 22, hashSize == 0 || (hashSize > 2 && hashTable + 4 * hashSize <= bytes.count) else { return nil }
        self.language = language
        self.bytes = bytes
        self.bigEndian = big
        (self.count, originalTable, translatedTable, self.hashSize, self.hashTable) = (count, originals, translated, hashSize, hashTable)
        // The header is the translation of the empty original.
        if let header = forms(ofKey: [])?.first { plural = PluralRule(header: header) ?? .germanic }
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
    public var messageCount: Int { (0..<count).filter { (string(originalTable, $0)?.length ?? 0) > 0 }.count }

    /// The 32-bit word at `at` in the file's byte order, or nil past the end.
    private static func word(_ bytes: [UInt8], _ at: Int, _ big: Bool) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        let b = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
        return Int(big ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0)
    }

    /// String `index` of the table at `table`, or nil when it points outside the file.
    private func string(_ table: Int, _ index: Int) -> (offset: Int, length: Int)? {
        guard let length = Self.word(bytes, table + 8 * index, bigEndian), let offset = Self.word(bytes, table + 8 * index + 4, bigEndian),
              offset + length <= bytes.count else { return nil }
        return (offset, length)
    }

    /// `context\u{4}msgid`, or `msgid`, as the catalog keys it.
    private func key(_ msgid: String, _ context: String?) -> [UInt8] {
        guard let context else { return Array(msgid.utf8) }
        return Array(context.utf8) + [4] + Array(msgid.utf8)
    }

    /// The index of the original whose msgid (before a plural's `\0`) is `key`: through the hash
    /// table (gettext's `hash_string` and its double hashing), or by a binary search of the
    /// originals, which msgfmt sorts, when the file has no hash table.
    private func index(ofKey key: [UInt8]) -> Int? {
        if hashSize > 2 {
            var hash: UInt32 = 0
            for byte in key {
                hash = (hash << 4) &+ UInt32(byte)
                let g = hash & (0xf << 28)
                if g != 0 { hash ^= g >> 24; hash ^= g }
            }
            let size = UInt32(hashSize)
            var slot = hash % size
            let step = 1 + hash % (size - 2)
            for _ in 0..<hashSize {
                guard let entry = Self.word(bytes, hashTable + 4 * Int(slot), bigEndian), entry != 0 else { return nil }
                if entry - 1 < count, let original = string(originalTable, entry - 1), compare(original, key) == 0 { return entry - 1 }
                slot = slot >= size - step ? slot - (size - step) : slot + step
            }
            return nil
        }
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            guard let original = string(originalTable, middle) else { return nil }
            let c = compare(original, key)
            if c == 0 { return middle }
            if c < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The translation's forms of the original keyed `key`, or nil when there is none.
    private func forms(ofKey key: [UInt8]) -> [String]? {
        guard let index = index(ofKey: key), let t = string(translatedTable, index) else { return nil }
        return bytes[t.offset..<t.offset + t.length].split(separator: 0, omittingEmptySubsequences: false).map {
            String(validating: $0, as: UTF8.self) ?? ""
        }
    }

    /// How an original's msgid (its bytes up to a plural's `\0`) compares with `key`, as `strcmp` does.
    private func compare(_ original: (offset: Int, length: Int), _ key: [UInt8]) -> Int {
        var i = 0
        while true {
            let a = i < original.length && bytes[original.offset + i] != 0 ? Int(bytes[original.offset + i]) : -1
            let b = i < key.count ? Int(key[i]) : -1
            if a != b { return a < b ? -1 : 1 }
            if a < 0 { return 0 }
            i += 1
        }
    }
}
