/// A small, slow raw-deflate decoder (after Mark Adler's puff.c), for reading golden PNGs in tests.
struct Inflater {
    private let input: [UInt8]
    private var pos = 0, bitBuffer = 0, bitCount = 0
    private var out: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    /// A canonical Huffman code: how many codes of each length, and the symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []
        init(lengths: [Int]) {
            for l in lengths { counts[l] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for l in 1..<15 { offsets[l + 1] = offsets[l] + counts[l] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (s, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[l]] = s
                offsets[l] += 1
            }
        }
    }

    private mutating func bits(_ n: Int) throws -> Int {
        while bitCount < n {
            guard pos < input.count else { throw MiniPNG.Failure("deflate data ends early") }
            bitBuffer |= Int(input[pos]) << bitCount
            pos += 1; bitCount += 8
        }
        let v = bitBuffer & ((1 << n) - 1)
        bitBuffer >>= n; bitCount -= n
        return v
    }

    private mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for len in 1..<16 {
            code |= try bits(1)
            let count = h.counts[len]
            if code - count < first { return h.symbols[index + (code - first)] }
            index += count; first += count
            first <<= 1; code <<= 1
        }
        throw MiniPNG.Failure("bad Huffman code")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59,
                                     67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                                   1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    mutating func inflate() throws -> [UInt8] {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0:
                bitBuffer = 0; bitCount = 0
                guard pos + 4 <= input.count else { throw MiniPNG.Failure("stored block ends early") }
                let n = Int(input[pos]) | Int(input[pos + 1]) << 8
                pos += 4
                guard pos + n <= input.count else { throw MiniPNG.Failure("stored block ends early") }
                out += input[pos..<(pos + n)]
                pos += n
            case 1:
                let lit = Huffman(lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112)
                                  + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
                try codes(lit, Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let nlen = try bits(5) + 257, ndist = try bits(5) + 1, ncode = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var cl = [Int](repeating: 0, count: 19)
                for i in 0..<ncode { cl[order[i]] = try bits(3) }
                let lencode = Huffman(lengths: cl)
                var lengths: [Int] = []
                while lengths.count < nlen + ndist {
                    let sym = try decode(lencode)
                    switch sym {
                    case 0..<16: lengths.append(sym)
                    case 16:
                        guard let prev = lengths.last else { throw MiniPNG.Failure("repeat with no length") }
                        lengths += [Int](repeating: prev, count: 3 + (try bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try codes(Huffman(lengths: Array(lengths[0..<nlen])), Huffman(lengths: Array(lengths[nlen...])))
            default:
                throw MiniPNG.Failure("bad deflate block type")
            }
        } while last == 0
        return out
    }

    private mutating func codes(_ lit: Huffman, _ dist: Huffman) throws {
        while true {
            let sym = try decode(lit)
            if sym < 256 { out.append(UInt8(sym)); continue }
            if sym == 256 { return }
            let l = sym - 257
            guard l < 29 else { throw MiniPNG.Failure("bad length symbol") }
            let len = Inflater.lengthBase[l] + (try bits(Inflater.lengthExtra[l]))
            let d = try decode(dist)
            guard d < 30 else { throw MiniPNG.Failure("bad distance symbol") }
            let distance = Inflater.distBase[d] + (try bits(Inflater.distExtra[d]))
            guard distance <= out.count else { throw MiniPNG.Failure("distance too far back") }
            for _ in 0..<len { out.append(out[out.count - distance]) }
        }
    }
}
