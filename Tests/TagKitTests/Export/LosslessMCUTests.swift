import Foundation
import Testing
@testable import TagKit

/// The MCU path of the lossless export: a baseline JPEG's untouched MCUs are copied as they were
/// coded, and what comes out is what the coefficient path writes, block for block.
@Suite struct LosslessMCUTests {
    /// Every baseline variant (one Huffman scan); the last has optimized Huffman tables.
    static let baseline = ["jpeg-baseline.jpg", "jpeg-422.jpg", "jpeg-444.jpg", "jpeg-grey.jpg", "jpeg-restart.jpg",
                           "jpeg-icc.jpg", "jpeg-cmyk-adobe.jpg", "jpeg-cmyk-plain.jpg", "jpeg-ycck-adobe.jpg",
                           "lossless-420-odd.jpg"]

    /// Three rectangles, as the fuzz target paints: in the middle, at the bottom-right edge (partial
    /// MCUs), across the top.
    static func rectangles(_ size: PictureSize) -> [PixelRect] {
        let (w, h) = (size.width, size.height)
        return [PixelRect(x0: w / 3, y0: h / 3, x1: w / 2 + 1, y1: h / 2 + 1), PixelRect(x0: w - w / 5 - 1, y0: h - h / 5 - 1, x1: w, y1: h),
                PixelRect(x0: 0, y0: 0, x1: w, y1: min(h, 3))]
    }

    /// `bytes` rewritten by one path with `rects` inverted.
    static func rewrite(_ bytes: [UInt8], byMCUs: Bool, rects: @escaping (PictureSize) -> [PixelRect] = rectangles)
        throws -> (bytes: [UInt8], outcome: LosslessJPEG.Outcome) {
        let sink = MemorySink()
        let outcome = try bytes.withUnsafeBytes {
            try LosslessJPEG.rewrite($0, maxPixels: 100_000_000, byMCUs: byMCUs, to: sink, bounds: rects) { band, rect in
                for y in band.rows where y >= rect.y0 && y < rect.y1 {
                    let row = band.row(y)
                    for i in rect.x0 * 3..<rect.x1 * 3 { row[i] = 255 &- row[i] }
                }
            }
        }
        return (sink.bytes, outcome)
    }

    static func source(_ fixture: String) throws -> [UInt8] { [UInt8](try #require(contents(LosslessJPEGTests.path(fixture)))) }

    /// The offset of the first entropy-coded byte (just after SOS).
    static func scanStart(_ jpeg: [UInt8]) -> Int {
        var i = 2
        while i + 4 <= jpeg.count && jpeg[i] == 0xFF {
            let end = i + 2 + Int(jpeg[i + 2]) << 8 + Int(jpeg[i + 3])
            if jpeg[i + 1] == 0xDA { return end }
            i = end
        }
        return jpeg.count
    }

    @Test(arguments: baseline)
    func theMCUPathWritesTheCoefficientPathsBlocks(fixture: String) throws {
        let source = try Self.source(fixture)
        let byMCUs = try Self.rewrite(source, byMCUs: true), byCoefficients = try Self.rewrite(source, byMCUs: false)
        #expect(byMCUs.outcome.byMCUs && !byCoefficients.outcome.byMCUs)
        let info = try LosslessJPEGTests.layout(source)
        // Nothing is approximated: whether the MCU path copied the untouched MCUs or coded them
        // again with new tables, every block is the coefficient path's.
        for component in 0..<Int(info.components) {
            let a = try LosslessJPEGTests.coefficients(byMCUs.bytes, component: component)
            let b = try LosslessJPEGTests.coefficients(byCoefficients.bytes, component: component)
            #expect(a.width == b.width && a.height == b.height && a.values == b.values, "component \(component)")
        }
        // cjpeg -optimize keeps only the Huffman codes the photo uses (lossless-420-odd): inverted
        // pixels need others, so the scan is coded with new tables; the standard tables code all.
        #expect(byMCUs.outcome.coding == (fixture.hasPrefix("lossless-") ? .newTables : .copied), "\(byMCUs.outcome)")
        #expect(!byMCUs.outcome.gainedColour && !byCoefficients.outcome.gainedColour, "inverted grey stays grey")
        // Either way, no block outside the painted MCUs changed.
        let size = PictureSize(width: Int(info.width), height: Int(info.height))
        let blocks = try LosslessJPEGTests.compareBlocks(source, byMCUs.bytes, boxes: Self.rectangles(size))
        #expect(blocks.changedOutside.isEmpty && blocks.changed > 0, "\(blocks.changedOutside.prefix(5)), changed \(blocks.changed)")
    }

    /// A rectangle the picture's whole height, inverted: the coefficient path decodes it from the
    /// photo's blocks at once (a strip decoded after the one above was re-encoded would see its
    /// new chroma where 4:2:0's upsampling reaches), so its blocks are the MCU path's.
    @Test(arguments: ["cjpeg -quality 90 coffee.ppm > photo.jpg", "cjpeg -quality 90 -optimize coffee.ppm > photo.jpg"])
    func aTallRectangleGetsTheBlocksTheMCUPathGivesIt(command: String) throws {
        let source = try LosslessPhotosAsTheyComeTests.photo(command)  // 600×400, 4:2:0
        let tall: (PictureSize) -> [PixelRect] = { [PixelRect(x0: $0.width / 4, y0: 0, x1: $0.width / 2, y1: $0.height)] }
        let byMCUs = try Self.rewrite(source, byMCUs: true, rects: tall), byCoefficients = try Self.rewrite(source, byMCUs: false, rects: tall)
        let info = try LosslessJPEGTests.layout(source)
        #expect(info.height > 8 * info.mcu_height, "taller than eight MCU rows")
        for component in 0..<Int(info.components) {
            let a = try LosslessJPEGTests.coefficients(byMCUs.bytes, component: component)
            let b = try LosslessJPEGTests.coefficients(byCoefficients.bytes, component: component)
            let differing = zip(a.values, b.values).filter { $0 != $1 }.count
            #expect(a.values.count == b.values.count && differing == 0, "component \(component): \(differing) coefficients differ")
        }
    }

    @Test(arguments: baseline)
    func withNothingPaintedTheScanIsCopiedByteForByte(fixture: String) throws {
        let source = try Self.source(fixture)
        let out = try Self.rewrite(source, byMCUs: true) { _ in [] }
        #expect(out.outcome.byMCUs)
        let scan = Array(source[Self.scanStart(source)...]), copied = Array(out.bytes[Self.scanStart(out.bytes)...])
        #expect(copied.count <= scan.count && copied[...] == scan[..<copied.count], "the scan differs")
        #expect(copied.suffix(2) == [0xFF, 0xD9])
    }

    @Test(arguments: ["jpeg-progressive.jpg", "jpeg-arithmetic.jpg"])
    func progressiveAndArithmeticSourcesTakeTheCoefficientPath(fixture: String) throws {
        #expect(try !Self.rewrite(Self.source(fixture), byMCUs: true).outcome.byMCUs)
    }

    /// `bytes` rewritten by one path with `rects` painted chilli red.
    static func paintRed(_ bytes: [UInt8], byMCUs: Bool) throws -> (bytes: [UInt8], outcome: LosslessJPEG.Outcome) {
        let sink = MemorySink()
        let outcome = try bytes.withUnsafeBytes {
            try LosslessJPEG.rewrite($0, maxPixels: 100_000_000, byMCUs: byMCUs, to: sink, bounds: rectangles) { band, rect in
                for y in band.rows where y >= rect.y0 && y < rect.y1 {
                    let row = band.row(y)
                    for x in rect.x0..<rect.x1 { (row[3 * x], row[3 * x + 1], row[3 * x + 2]) = (200, 30, 40) }
                }
            }
        }
        return (sink.bytes, outcome)
    }

    @Test(arguments: ["jpeg-grey.jpg", "jpeg-baseline.jpg"])
    func colourPaintedOnAGreyPhotoGivesBothPathsTheSameColourPlanes(fixture: String) throws {
        let source = try Self.source(fixture)
        let byMCUs = try Self.paintRed(source, byMCUs: true), byCoefficients = try Self.paintRed(source, byMCUs: false)
        let grey = fixture.contains("grey")
        #expect(byMCUs.outcome.byMCUs && byMCUs.outcome.gainedColour == grey && byCoefficients.outcome.gainedColour == grey)
        #expect(try LosslessJPEGTests.layout(byMCUs.bytes).components == 3)
        for component in 0..<3 {
            let a = try LosslessJPEGTests.coefficients(byMCUs.bytes, component: component)
            let b = try LosslessJPEGTests.coefficients(byCoefficients.bytes, component: component)
            #expect(a.width == b.width && a.height == b.height && a.values == b.values, "component \(component)")
        }
        let out = try ImageDecoder.decode(byMCUs.bytes).pixels
        let middle = Self.rectangles(PictureSize(width: out.width, height: out.height))[0]
        let p = out[(middle.x0 + middle.x1) / 2, (middle.y0 + middle.y1) / 2]
        #expect(p[0] > 150 && p[1] < 80 && p[2] < 80, "the painted red decodes red: \(p)")
    }
}
