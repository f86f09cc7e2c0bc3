import CShims

extension LosslessJPEG {
    /// The MCU path of `rewrite`, for a baseline JPEG (one Huffman scan): the MCUs no tag touches
    /// are copied bit for bit from the source's scan, never coded again, and only the blocks
    /// around the tags are kept as coefficients, painted and coded again with the source's own
    /// Huffman tables; where those have no code for a symbol the tags' blocks need, every MCU is
    /// coded again with new optimal tables, the untouched ones symbol for symbol (see
    /// `Sources/CShims/jpeg_scan_write.c`). Memory: the source's scan once more, the output, a
    /// few bytes per MCU, and the coefficients around the tags.
    ///
    /// Returns nil, having written nothing, when the source is not such a JPEG, when the walk
    /// over its scan finds anything irregular (the coefficient path then reports it as before),
    /// or when a block cannot be coded again as the source has it.
    /// - Throws: what `bounds` throws; the sink's error when it refuses.
    static func rewriteByMCUs(_ bytes: UnsafeRawBufferPointer, maxPixels: Int, to sink: any OutputSink,
                              bounds: (PictureSize) throws -> [PixelRect], paint: (RowBand, PixelRect) -> Void) throws -> Outcome? {
        var opened: OpaquePointer?
        guard ShimCall.run({ msg, cap in tp_scan_open(bytes.baseAddress, bytes.count, UInt64(maxPixels), &opened, msg, cap) }) == nil,
              let scan = opened
        else { return nil }
        defer { tp_scan_close(scan) }
        guard ShimCall.run({ msg, cap in tp_scan_add_colour(scan, msg, cap) }) == nil else { return nil }
        var info = tp_lossless_info()
        tp_scan_get_info(scan, &info)
        let size = PictureSize(width: Int(info.width), height: Int(info.height))
        let mcu = (width: Int(info.mcu_width), height: Int(info.mcu_height))
        var bands: [(rect: PixelRect, transcoder: OpaquePointer, left: Int, top: Int)] = []
        for rect in regions(try bounds(size), mcu: mcu, picture: size) {
            var made: OpaquePointer?
            var left: Int32 = 0, top: Int32 = 0
            guard ShimCall.run({ msg, cap in
                tp_scan_band(scan, Int32(rect.x0), Int32(rect.y0), Int32(rect.x1), Int32(rect.y1), &made, &left, &top, msg, cap)
            }) == nil, let transcoder = made else { return nil }
            bands.append((rect, transcoder, Int(left), Int(top)))
        }
        // The walk runs on a second core; each band is painted as soon as the walk has passed it.
        guard ShimCall.run({ msg, cap in tp_scan_walk(scan, msg, cap) }) == nil else { return nil }
        for band in bands {
            guard ShimCall.run({ msg, cap in tp_scan_wait(scan, band.transcoder, msg, cap) }) == nil else { return nil }
            try repaint(band.rect, transcoder: band.transcoder, left: band.left, top: band.top, mcu: mcu,
                        pictureWidth: size.width, paint: paint)
            tp_scan_painted(scan, band.transcoder)
        }
        var done = tp_scan_outcome()
        let bridge = ShimEncoding.Bridge(sink)
        let failure = withExtendedLifetime(bridge) {
            ShimCall.run { msg, cap in
                tp_scan_write(scan, ShimEncoding.write, Unmanaged.passUnretained(bridge).toOpaque(), &done, msg, cap)
            }
        }
        if let failure {
            if failure.code == TP_UNSUPPORTED { return nil }
            throw bridge.error ?? ShimCall.error(code: failure.code, message: failure.message, format: .jpeg, tooLarge: nil)
        }
        return Outcome(warning: ShimCall.string(tp_scan_warning(scan)), byMCUs: true, coding: done.new_tables != 0 ? .newTables : .copied,
                       gainedColour: done.colour != 0)
    }
}
