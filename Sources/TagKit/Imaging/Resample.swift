import CShims
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
    private var inputFloats: [Float]   // the input row, four floats a pixel (premultiplied for RGBA), then zeros

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
        // After the row, zeros for the taps a pixel at the right edge is padded with.
        inputFloats = [Float](repeating: 0, count: 4 * (source.width + horizontal.tableStride))
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
    /// The row is turned into floats once, four a pixel (RGBA premultiplied by alpha, so that
    /// transparent pixels lend no colour); each output pixel is then a sum of whole input pixels,
    /// four taps a step (`tp_resample_across`).
    private mutating func loadInputRow() throws {
        let read = try inputRow.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: 1) }
        guard read == 1 else { throw ImageError.incomplete(rows: nextInputRow, of: source.height) }
        let (c, outWidth, taps) = (channels, width, horizontal)
        let slot = (nextInputRow % ringRows) * ringStride
        inputRow.withUnsafeBufferPointer { bytes in
            inputFloats.withUnsafeMutableBufferPointer { floats in
                tp_resample_widen(bytes.baseAddress!, bytes.count / c, Int32(c), floats.baseAddress!)
            }
        }
        inputFloats.withUnsafeBufferPointer { input in
            ring.withUnsafeMutableBufferPointer { ring in
                taps.withTables { firsts, weights in
                    tp_resample_across(input.baseAddress!, Int32(c), Int32(outWidth), firsts, weights,
                                       Int32(taps.tableStride), ring.baseAddress! + slot)
                }
            }
        }
        nextInputRow += 1
    }

    /// Combines the ring rows `first ..< first + taps` into one output row of bytes
    /// (`tp_resample_down`: eight floats a step, an RGBA pixel at a time).
    private mutating func writeOutputRow(first: Int, taps: Int, to target: UnsafeMutablePointer<UInt8>) {
        let (c, length, ringRows, ringStride) = (channels, width * channels, ringRows, ringStride)
        let weightOffset = nextOutputRow * vertical.tableStride
        let ring = self.ring  // a read-only copy shares storage
        ring.withUnsafeBufferPointer { ring in
            vertical.table.withUnsafeBufferPointer { table in
                withUnsafeTemporaryAllocation(of: UnsafePointer<Float>?.self, capacity: taps) { rows in
                    for k in 0..<taps { rows[k] = ring.baseAddress! + ((first + k) % ringRows) * ringStride }
                    tp_resample_down(rows.baseAddress!, table.baseAddress! + weightOffset, Int32(taps), length, Int32(c), target)
                }
            }
        }
    }
}

/// The Lanczos-3 weights for one axis: for each output index, the first input index and the
/// normalised weights of the inputs that contribute to it.
struct FilterTaps: Sendable {
    /// The most inputs any output index uses.
    let maxCount: Int
    /// Weights per output index in `table`: the most any index has, rounded up to a multiple of
    /// four, as the taps across a row are taken four at a time, all of them for every pixel.
    let tableStride: Int
    private let firsts: [Int32]
    private let counts: [Int32]
    /// `tableStride` weights per output index, zero-padded, and four zeros more.
    let table: [Float]

    init(from inSize: Int, to outSize: Int) {
        let scale = Double(inSize) / Double(outSize)
        let widen = max(scale, 1)
        let support = 3 * widen
        maxCount = min(Int((2 * support).rounded(.up)) + 2, inSize)
        var firsts: [Int32] = [], counts: [Int32] = [], kept: [[Float]] = []
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
            firsts.append(Int32(low))
            counts.append(Int32(min(weights.count, maxCount)))
            kept.append(weights.prefix(maxCount).map(Float.init))
        }
        let stride = ((kept.map(\.count).max() ?? 1) + 3) & ~3
        tableStride = stride
        // Four zeros after the last pixel's: the taps across a row read eight weights at a time.
        table = kept.flatMap { $0 + [Float](repeating: 0, count: stride - $0.count) } + [0, 0, 0, 0]
        self.firsts = firsts
        self.counts = counts
    }

    /// The first input index that output index `i` reads.
    static func first(of i: Int, from inSize: Int, to outSize: Int) -> Int {
        let scale = Double(inSize) / Double(outSize)
        return max(Int(((Double(i) + 0.5) * scale - 3 * max(scale, 1)).rounded(.down)), 0)
    }

    /// The first input index and the number of inputs for output index `i`.
    @inline(__always)
    func window(_ i: Int) -> (first: Int, count: Int) { (Int(firsts[i]), Int(counts[i])) }

    /// Calls `body` with the first inputs and the weights (`tableStride` a pixel), as C arrays.
    func withTables<T>(_ body: (UnsafePointer<Int32>, UnsafePointer<Float>) -> T) -> T {
        firsts.withUnsafeBufferPointer { f in table.withUnsafeBufferPointer { body(f.baseAddress!, $0.baseAddress!) } }
    }

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
