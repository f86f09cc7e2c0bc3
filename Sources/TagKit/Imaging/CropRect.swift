/// A rectangle of whole pixels in a picture, as crops use it: top-left corner `x, y`, size `width × height`.
public struct CropRect: Sendable, Equatable, CustomStringConvertible {
    /// Column of the leftmost pixel.
    public var x: Int
    /// Row of the top pixel.
    public var y: Int
    /// Number of columns.
    public var width: Int
    /// Number of rows.
    public var height: Int

    /// A rectangle from pixel coordinates.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels a normalized rectangle covers in a `pictureWidth × pictureHeight` picture.
    ///
    /// Rounding: each *edge* goes to the nearest pixel boundary, `left = round(x·W)`,
    /// `right = round((x + width)·W)` (halves away from zero), and likewise vertically. Rounding
    /// edges rather than sizes means crops that share an edge share a pixel boundary, and
    /// `0, 0, 1, 1` is exactly the whole picture. Values are clamped to `[0, 1]` (NaN counts as
    /// 0); a rectangle thinner than one pixel is widened to one pixel, kept inside the picture.
    public init(normalizedX x: Double, y: Double, width: Double, height: Double,
                pictureWidth: Int, pictureHeight: Int) {
        precondition(pictureWidth > 0 && pictureHeight > 0, "a picture needs at least one pixel")
        let (left, right) = Self.span(x, width, size: pictureWidth)
        let (top, bottom) = Self.span(y, height, size: pictureHeight)
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The pixels a project's `Crop` covers in a `pictureWidth × pictureHeight` upright picture,
    /// by the crop's own rounding rule (`Crop.pixelRect`), which is the same as above.
    public init(_ crop: Crop, pictureWidth: Int, pictureHeight: Int) {
        let r = crop.pixelRect(width: pictureWidth, height: pictureHeight)
        self.init(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// Pixel boundaries of a normalized start and length along an axis of `size` pixels.
    private static func span(_ start: Double, _ length: Double, size: Int) -> (Int, Int) {
        func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        let a = clamp(start), b = clamp(start + (length.isNaN ? 0 : length))
        var low = Int((min(a, b) * Double(size)).rounded()), high = Int((max(a, b) * Double(size)).rounded())
        if high - low < 1 {
            if high < size { high = low + 1 } else { low = size - 1; high = size }
        }
        return (low, high)
    }

    /// Whether the rectangle is non-empty and lies inside a `width × height` picture.
    public func fits(width pictureWidth: Int, height pictureHeight: Int) -> Bool {
        x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= pictureWidth && y + height <= pictureHeight
    }

    /// "W×H at X,Y".
    public var description: String { "\(width)×\(height) at \(x),\(y)" }
}

extension PixelBuffer {
    /// The pixels inside `rect`, which must lie inside the picture, as a new buffer.
    public func cropped(to rect: CropRect) -> PixelBuffer {
        precondition(rect.fits(width: width, height: height), "crop \(rect) outside \(width)×\(height)")
        if rect == CropRect(x: 0, y: 0, width: width, height: height) { return self }
        let (c, source) = (channels, rowBytes)
        return PixelBuffer(width: rect.width, height: rect.height, channels: c) { out in
            bytes.withUnsafeBufferPointer { input in
                for row in 0..<rect.height {
                    (out.baseAddress! + row * rect.width * c).update(
                        from: input.baseAddress! + (rect.y + row) * source + rect.x * c, count: rect.width * c)
                }
            }
        }
    }

    /// The part of this (upright) picture a project's `Crop` keeps.
    public func cropped(to crop: Crop) -> PixelBuffer {
        cropped(to: CropRect(crop, pictureWidth: width, pictureHeight: height))
    }

    /// Crops to a normalized rectangle of this (upright) picture; see
    /// `CropRect.init(normalizedX:y:width:height:pictureWidth:pictureHeight:)` for the rounding.
    public func cropped(normalizedX x: Double, y: Double, width w: Double, height h: Double) -> PixelBuffer {
        cropped(to: CropRect(normalizedX: x, y: y, width: w, height: h, pictureWidth: width, pictureHeight: height))
    }
}

/// The pixels of a rectangle of another `RowSource`, streamed: rows above the rectangle are read
/// and dropped, columns outside it are skipped, rows below it are never read.
public struct CroppedRows<Source: RowSource>: RowSource {
    private var source: Source
    /// The rectangle taken from the source.
    public let rect: CropRect
    private var sourceRow = 0
    private var scratch: [UInt8] = []

    /// Crops `source` (at its first row) to `rect`, which must lie inside it.
    public init(_ source: Source, rect: CropRect) {
        precondition(rect.fits(width: source.width, height: source.height), "crop \(rect) outside the source")
        self.source = source
        self.rect = rect
    }

    /// The rectangle's width.
    public var width: Int { rect.width }
    /// The rectangle's height.
    public var height: Int { rect.height }
    /// The source's channels.
    public var channels: Int { source.channels }

    /// Reads the next rows of the rectangle; see `RowSource.readRows(into:count:)`.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        let wanted = min(count, rect.y + rect.height - max(sourceRow, rect.y))
        guard wanted > 0 else { return 0 }
        let (c, full) = (channels, source.rowBytes)
        var produced = 0
        while produced < wanted {
            let skip = max(rect.y - sourceRow, 0)
            let batch = skip > 0 ? min(skip, 64) : wanted - produced
            if scratch.count < batch * full { scratch = [UInt8](repeating: 0, count: batch * full) }
            let n = try scratch.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: batch) }
            guard n > 0 else { throw ImageError.incomplete(rows: sourceRow, of: source.height) }
            sourceRow += n
            if skip > 0 { continue }
            scratch.withUnsafeBufferPointer { rows in
                for i in 0..<n {
                    (buffer.baseAddress! + (produced + i) * rect.width * c).update(
                        from: rows.baseAddress! + i * full + rect.x * c, count: rect.width * c)
                }
            }
            produced += n
        }
        return produced
    }
}
