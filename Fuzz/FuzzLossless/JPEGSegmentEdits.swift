/// The edits `JPEGSegmentMutator` makes inside one segment's payload (the bytes after the length
/// field; the caller writes the length again). Each returns false when the payload is not laid
/// out as its marker says, and the caller then mutates its bytes instead.

import FuzzBodies

/// DHT and DQT: the tables a segment holds, one after another.
enum JPEGTables {
    /// One Huffman table: Tc<<4|Th, the number of codes of each length 1...16, the symbols.
    struct Huffman {
        var classAndIndex: UInt8
        var counts: [Int]
        var symbols: [UInt8]
        var bytes: [UInt8] { [classAndIndex] + counts.map { UInt8($0) } + symbols }
    }

    static func mutateDHT(_ payload: inout [UInt8], _ random: inout SplitMix64) -> Bool {
        var tables: [Huffman] = []
        var i = 0
        while i + 17 <= payload.count {
            let counts = payload[i + 1...i + 16].map(Int.init)
            let total = counts.reduce(0, +)
            guard i + 17 + total <= payload.count else { return false }
            tables.append(Huffman(classAndIndex: payload[i], counts: counts, symbols: Array(payload[i + 17..<i + 17 + total])))
            i += 17 + total
        }
        guard !tables.isEmpty, i == payload.count else { return false }
        let t = random.below(tables.count)
        var table = tables[t]
        let isDC = table.classAndIndex >> 4 == 0
        func symbol(_ random: inout SplitMix64) -> UInt8 {
            isDC && random.below(4) != 0 ? UInt8(random.below(16)) : UInt8(random.below(256))
        }
        let l = random.below(16)
        let first = table.counts[..<l].reduce(0, +)  // where the codes of length l+1 start
        switch random.below(6) {
        case 0:  // a code moved to another length: the counts still add up, the code space may not
            guard let from = table.counts.indices.filter({ table.counts[$0] > 0 }).randomElement(using: &random) else { return false }
            let moved = table.symbols.remove(at: table.counts[..<from].reduce(0, +))
            table.counts[from] -= 1
            table.symbols.insert(moved, at: table.counts[..<l].reduce(0, +))
            table.counts[l] += 1
        case 1, 2:  // the count of one length changed, symbols added or removed at its place
            let old = table.counts[l]
            let others = table.symbols.count - old
            let wanted = random.pick([old + 1, old - 1, 0, 1 << (l + 1), (1 << (l + 1)) - 1, random.below(256)])
            let new = max(0, min(wanted, 256 - others, 255))
            if new > old {
                for _ in old..<new { table.symbols.insert(symbol(&random), at: first + old) }
            } else {
                table.symbols.removeSubrange(first + new..<first + old)
            }
            table.counts[l] = new
        case 3:  // one symbol changed (over 15 in a DC table now and then)
            guard !table.symbols.isEmpty else { return false }
            table.symbols[random.below(table.symbols.count)] = symbol(&random)
        case 4:  // the table's class and number
            table.classAndIndex = random.below(8) == 0 ? UInt8(random.below(256)) : UInt8(random.below(2) << 4 | random.below(4))
        default:  // a second copy of the table under another number, or one of several dropped
            if tables.count > 1 && random.below(2) == 0 {
                tables.remove(at: t)
                payload = tables.flatMap(\.bytes)
                return true
            }
            var copy = table
            copy.classAndIndex = UInt8(random.below(2) << 4 | random.below(4))
            tables.append(copy)
        }
        tables[t] = table
        payload = tables.flatMap(\.bytes)
        return true
    }

    static func mutateDQT(_ payload: inout [UInt8], _ random: inout SplitMix64) -> Bool {
        var tables: [(precisionAndIndex: UInt8, values: [Int])] = []
        var i = 0
        while i < payload.count {
            let wide = payload[i] >> 4 != 0
            let size = wide ? 128 : 64
            guard i + 1 + size <= payload.count else { return false }
            let values = (0..<64).map { k in wide ? Int(payload[i + 1 + 2 * k]) << 8 | Int(payload[i + 2 + 2 * k]) : Int(payload[i + 1 + k]) }
            tables.append((payload[i], values))
            i += 1 + size
        }
        guard !tables.isEmpty else { return false }
        let t = random.below(tables.count)
        switch random.below(5) {
        case 0, 1:  // one value: 0 and 1 are the edge cases of the division, 255/65535 of the range
            let k = random.below(64)
            let old = tables[t].values[k]
            tables[t].values[k] = random.pick([0, 1, 2, 255, 256, 65535, old + 1, max(0, old - 1), random.below(65536)])
        case 2:  // 8-bit values become 16-bit, or the reverse
            tables[t].precisionAndIndex ^= 0x10
        case 3:  // the table's number (over 3 now and then)
            let index = random.below(8) == 0 ? random.below(16) : random.below(4)
            tables[t].precisionAndIndex = tables[t].precisionAndIndex & 0xF0 | UInt8(index)
        default:  // a copy under another number, or one of several dropped
            if tables.count > 1 && random.below(2) == 0 {
                tables.remove(at: t)
            } else {
                tables.append((tables[t].precisionAndIndex & 0xF0 | UInt8(random.below(4)), tables[t].values))
            }
        }
        payload = tables.flatMap { table -> [UInt8] in
            let wide = table.precisionAndIndex >> 4 != 0
            return [table.precisionAndIndex] + table.values.flatMap { wide ? [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] : [UInt8(min($0, 255))] }
        }
        return true
    }
}

/// SOF, SOS and DRI: the frame, the scan and the restart interval.
enum JPEGFrame {
    /// A dimension worth trying: the edges of an MCU, of a byte, of the pixel limit, or near `old`.
    static func dimension(_ old: Int, _ random: inout SplitMix64) -> Int {
        let value = random.pick([0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 33, old + 1, old - 1, old + 8, old - 8, old + 16, old * 2,
                                 old / 2, random.below(64) + 1, random.below(4096) + 1, 2001, 65535])
        return max(0, min(value, 65535))
    }

    /// P, Y, X, Nf, then Nf components (C, H<<4|V, Tq).
    static func mutateSOF(_ payload: inout [UInt8], _ random: inout SplitMix64) -> Bool {
        guard payload.count >= 6, payload.count == 6 + 3 * Int(payload[5]) else { return false }
        let n = Int(payload[5])
        let c = 6 + 3 * random.below(max(n, 1))
        switch random.below(7) {
        case 0, 1:  // height or width
            let at = random.below(2) == 0 ? 1 : 3
            let value = dimension(Int(payload[at]) << 8 | Int(payload[at + 1]), &random)
            payload[at] = UInt8(value >> 8)
            payload[at + 1] = UInt8(value & 0xFF)
        case 2:  // one sampling factor (0 or over 4 now and then)
            guard n > 0 else { return false }
            let factor = UInt8(random.below(8) == 0 ? random.below(16) : random.below(4) + 1)
            payload[c + 1] = random.below(2) == 0 ? payload[c + 1] & 0x0F | factor << 4 : payload[c + 1] & 0xF0 | factor
        case 3:  // one component's quantization table
            guard n > 0 else { return false }
            payload[c + 2] = UInt8(random.below(8) == 0 ? random.below(256) : random.below(4))
        case 4:  // one component's id: another's, or any
            guard n > 0 else { return false }
            payload[c] = random.below(2) == 0 ? payload[6 + 3 * random.below(n)] : UInt8(random.below(256))
        case 5:  // a component more (a copy under a new id) or one fewer
            if n > 1 && random.below(2) == 0 {
                payload.removeSubrange(c..<c + 3)
                payload[5] = UInt8(n - 1)
            } else if n > 0 && n < 255 {
                payload += [UInt8(random.below(256)), payload[c + 1], payload[c + 2]]
                payload[5] = UInt8(n + 1)
            } else {
                return false
            }
        default:  // the sample precision
            payload[0] = random.pick([8, 12, 16, UInt8(random.below(256))])
        }
        return true
    }

    /// Ns, then Ns components (Cs, Td<<4|Ta), then Ss, Se, Ah<<4|Al. `ids`: the SOF's components.
    static func mutateSOS(_ payload: inout [UInt8], ids: [UInt8], _ random: inout SplitMix64) -> Bool {
        guard payload.count >= 4, payload.count == 4 + 2 * Int(payload[0]) else { return false }
        let n = Int(payload[0])
        let c = 1 + 2 * random.below(max(n, 1))
        let tail = 1 + 2 * n
        switch random.below(6) {
        case 0:  // one selector: one of the frame's components, or any
            guard n > 0 else { return false }
            payload[c] = !ids.isEmpty && random.below(4) != 0 ? random.pick(ids) : UInt8(random.below(256))
        case 1:  // one DC or AC table number (over 3 now and then)
            guard n > 0 else { return false }
            let table = UInt8(random.below(8) == 0 ? random.below(16) : random.below(4))
            payload[c + 1] = random.below(2) == 0 ? payload[c + 1] & 0x0F | table << 4 : payload[c + 1] & 0xF0 | table
        case 2:  // Ss or Se
            payload[tail + random.below(2)] = random.pick([0, 1, 62, 63, 64, UInt8(random.below(256))])
        case 3:  // Ah or Al
            let bits = UInt8(random.below(4) == 0 ? random.below(16) : random.below(3))
            payload[tail + 2] = random.below(2) == 0 ? payload[tail + 2] & 0x0F | bits << 4 : payload[tail + 2] & 0xF0 | bits
        default:  // a component more or one fewer
            if n > 1 && random.below(2) == 0 {
                payload.removeSubrange(c..<c + 2)
                payload[0] = UInt8(n - 1)
            } else if n < 255 {
                let id = !ids.isEmpty && random.below(2) == 0 ? random.pick(ids) : UInt8(random.below(256))
                payload.insert(contentsOf: [id, n > 0 ? payload[c + 1] : 0], at: tail)
                payload[0] = UInt8(n + 1)
            } else {
                return false
            }
        }
        return true
    }

    /// The restart interval, two bytes (0 turns restarts off).
    static func mutateDRI(_ payload: inout [UInt8], _ random: inout SplitMix64) -> Bool {
        let old = payload.count == 2 ? Int(payload[0]) << 8 | Int(payload[1]) : 0
        let value = max(0, min(random.pick([0, 1, 2, 3, 7, 8, old + 1, old - 1, old * 2, random.below(64), random.below(65536), 65535]), 65535))
        payload = [UInt8(value >> 8), UInt8(value & 0xFF)]
        return true
    }
}
