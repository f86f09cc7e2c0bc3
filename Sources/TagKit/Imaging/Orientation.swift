/// EXIF orientation (TIFF tag 0x0112), 1–8: how a stored pixel grid is turned to be seen upright.
///
/// | value | case                     | to show the stored grid upright                               |
/// |-------|--------------------------|---------------------------------------------------------------|
/// | 1     | `upright`                | leave it                                                      |
/// | 2     | `mirrorLeftRight`        | mirror left–right                                             |
/// | 3     | `rotate180`              | rotate 180°                                                   |
/// | 4     | `mirrorTopBottom`        | mirror top–bottom                                             |
/// | 5     | `transpose`              | transpose (mirror across the top-left–bottom-right diagonal)  |
/// | 6     | `rotateClockwise`        | rotate 90° clockwise                                          |
/// | 7     | `transverse`             | transverse (mirror across the top-right–bottom-left diagonal) |
/// | 8     | `rotateCounterClockwise` | rotate 90° counter-clockwise                                  |
///
/// Values 5–8 swap width and height. `rawValue` is the EXIF number, as projects store it and
/// `info` prints it. Only the EXIF reader (`init(inTIFF:)`) maps a missing or invalid value to
/// `upright`, since a broken EXIF block should not reject a photo whose pixels are fine; anywhere
/// else a number that is not 1–8 (`init(rawValue:)` gives nil) is an error, as in a project's
/// source row.
public enum Orientation: Int, Sendable, CaseIterable {
    /// 1: stored upright.
    case upright = 1
    /// 2: mirror left–right.
    case mirrorLeftRight = 2
    /// 3: rotate 180°.
    case rotate180 = 3
    /// 4: mirror top–bottom.
    case mirrorTopBottom = 4
    /// 5: mirror across the top-left–bottom-right diagonal.
    case transpose = 5
    /// 6: rotate 90° clockwise.
    case rotateClockwise = 6
    /// 7: mirror across the top-right–bottom-left diagonal.
    case transverse = 7
    /// 8: rotate 90° counter-clockwise.
    case rotateCounterClockwise = 8

    /// Whether showing the grid upright swaps width and height (5–8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of a `width × height` grid stored with this orientation.
    public func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Reads every row of `source` (a picture in stored orientation) and writes each pixel
    /// straight to its upright place in a new buffer, so turning costs no second picture.
    ///
    /// Orientations 5–8 turn rows into columns: written a stored row at a time, every pixel would
    /// land on another cache line. Instead a band of `bandRows` stored rows is read and turned as
    /// a tile: each stored column of the band becomes a run of `bandRows` neighbouring pixels of
    /// one upright row, written together.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    public func readUpright(_ source: inout some RowSource) throws -> PixelBuffer {
        guard self != .upright else { return try source.readAll() }
        let (w, h, c) = (source.width, source.height, source.channels)
        let (ow, oh) = uprightSize(width: w, height: h)
        let bandRows = swapsAxes ? 32 : 16
        var band = [UInt8](repeating: 0, count: bandRows * w * c)
        return try PixelBuffer(width: ow, height: oh, channels: c) { out in
            var sy = 0
            while sy < h {
                let n = try band.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: min(bandRows, h - sy)) }
                guard n > 0 else { throw ImageError.incomplete(rows: sy, of: h) }
                band.withUnsafeBufferPointer { rows in
                    if swapsAxes {
                        let (start, step) = placement(row: sy, width: w, height: h, channels: c, uprightWidth: ow)
                        // The next stored row lands one pixel on (5, 8) or back (6, 7) in every upright row.
                        let next = self == .transpose || self == .rotateCounterClockwise ? c : -c
                        Self.turnBand(rows.baseAddress!, rows: n, width: w, channels: c, to: out.baseAddress! + start, step: step, next: next)
                        return
                    }
                    for i in 0..<n {
                        let (start, step) = placement(row: sy + i, width: w, height: h, channels: c, uprightWidth: ow)
                        Self.scatter(rows.baseAddress! + i * w * c, count: w, channels: c,
                                     to: out.baseAddress! + start, step: step)
                    }
                }
                sy += n
            }
        }
    }

    /// Where stored row `sy` lands: the byte offset of its first pixel in the upright buffer and
    /// the (possibly negative) byte distance from one of its pixels to the next.
    func placement(row sy: Int, width w: Int, height h: Int, channels c: Int, uprightWidth ow: Int) -> (start: Int, step: Int) {
        let line = ow * c
        switch self {
        case .upright: return (sy * line, c)
        case .mirrorLeftRight: return ((sy * ow + w - 1) * c, -c)
        case .rotate180: return (((h - 1 - sy) * ow + w - 1) * c, -c)
        case .mirrorTopBottom: return ((h - 1 - sy) * line, c)
        case .transpose: return (sy * c, line)
        case .rotateClockwise: return ((h - 1 - sy) * c, line)
        case .transverse: return ((w - 1) * line + (h - 1 - sy) * c, -line)
        case .rotateCounterClockwise: return ((w - 1) * line + sy * c, -line)
        }
    }

    /// Turns a band of `rows` packed stored rows: stored pixel (x, i) goes to `target + x·step +
    /// i·next`. The inner loop walks down the band, so each upright row gets `rows` pixels in a
    /// run; the band itself stays in cache while it is read column by column.
    private static func turnBand(_ band: UnsafePointer<UInt8>, rows: Int, width: Int, channels c: Int,
                                 to target: UnsafeMutablePointer<UInt8>, step: Int, next: Int) {
        let rowBytes = width * c
        for x in 0..<width {
            var from = band + x * c
            var to = target + x * step
            if c == 3 {
                for _ in 0..<rows {
                    to[0] = from[0]; to[1] = from[1]; to[2] = from[2]
                    from += rowBytes; to += next
                }
            } else {
                for _ in 0..<rows {
                    to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = from[3]
                    from += rowBytes; to += next
                }
            }
        }
    }

    /// Copies `count` pixels from a packed row to `target`, `step` bytes apart.
    private static func scatter(_ source: UnsafePointer<UInt8>, count: Int, channels: Int,
                                to target: UnsafeMutablePointer<UInt8>, step: Int) {
        if step == channels {
            target.update(from: source, count: count * channels)
            return
        }
        var from = source, to = target
        if channels == 3 {
            for _ in 0..<count {
                to[0] = from[0]; to[1] = from[1]; to[2] = from[2]
                from += 3; to += step
            }
        } else {
            for _ in 0..<count {
                to[0] = from[0]; to[1] = from[1]; to[2] = from[2]; to[3] = from[3]
                from += 4; to += step
            }
        }
    }
}

extension PixelBuffer {
    /// The upright picture of this buffer, taken as stored with `orientation`. See `Orientation`
    /// for what each value does.
    public func oriented(_ orientation: Orientation) -> PixelBuffer {
        guard orientation != .upright else { return self }
        var rows = PixelBufferRows(self)
        // A PixelBufferRows never fails and never ends early.
        return try! orientation.readUpright(&rows)
    }
}
