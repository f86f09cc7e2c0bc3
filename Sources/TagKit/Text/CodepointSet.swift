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
        guard !text.isEmpty else { return }
        for part in text.split(separator: ",") {
            let ends = part.split(separator: "-", maxSplits: 1)
            guard let first = UInt32(ends[0], radix: 16), let last = ends.count == 2 ? UInt32(ends[1], radix: 16) : first,
                  first <= last, bounds.last.map({ $0 < first }) ?? true
            else { return nil }
            bounds += [first, last]
        }
    }
}
