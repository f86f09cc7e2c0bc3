import Glibc

/// A picture resized with a separable Lanczos-3 filter, streamed row by row from another source.
///
/// Each axis is filtered on its own: every output pixel is a weighted sum of the input pixels
/// within 3 filter widths of its centre (pixel centres at `i + 0.5`, edges of the picture
/// handled by renormalising the weights that fall inside). When shrinking by a factor `s`, the
/// filter is widened by `s`, so every input pixel contributes to the output: for large
/// reductions this is area averaging with a smooth window, free of the aliasing that point
/// sampling would give, at a cost per *input* pixel that does not grow with `s`.
///
/// RGBA is filtered with premultiplied alpha, so transparent pixels lend no colour to their
/// neighbours. Only `3·s + 1` horizontally filtered rows are held at a time, so exporting a large
/// photo at a smaller size needs no picture-sized buffer.
public struct ResampledRows<Source: RowSource>: RowSource {
    private var source: Source
    /// Width of the resized picture.
    public let width: Int
    /// Height of the resized picture.
    public let height: Int
    /// The source's channels.
    public var channels: Int { source.channels }

    private let horizontal: FilterTaps
    private let vertical: FilterTaps
    private var ring: [Float]          // rows of horizontally filtered input, slot = row % ringRows
    private let ringRows: Int
    private var nextInputRow = 0
    private var nextOutputRow = 0
    private var inputRow: [UInt8]
    private var sums: [Float]

    /// Resizes `source` (at its first row) to `width × height` (each at least 1).
    public init(_ source: Source, width: Int, height: Int) {
        precondition(width > 0 && height > 0, "the resized picture needs at least one pixel")
        self.source = source
        self.width = width
        self.height = height
        horizontal = FilterTaps(from: source.width, to: width)
        vertical = FilterTaps(from: source.height, to: height)
        ringRows = min(vertical.maxCount, source.height)
        ring = [Float](repeating: 0, count: ringRows * width * source.channels)
        inputRow = [UInt8](repeating: 0, count: source.rowBytes)
        sums = [Float](repeating: 0, count: width * source.channels)
    }

    /// Produces the next resized rows, reading source rows as the filter needs them.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let n = min(count, height - nextOutputRow)
        guard n > 0 else { return 0 }
        precondition(buffer.count >= n * rowBytes, "row buffer too small")
        for i in 0..<n {
            let (first, taps) = vertical.window(nextOutputRow)
            while nextInputRow < first + taps {
                try loadInputRow()
            }
            writeOutputRow(first: first, taps: taps, to: buffer.baseAddress! + i * rowBytes)
            nextOutputRow += 1
        }
        return n
    }

    /// Reads the next input row and filters it horizontally into its ring slot.
    private mutating func loadInputRow() throws {
        let read = try inputRow.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: 1) }
        guard read == 1 else { throw ImageError.incomplete(rows: nextInputRow, of: source.height) }
        let (c, outWidth, taps) = (channels, width, horizontal)
        let slot = (nextInputRow % ringRows) * outWidth * c
        inputRow.withUnsafeBufferPointer { input in
            taps.table.withUnsafeBufferPointer { table in
                ring.withUnsafeMutableBufferPointer { ring in
                    let out = ring.baseAddress! + slot
                    for x in 0..<outWidth {
                        let (first, count) = taps.window(x)
                        let weights = table.baseAddress! + x * taps.maxCount
                        let p = input.baseAddress! + first * c, o = out + x * c
                        if c == 4 {
                            Self.filterPremultiplied(p, weights, count, into: o)
                        } else {
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            for k in 0..<count {
                                let w = weights[k], q = p + 3 * k
                                r += w * Float(q[0]); g += w * Float(q[1]); b += w * Float(q[2])
                            }
                            o[0] = r; o[1] = g; o[2] = b
                        }
                    }
                }
            }
        }
        nextInputRow += 1
    }

    /// One RGBA output sample from `count` input pixels, colour premultiplied by alpha.
    @inline(__always)
    private static func filterPremultiplied(_ p: UnsafePointer<UInt8>, _ weights: UnsafePointer<Float>, _ count: Int,
                                            into o: UnsafeMutablePointer<Float>) {
        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
        for k in 0..<count {
            let q = p + 4 * k
            let wa = weights[k] * Float(q[3])
            r += wa * Float(q[0]); g += wa * Float(q[1]); b += wa * Float(q[2]); a += wa
        }
        o[0] = r / 255; o[1] = g / 255; o[2] = b / 255; o[3] = a
    }

    /// Combines the ring rows `first ..< first + taps` into one output row of bytes.
    private mutating func writeOutputRow(first: Int, taps: Int, to target: UnsafeMutablePointer<UInt8>) {
        let (c, length, ringRows) = (channels, width * channels, ringRows)
        let weightOffset = nextOutputRow * vertical.maxCount
        let (table, ring) = (vertical.table, self.ring)  // read-only copies share storage
        sums.withUnsafeMutableBufferPointer { sums in
            let acc = sums.baseAddress!
            acc.update(repeating: 0, count: length)
            ring.withUnsafeBufferPointer { ring in
                for k in 0..<taps {
                    let w = table[weightOffset + k]
                    let row = ring.baseAddress! + ((first + k) % ringRows) * length
                    for i in 0..<length { acc[i] += w * row[i] }
                }
            }
            if c == 3 {
                for i in 0..<length { target[i] = Self.byte(acc[i]) }
            } else {
                for x in stride(from: 0, to: length, by: 4) {
                    let alpha = acc[x + 3]
                    let unpremultiply: Float = alpha > 0.5 ? 255 / alpha : 0
                    target[x] = Self.byte(acc[x] * unpremultiply)
                    target[x + 1] = Self.byte(acc[x + 1] * unpremultiply)
                    target[x + 2] = Self.byte(acc[x + 2] * unpremultiply)
                    target[x + 3] = Self.byte(alpha)
                }
            }
        }
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(min(max(value + 0.5, 0), 255))
    }
}

/// The Lanczos-3 weights for one axis: for each output index, the first input index and the
/// normalised weights of the inputs that contribute to it.
struct FilterTaps: Sendable {
    /// The most inputs any output index uses.
    let maxCount: Int
    private let firsts: [Int]
    private let counts: [Int]
    /// `maxCount` weights per output index, zero-padded.
    let table: [Float]

    init(from inSize: Int, to outSize: Int) {
        let scale = Double(inSize) / Double(outSize)
        let widen = max(scale, 1)
        let support = 3 * widen
        maxCount = min(Int((2 * support).rounded(.up)) + 2, inSize)
        var firsts: [Int] = [], counts: [Int] = [], table: [Float] = []
        for i in 0..<outSize {
            let centre = (Double(i) + 0.5) * scale
            let low = max(Int((centre - support).rounded(.down)), 0)
            let high = min(Int((centre + support).rounded(.up)), inSize)
            var weights = (low..<high).map { FilterTaps.lanczos3((Double($0) + 0.5 - centre) / widen) }
            let total = weights.reduce(0, +)
            if total > 1e-9 {
                weights = weights.map { $0 / total }
            } else {  // cannot happen for Lanczos-3, but never divide by zero
                weights = weights.map { _ in 1 / Double(weights.count) }
            }
            firsts.append(low)
            counts.append(min(weights.count, maxCount))
            let kept = weights.prefix(maxCount).map(Float.init)
            table += kept + [Float](repeating: 0, count: maxCount - kept.count)
        }
        self.firsts = firsts
        self.counts = counts
        self.table = table
    }

    /// The first input index and the number of inputs for output index `i`.
    @inline(__always)
    func window(_ i: Int) -> (first: Int, count: Int) { (firsts[i], counts[i]) }

    static func lanczos3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }
}

extension PixelBuffer {
    /// This picture resized to `width × height` with Lanczos-3; see `ResampledRows`.
    /// The same size returns the picture unchanged.
    public func resized(width newWidth: Int, height newHeight: Int) -> PixelBuffer {
        if newWidth == width && newHeight == height { return self }
        var rows = ResampledRows(PixelBufferRows(self), width: newWidth, height: newHeight)
        // An in-memory source never fails or ends early.
        return try! rows.readAll()
    }
}
