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
    /// Rows produced: the resized picture's height, or the band's.
    public let height: Int
    /// The resized picture's rows this produces.
    private let band: Range<Int>
    /// The source's channels.
    public var channels: Int { source.channels }

    private let horizontal: FilterTaps
    private let vertical: FilterTaps
    private var ring: [Float]          // rows of horizontally filtered input, slot = row % ringRows
    private let ringRows: Int
    private let ringStride: Int        // floats per ring row: the row, one spare float, rounded up to 4
    private var nextInputRow = 0
    private var nextOutputRow = 0
    private var inputRow: [UInt8]
    private var inputFloats: [Float]   // the input row as floats (premultiplied for RGBA), one spare
    private var tapOffsets: [Int]      // where each vertical tap's ring row starts, for one output row
    private var tapWeights: [SIMD4<Float>]  // the vertical taps' weights for one output row, in every lane
    private let horizontalWeights: [SIMD4<Float>]  // `horizontal.table`, each weight in every lane

    /// Resizes `source` (at its first row) to `width × height` (each at least 1).
    public init(_ source: Source, width: Int, height: Int) {
        self.init(source, width: width, height: height, band: 0..<height, sourceHeight: source.height)
    }

    /// The rows `band` of `source`, a picture of `sourceHeight` rows, resized to `width × height`:
    /// one band of the resized picture, exactly as the whole would have it, so that bands can be
    /// made on several threads at once. `source` starts at the first row the band needs,
    /// `FilterTaps.first(of: band.lowerBound, from: sourceHeight, to: height)`.
    init(_ source: Source, width: Int, height: Int, band: Range<Int>, sourceHeight: Int) {
        precondition(width > 0 && height > 0, "the resized picture needs at least one pixel")
        precondition(band.lowerBound >= 0 && band.upperBound <= height && !band.isEmpty, "the band \(band) is outside the picture")
        self.source = source
        self.width = width
        self.height = band.count
        self.band = band
        horizontal = FilterTaps(from: source.width, to: width)
        vertical = FilterTaps(from: sourceHeight, to: height)
        nextOutputRow = band.lowerBound
        nextInputRow = vertical.window(band.lowerBound).first
        ringRows = min(vertical.maxCount, sourceHeight)
        // Four floats are loaded and stored at a time: an RGB pixel's fourth lane spills into the
        // next pixel, or into the spare float after the last one.
        ringStride = (width * source.channels + 1 + 3) & ~3
        ring = [Float](repeating: 0, count: ringRows * ringStride)
        inputRow = [UInt8](repeating: 0, count: source.rowBytes)
        inputFloats = [Float](repeating: 0, count: source.rowBytes + 1)
        tapOffsets = [Int](repeating: 0, count: vertical.maxCount)
        tapWeights = [SIMD4<Float>](repeating: SIMD4(), count: vertical.maxCount)
        horizontalWeights = horizontal.table.map { SIMD4(repeating: $0) }
    }

    /// Produces the next resized rows, reading source rows as the filter needs them.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let n = min(count, band.upperBound - nextOutputRow)
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
    ///
    /// The row is turned into floats once (RGBA premultiplied by alpha, so that transparent pixels
    /// lend no colour); each output pixel is then a sum of whole input pixels, four lanes at a time.
    private mutating func loadInputRow() throws {
        let read = try inputRow.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: 1) }
        guard read == 1 else { throw ImageError.incomplete(rows: nextInputRow, of: source.height) }
        let (c, outWidth, taps) = (channels, width, horizontal)
        let slot = (nextInputRow % ringRows) * ringStride
        inputRow.withUnsafeBufferPointer { bytes in
            inputFloats.withUnsafeMutableBufferPointer { floats in
                Self.widen(bytes.baseAddress!, count: bytes.count, channels: c, into: floats.baseAddress!)
            }
        }
        inputFloats.withUnsafeBufferPointer { input in
            horizontalWeights.withUnsafeBufferPointer { table in
                ring.withUnsafeMutableBufferPointer { ring in
                    let out = UnsafeMutableRawPointer(ring.baseAddress! + slot)
                    let stride = 4 * c
                    for x in 0..<outWidth {
                        let (first, count) = taps.window(x)
                        let weights = table.baseAddress! + x * taps.maxCount
                        var p = UnsafeRawPointer(input.baseAddress! + first * c)
                        var sum = SIMD4<Float>()
                        for k in 0..<count {
                            sum += p.loadUnaligned(as: SIMD4<Float>.self) * weights[k]
                            p += stride
                        }
                        out.storeBytes(of: sum, toByteOffset: x * stride, as: SIMD4<Float>.self)
                    }
                }
            }
        }
        nextInputRow += 1
    }

    /// Bytes to floats; RGBA colour premultiplied by alpha (over 255, so colour stays 0–255 scale
    /// times coverage).
    private static func widen(_ bytes: UnsafePointer<UInt8>, count: Int, channels: Int, into floats: UnsafeMutablePointer<Float>) {
        if channels == 3 {
            for i in 0..<count { floats[i] = Float(bytes[i]) }
            return
        }
        for i in stride(from: 0, to: count, by: 4) {
            let a = Float(bytes[i + 3])
            let scale = a / 255
            floats[i] = Float(bytes[i]) * scale
            floats[i + 1] = Float(bytes[i + 1]) * scale
            floats[i + 2] = Float(bytes[i + 2]) * scale
            floats[i + 3] = a
        }
    }

    /// Combines the ring rows `first ..< first + taps` into one output row of bytes, four floats at
    /// a time with the sum kept in a register across the taps.
    private mutating func writeOutputRow(first: Int, taps: Int, to target: UnsafeMutablePointer<UInt8>) {
        let (c, length, ringRows, ringStride) = (channels, width * channels, ringRows, ringStride)
        let weightOffset = nextOutputRow * vertical.maxCount
        let ring = self.ring  // a read-only copy shares storage
        for k in 0..<taps {
            tapOffsets[k] = ((first + k) % ringRows) * ringStride * MemoryLayout<Float>.stride
            tapWeights[k] = SIMD4(repeating: vertical.table[weightOffset + k])
        }
        tapOffsets.withUnsafeBufferPointer { offsets in
            tapWeights.withUnsafeBufferPointer { weights in
                ring.withUnsafeBufferPointer { ring in
                    let base = UnsafeRawPointer(ring.baseAddress!)
                    for i in stride(from: 0, to: length, by: 4) {
                        let at = base + i * MemoryLayout<Float>.stride
                        var sum = SIMD4<Float>()
                        for k in 0..<taps {
                            sum += at.loadUnaligned(fromByteOffset: offsets[k], as: SIMD4<Float>.self) * weights[k]
                        }
                        if c == 4 {  // one pixel: undo the premultiplication
                            let alpha = sum[3]
                            let unpremultiply: Float = alpha > 0.5 ? 255 / alpha : 0
                            sum = SIMD4(sum[0] * unpremultiply, sum[1] * unpremultiply, sum[2] * unpremultiply, alpha)
                        }
                        if i + 4 <= length {
                            target[i] = Self.byte(sum[0]); target[i + 1] = Self.byte(sum[1])
                            target[i + 2] = Self.byte(sum[2]); target[i + 3] = Self.byte(sum[3])
                        } else {
                            for lane in 0..<(length - i) { target[i + lane] = Self.byte(sum[lane]) }
                        }
                    }
                }
            }
        }
    }

    /// The nearest byte to `value`, clamped to 0–255: 1.5 × 2²³ added to a float in that range
    /// leaves its nearest integer in the low bits of the mantissa, with no checked conversion.
    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (min(max(value, 0), 255) + 12_582_912).bitPattern)
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
            let low = Self.first(of: i, from: inSize, to: outSize)
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

    /// The first input index that output index `i` reads.
    static func first(of i: Int, from inSize: Int, to outSize: Int) -> Int {
        let scale = Double(inSize) / Double(outSize)
        return max(Int(((Double(i) + 0.5) * scale - 3 * max(scale, 1)).rounded(.down)), 0)
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
