/// EXIF orientation (TIFF tag 0x0112): how a stored pixel grid is turned to be seen upright.
///
/// | value | to show the stored grid upright                                    |
/// |-------|--------------------------------------------------------------------|
/// | 1     | leave it                                                           |
/// | 2     | mirror left–right                                                  |
/// | 3     | rotate 180°                                                        |
/// | 4     | mirror top–bottom                                                  |
/// | 5     | transpose (mirror across the top-left–bottom-right diagonal)       |
/// | 6     | rotate 90° clockwise                                               |
/// | 7     | transverse (mirror across the top-right–bottom-left diagonal)      |
/// | 8     | rotate 90° counter-clockwise                                       |
///
/// Values 5–8 swap width and height. Any other value is treated as 1.
public enum Orientation {
    /// The upright size of a `width × height` grid stored with `orientation`.
    public static func uprightSize(width: Int, height: Int, orientation: Int) -> (width: Int, height: Int) {
        (5...8).contains(orientation) ? (height, width) : (width, height)
    }

    /// Reads every row of `source` (a picture in stored orientation) and writes each pixel
    /// straight to its upright place in a new buffer, so turning costs no second picture.
    ///
    /// Orientations 5–8 turn rows into columns: written a stored row at a time, every pixel would
    /// land on another cache line. Instead a band of `bandRows` stored rows is read and turned as
    /// a tile: each stored column of the band becomes a run of `bandRows` neighbouring pixels of
    /// one upright row, written together.
    /// - Throws: the source's error, or `ImageError.incomplete` if it ends early.
    public static func readUpright(_ source: inout some RowSource, orientation: Int) throws -> PixelBuffer {
        guard (2...8).contains(orientation) else { return try source.readAll() }
        let (w, h, c) = (source.width, source.height, source.channels)
        let (ow, oh) = uprightSize(width: w, height: h, orientation: orientation)
        let bandRows = orientation >= 5 ? 32 : 16
        var band = [UInt8](repeating: 0, count: bandRows * w * c)
        return try PixelBuffer(width: ow, height: oh, channels: c) { out in
            var sy = 0
            while sy < h {
                let n = try band.withUnsafeMutableBufferPointer { try source.readRows(into: $0, count: min(bandRows, h - sy)) }
                guard n > 0 else { throw ImageError.incomplete(rows: sy, of: h) }
                band.withUnsafeBufferPointer { rows in
                    if orientation >= 5 {
                        let (start, step) = placement(row: sy, width: w, height: h, channels: c, uprightWidth: ow, orientation: orientation)
                        // The next stored row lands one pixel on (5, 8) or back (6, 7) in every upright row.
                        let next = orientation == 5 || orientation == 8 ? c : -c
                        turnBand(rows.baseAddress!, rows: n, width: w, channels: c, to: out.baseAddress! + start, step: step, next: next)
                        return
                    }
                    for i in 0..<n {
                        let (start, step) = placement(row: sy + i, width: w, height: h, channels: c,
                                                      uprightWidth: ow, orientation: orientation)
                        scatter(rows.baseAddress! + i * w * c, count: w, channels: c,
                                to: out.baseAddress! + start, step: step)
                    }
                }
                sy += n
            }
        }
    }

    /// Where stored row `sy` lands: the byte offset of its first pixel in the upright buffer and
    /// the (possibly negative) byte distance from one of its pixels to the next.
    static func placement(row sy: Int, width w: Int, height h: Int, channels c: Int,
                          uprightWidth ow: Int, orientation: Int) -> (start: Int, step: Int) {
        let line = ow * c
        switch orientation {
        case 2: return ((sy * ow + w - 1) * c, -c)
        case 3: return (((h - 1 - sy) * ow + w - 1) * c, -c)
        case 4: return ((h - 1 - sy) * line, c)
        case 5: return (sy * c, line)
        case 6: return ((h - 1 - sy) * c, line)
        case 7: return ((w - 1) * line + (h - 1 - sy) * c, -line)
        case 8: return ((w - 1) * line + sy * c, -line)
        default: return (sy * line, c)
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
    /// The upright picture of this buffer, taken as stored with EXIF `orientation` (1–8; any
    /// other value returns the buffer unchanged). See `Orientation` for what each value does.
    public func oriented(_ orientation: Int) -> PixelBuffer {
        guard (2...8).contains(orientation) else { return self }
        var rows = PixelBufferRows(self)
        // A PixelBufferRows never fails and never ends early.
        return try! Orientation.readUpright(&rows, orientation: orientation)
    }
}
