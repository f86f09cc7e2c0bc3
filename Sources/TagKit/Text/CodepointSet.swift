import CFontconfig

/// The code points a font's character map has, as sorted, disjoint ranges: what fallback asks
/// of each font, kept in a form that can be saved and read back without fontconfig.
struct CodepointSet: Equatable {
    /// Range bounds, flattened: `[first0, last0, first1, last1, …]`, ascending, inclusive.
    private(set) var bounds: [UInt32] = []

    /// Whether `value` is in the set (binary search over the ranges).
    func contains(_ value: UInt32) -> Bool {
        var low = 0, high = bounds.count / 2
        while low < high {
            let mid = (low + high) / 2
            if bounds[2 * mid + 1] < value { low = mid + 1 } else { high = mid }
        }
        return low < bounds.count / 2 && bounds[2 * low] <= value
    }

    /// Appends `value`, which must be above every value already in the set.
    private mutating func append(_ value: UInt32) {
        if let last = bounds.last, last + 1 == value {
            bounds[bounds.count - 1] = value
        } else {
            bounds += [value, value]
        }
    }

    /// The smallest `count` values of the set (fewer when it has fewer), ascending.
    func prefix(_ count: Int) -> [UInt32] {
        var values: [UInt32] = []
        for i in stride(from: 0, to: bounds.count, by: 2) {
            var value = bounds[i]
            while values.count < count {
                values.append(value)
                if value == bounds[i + 1] { break }
                value += 1
            }
        }
        return values
    }

    /// The set of `values`, which must be ascending.
    init(ascending values: [UInt32]) {
        for value in values { append(value) }
    }

    /// The code points of a fontconfig `FcCharSet`, walked page by page
    /// ([`FcCharSetFirstPage`](https://www.freedesktop.org/software/fontconfig/fontconfig-devel/fccharsetfirstpage.html)).
    init(fontconfig charset: OpaquePointer) {
        var map = [FcChar32](repeating: 0, count: Int(FC_CHARSET_MAP_SIZE))
        var next: FcChar32 = 0
        var base = map.withUnsafeMutableBufferPointer { FcCharSetFirstPage(charset, $0.baseAddress, &next) }
        while base != FcChar32.max {  // FC_CHARSET_DONE
            for (word, bits) in map.enumerated() where bits != 0 {
                for bit in 0..<32 where bits & (1 << FcChar32(bit)) != 0 {
                    append(base + FcChar32(word * 32 + bit))
                }
            }
            base = map.withUnsafeMutableBufferPointer { FcCharSetNextPage(charset, $0.baseAddress, &next) }
        }
    }

    /// `20-7e,a0-17f,…` in hexadecimal: the form the fallback memo stores.
    var serialized: String {
        stride(from: 0, to: bounds.count, by: 2).map {
            bounds[$0] == bounds[$0 + 1] ? String(bounds[$0], radix: 16) : "\(String(bounds[$0], radix: 16))-\(String(bounds[$0 + 1], radix: 16))"
        }.joined(separator: ",")
    }

    /// Reads `serialized` back; nil when the text is not a valid, ascending list of ranges.
    init?(serialized text: Substring) {
        self.init(serialized: Array(text.utf8)[...])
    }

    /// Reads the serialized form from bytes, without building strings: a memo is read at every
    /// `add`, so this is on the path whose cost is measured against SQLite's.
    init?(serialized text: ArraySlice<UInt8>) {
        var first: UInt32 = 0, value: UInt32 = 0, digits = 0, inRange = false
        func hexDigit(_ c: UInt8) -> UInt32? {
            switch c {
            case 48...57: return UInt32(c - 48)
            case 97...102: return UInt32(c - 87)
            default: return nil
            }
        }
        func close() -> Bool {
            let low = inRange ? first : value
            guard digits > 0, low <= value, bounds.last.map({ $0 < low }) ?? true else { return false }
            bounds += [low, value]
            return true
        }
        for c in text {
            if let d = hexDigit(c) {
                guard digits < 8 else { return nil }
                value = value << 4 | d
                digits += 1
            } else if c == 45, !inRange, digits > 0 {  // "-"
                first = value; value = 0; digits = 0; inRange = true
            } else if c == 44 {  // ","
                guard close() else { return nil }
                value = 0; digits = 0; inRange = false
            } else {
                return nil
            }
        }
        if !text.isEmpty { guard close() else { return nil } }
    }
}
