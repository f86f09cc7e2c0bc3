import CShims
import Glibc

/// The lossless JPEG export: every 8×8 block no tag changes is written exactly as the source has
/// it; only the MCUs whose pixels the tags change are re-encoded, with the source's own colour
/// space, sampling and quantization tables (see `Sources/CShims/jpeg_lossless.c`). Nothing is
/// approximated: where the photo's own Huffman tables cannot code the new blocks, the scan is
/// coded with new tables (`Coding.newTables`). A greyscale photo gains colour planes, neutral
/// away from the tags, when its tags have colour (a red price stays red).
///
/// The tags' bounds are snapped out to the MCU grid and merged where they overlap; each such
/// rectangle is decoded (exactly as a full decode gives it), painted, and the MCUs in which a
/// pixel changed get new coefficients. Memory: the source's coefficients (128 bytes per 8×8 block
/// of every component, about 1.5 × 64 bytes a pixel for 4:2:0, 3 × for 4:4:4) plus the pixels
/// of one rectangle at a time, and the masks of the tags in it (each tag is rasterized when its
/// rectangle is painted, not beside the photo's blocks all along).
public enum LosslessJPEG {
    /// Writes `bytes` (a JPEG stored with EXIF `orientation`, `layout.size` large once turned
    /// upright and cut to `crop`) with the layout's tags to `sink`; returns the decoder's
    /// tolerated warning, if any. The plan has checked that the turn and crop are lossless.
    /// - Throws: `ImageError` for a damaged or oversized source; the sink's error when it refuses.
    static func export(_ bytes: UnsafeRawBufferPointer, layout: SceneLayout, orientation: Orientation = .upright, crop: CropRect? = nil,
                       maxPixels: Int, to sink: any OutputSink) throws -> Outcome {
        try rewrite(bytes, maxPixels: maxPixels, orientation: orientation, crop: crop, to: sink, bounds: tagBounds(layout), paint: tagPainter(layout))
    }

    /// `export` of a photo it may use up (see `ConsumableBytes`): a progressive photo that is
    /// neither turned nor cropped is decoded and written on two cores, its pages and blocks given
    /// back as they are used.
    /// - Throws: `UsedUp` when that decoder gave up on the photo after using it up (the caller
    ///   exports it again from bytes read anew, before anything reached `sink`); else as `export`.
    static func export(consuming photo: ConsumableBytes, layout: SceneLayout, orientation: Orientation = .upright, crop: CropRect? = nil,
                       maxPixels: Int, to sink: any OutputSink) throws -> Outcome {
        try withExtendedLifetime(photo) {
            try rewrite(UnsafeRawBufferPointer(photo.buffer), maxPixels: maxPixels, orientation: orientation, crop: crop,
                        consuming: orientation == .upright && crop == nil, to: sink, bounds: tagBounds(layout), paint: tagPainter(layout))
        }
    }

    /// The own decoder of a progressive photo gave up after using the photo up (`export(consuming:)`).
    public struct UsedUp: Error {}

    /// The rectangles the layout's tags paint, once the picture is checked to be the layout's size.
    private static func tagBounds(_ layout: SceneLayout) -> (PictureSize) throws -> [PixelRect] {
        { size in
            guard size == layout.size else {
                throw ImageError.failed(.jpeg, "the tags are laid out on \(layout.size.width)×\(layout.size.height), the JPEG is \(size.width)×\(size.height)")
            }
            return layout.drawings.map { TagPainter.bounds($0.geometry, picture: size) }
        }
    }

    /// Rasterizes and paints, in order, the layout's tags that reach into a rectangle: their masks
    /// are held only while it is painted.
    private static func tagPainter(_ layout: SceneLayout) -> (RowBand, PixelRect) -> Void {
        { band, rect in
            for drawing in layout.drawings where !TagPainter.bounds(drawing.geometry, picture: layout.size).intersection(rect).isEmpty {
                TagPainter.prepare(drawing.geometry, glyphs: drawing.glyphs, picture: layout.size, kind: drawing.kind,
                                   priceSplit: drawing.priceSplit).paint(into: band)
            }
        }
    }

    /// Writes the JPEG in `bytes` to `sink` with `paint` applied to the pixels in `bounds`, every
    /// block outside the MCUs whose pixels `paint` changed kept as it is. The picture is first
    /// turned upright from EXIF `orientation` and cut to `crop` (upright pixels; nil: all of it)
    /// in the coefficient domain, block by block, as `jpegtran -perfect` would. `bounds` is given the
    /// picture's size and returns the rectangles `paint` may change; `paint` is called once per
    /// merged rectangle with a window of that rectangle's pixels (`RowBand(window:…)`) and must
    /// write nothing outside the rectangle; it may be called twice for a
    /// rectangle (when the MCU path gives up, see `rewriteByMCUs`). (Not rectangle by rectangle cut
    /// into strips of MCU rows: a strip decoded after the one above it was re-encoded would see
    /// that strip's new chroma at its top edge, where 4:2:0's upsampling reaches, and differ from
    /// the whole picture's. The transcoder decodes and re-encodes a rectangle in strips, all of
    /// them decoded before any is re-encoded.) A baseline source goes by
    /// MCUs unless `byMCUs` is false: the MCUs no tag touches are copied as they were coded. A
    /// greyscale source is painted with colour planes and written with them if `paint` left colour
    /// (`Outcome.gainedColour`); its luma blocks are kept all the same.
    /// - Throws: `ImageError` for a damaged or oversized source, or one whose edges do not allow
    ///   the turn or crop (see `obstacle(orientation:crop:grid:)`); the sink's error when it
    ///   refuses; what `bounds` throws.
    public static func rewrite(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, maxScans: Int = JPEGRowReader.defaultMaxScans,
                               orientation: Orientation = .upright, crop: CropRect? = nil, byMCUs: Bool = true,
                               to sink: any OutputSink, bounds: (PictureSize) throws -> [PixelRect],
                               paint: (RowBand, PixelRect) -> Void) throws -> Outcome {
        try rewrite(bytes, maxPixels: maxPixels, maxScans: maxScans, orientation: orientation, crop: crop, byMCUs: byMCUs,
                    consuming: false, to: sink, bounds: bounds, paint: paint)
    }

    /// `rewrite`, which with `consuming` may use `bytes` up (they are a `ConsumableBytes`'s; see
    /// `export(consuming:)`), and then throws `UsedUp` where the own decoder gives up.
    public static func rewrite(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, maxScans: Int = JPEGRowReader.defaultMaxScans,
                        orientation: Orientation, crop: CropRect?, byMCUs: Bool = true, consuming: Bool,
                        to sink: any OutputSink, bounds: (PictureSize) throws -> [PixelRect],
                        paint: (RowBand, PixelRect) -> Void) throws -> Outcome {
        if byMCUs && orientation == .upright && crop == nil,
           let done = try rewriteByMCUs(bytes, maxPixels: maxPixels, to: sink, bounds: bounds, paint: paint) {
            return done
        }
        var opened: OpaquePointer?
        if let (code, message) = ShimCall.run({ msg, cap in
            consuming
                ? tp_lossless_open_consuming(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, UInt64(maxPixels),
                                             Int32(maxScans), &opened, msg, cap)
                : tp_lossless_open(bytes.baseAddress, bytes.count, UInt64(maxPixels), Int32(maxScans), &opened, msg, cap)
        }) {
            if code == TP_RETRY { throw UsedUp() }
            throw ShimCall.error(code: code, message: message, format: .jpeg, tooLarge: nil)
        }
        let transcoder = opened!
        defer { tp_lossless_close(transcoder) }
        var info = tp_lossless_info()
        if orientation != .upright || crop != nil {
            tp_lossless_get_info(transcoder, &info)
            let upright = orientation.uprightSize(width: Int(info.width), height: Int(info.height))
            let cut = crop ?? CropRect(x: 0, y: 0, width: upright.width, height: upright.height)
            try ShimCall.check(.jpeg) { msg, cap in
                tp_lossless_transform(transcoder, Int32(orientation.rawValue), Int32(cut.x), Int32(cut.y), Int32(cut.width),
                                      Int32(cut.height), msg, cap)
            }
        }
        try ShimCall.check(.jpeg) { msg, cap in tp_lossless_add_colour(transcoder, msg, cap) }
        tp_lossless_get_info(transcoder, &info)
        let size = PictureSize(width: Int(info.width), height: Int(info.height))
        let mcu = (width: Int(info.mcu_width), height: Int(info.mcu_height))
        for rect in regions(try bounds(size), mcu: mcu, picture: size) {
            try repaint(rect, transcoder: transcoder, mcu: mcu, pictureWidth: size.width, paint: paint)
        }
        let bridge = ShimEncoding.Bridge(sink)
        try withExtendedLifetime(bridge) {
            do {
                try ShimCall.check(.jpeg) { msg, cap in
                    tp_lossless_write(transcoder, ShimEncoding.write, Unmanaged.passUnretained(bridge).toOpaque(), msg, cap)
                }
            } catch {
                throw bridge.error ?? error
            }
        }
        return Outcome(warning: ShimCall.string(tp_lossless_warning(transcoder)), byMCUs: false, coding: .newTables,
                       gainedColour: tp_lossless_wrote_colour(transcoder) != 0)
    }

    /// How the blocks no tag touches were written: their coefficients are the source's either way.
    public enum Coding: String, Equatable, Sendable {
        /// Copied bit for bit as the photo codes them (the MCU path, whose Huffman tables code the
        /// tags' blocks too).
        case copied
        /// Coded again with new Huffman tables: the photo's own could not code the tags' blocks
        /// (tables an encoder cut to the photo's symbols), or the coefficient path wrote every block.
        case newTables = "new tables"
    }

    /// How a rewrite went.
    public struct Outcome: Equatable, Sendable {
        /// The decoder's tolerated warning, if any.
        public var warning: String?
        /// Whether the untouched MCUs were copied as they were coded (the MCU path), rather than
        /// every coefficient read and written again (the coefficient path).
        public var byMCUs: Bool
        /// Whether the untouched blocks' codes were copied, or coded again with new tables.
        public var coding: Coding
        /// Whether a greyscale source was written with colour planes (its tags have colour).
        public var gainedColour: Bool
    }

    /// Why the lossless path cannot turn a JPEG whose blocks are `grid` upright from EXIF
    /// `orientation` and cut it to `crop`, or nil when it can: a mirrored side must be whole MCUs,
    /// and the crop's edges must lie on the upright MCU grid (right and bottom: or the picture's edge).
    public static func obstacle(orientation: Orientation, crop: Crop, grid: Grid) -> String? {
        let upright = orientation.uprightSize(width: grid.width, height: grid.height)
        let cut = CropRect(crop, pictureWidth: upright.width, pictureHeight: upright.height)
        var info = tp_lossless_info()
        info.width = Int32(grid.width)
        info.height = Int32(grid.height)
        info.mcu_width = Int32(grid.mcuWidth)
        info.mcu_height = Int32(grid.mcuHeight)
        return ShimCall.run { msg, cap in
            tp_lossless_check_transform(&info, Int32(orientation.rawValue), Int32(cut.x), Int32(cut.y), Int32(cut.width), Int32(cut.height), msg, cap)
        }?.message
    }

    /// A JPEG's stored size and MCU size: what deciding on a lossless turn or crop needs.
    public struct Grid: Equatable, Sendable {
        public var width: Int, height: Int, mcuWidth: Int, mcuHeight: Int

        /// A grid as given.
        public init(width: Int, height: Int, mcuWidth: Int, mcuHeight: Int) {
            self.width = width; self.height = height; self.mcuWidth = mcuWidth; self.mcuHeight = mcuHeight
        }

        /// The grid of the JPEG in `bytes`, from its headers alone; nil if they cannot be read.
        public init?(jpeg bytes: UnsafeRawBufferPointer) {
            var info = tp_lossless_info()
            guard ShimCall.run({ msg, cap in tp_lossless_probe(bytes.baseAddress, bytes.count, &info, msg, cap) }) == nil else { return nil }
            self.init(width: Int(info.width), height: Int(info.height), mcuWidth: Int(info.mcu_width), mcuHeight: Int(info.mcu_height))
        }
    }

    /// The rectangles to re-encode: each tag's bounds snapped out to the MCU grid (cut at the
    /// picture's edges), overlapping ones merged, so no MCU is in two and every tag lies wholly
    /// in one; top to bottom, the order the MCU path's walk reaches them.
    static func regions(_ bounds: [PixelRect], mcu: (width: Int, height: Int), picture: PictureSize) -> [PixelRect] {
        let whole = PixelRect(picture)
        var rects: [PixelRect] = bounds.compactMap { b in
            let r = b.intersection(whole)
            guard !r.isEmpty else { return nil }
            return PixelRect(x0: r.x0 / mcu.width * mcu.width, y0: r.y0 / mcu.height * mcu.height,
                             x1: min(picture.width, (r.x1 + mcu.width - 1) / mcu.width * mcu.width),
                             y1: min(picture.height, (r.y1 + mcu.height - 1) / mcu.height * mcu.height))
        }
        var merged = true
        while merged {
            merged = false
            outer: for i in rects.indices {
                for j in rects.indices where j > i && !rects[i].intersection(rects[j]).isEmpty {
                    rects[i] = rects[i].union(rects[j])
                    rects.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return rects.sorted { ($0.y1, $0.x0) < ($1.y1, $1.x0) }
    }

    /// Decodes `rect`, paints it, and re-encodes the MCUs whose pixels changed; the transcoder's
    /// picture starts at picture pixel (`left`, `top`).
    static func repaint(_ rect: PixelRect, transcoder: OpaquePointer, left: Int = 0, top: Int = 0, mcu: (width: Int, height: Int),
                        pictureWidth: Int, paint: (RowBand, PixelRect) -> Void) throws {
        // A window of the rectangle's pixels, rows packed: ten tags on a 14.7 MP photo touch a few
        // hundred kilobytes, not a page of every picture row each tag spans.
        let rowBytes = rect.width * 3
        let start = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * rect.height)
        defer { start.deallocate() }
        try ShimCall.check(.jpeg) { msg, cap in
            tp_lossless_decode(transcoder, Int32(rect.x0 - left), Int32(rect.y0 - top), Int32(rect.x1 - left), Int32(rect.y1 - top),
                               start, rowBytes, msg, cap)
        }
        // Which MCUs painting changed: the rectangle is decoded again a strip at a time and compared,
        // rather than held twice. A CMYK source's pixels are kept as decoded instead, since a
        // decode replaces the CMYK the transcoder keeps for the rectangle it decoded last.
        var info = tp_lossless_info()
        tp_lossless_get_info(transcoder, &info)
        let before = info.cmyk != 0 ? [UInt8](UnsafeBufferPointer(start: start, count: rowBytes * rect.height)) : nil
        paint(RowBand(window: start, width: pictureWidth, columns: rect.x0..<rect.x1, channels: 3, bytesPerRow: rowBytes,
                      rows: rect.y0..<rect.y1), rect)
        var mask: [UInt8]
        if let before {
            mask = changedMCUs(before: before, after: start, rowBytes: rowBytes, rect: rect, mcu: mcu)
        } else {
            mask = []
            let strip = Int(TP_LOSSLESS_STRIP_MCUS) * mcu.height
            var decoded = [UInt8](repeating: 0, count: rowBytes * min(strip, rect.height))
            for y0 in stride(from: rect.y0, to: rect.y1, by: strip) {
                let part = PixelRect(x0: rect.x0, y0: y0, x1: rect.x1, y1: min(y0 + strip, rect.y1))
                try decoded.withUnsafeMutableBufferPointer { buffer in
                    try ShimCall.check(.jpeg) { msg, cap in
                        tp_lossless_decode(transcoder, Int32(part.x0 - left), Int32(part.y0 - top), Int32(part.x1 - left),
                                           Int32(part.y1 - top), buffer.baseAddress, rowBytes, msg, cap)
                    }
                }
                mask += changedMCUs(before: decoded, after: start + (y0 - rect.y0) * rowBytes, rowBytes: rowBytes, rect: part, mcu: mcu)
            }
        }
        guard mask.contains(1) else { return }
        try ShimCall.check(.jpeg) { msg, cap in
            tp_lossless_replace(transcoder, Int32(rect.x0 - left), Int32(rect.y0 - top), Int32(rect.x1 - left), Int32(rect.y1 - top),
                                start, rowBytes, mask, mask.count, msg, cap)
        }
    }

    /// One byte per MCU of `rect`, row by row: 1 where a pixel of `after` (the rectangle's first
    /// pixel, rows `rowBytes` apart) differs from `before` (the same pixels, rows packed).
    static func changedMCUs(before: [UInt8], after: UnsafePointer<UInt8>, rowBytes: Int, rect: PixelRect,
                            mcu: (width: Int, height: Int)) -> [UInt8] {
        let across = (rect.width + mcu.width - 1) / mcu.width, down = (rect.height + mcu.height - 1) / mcu.height
        var mask = [UInt8](repeating: 0, count: across * down)
        before.withUnsafeBufferPointer { old in
            for y in 0..<rect.height {
                for mx in 0..<across where mask[(y / mcu.height) * across + mx] == 0 {
                    let from = mx * mcu.width * 3, count = min(mcu.width, rect.width - mx * mcu.width) * 3
                    if memcmp(old.baseAddress! + y * rect.width * 3 + from, after + y * rowBytes + from, count) != 0 {
                        mask[(y / mcu.height) * across + mx] = 1
                    }
                }
            }
        }
        return mask
    }
}
