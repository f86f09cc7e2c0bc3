import CJPEGCoefficients
import CShims
import Foundation
import Testing
@testable import TagKit

/// The lossless JPEG path: blocks under no tag are the source's, bit for bit.
@Suite struct LosslessJPEGTests {
    /// Every JPEG variant the lossless path takes.
    static let variants = ["jpeg-baseline.jpg", "jpeg-422.jpg", "jpeg-444.jpg", "jpeg-grey.jpg", "jpeg-progressive.jpg",
                           "jpeg-restart.jpg", "jpeg-arithmetic.jpg", "jpeg-icc.jpg", "jpeg-cmyk-adobe.jpg",
                           "jpeg-cmyk-plain.jpg", "jpeg-ycck-adobe.jpg", "lossless-420-odd.jpg"]

    /// A project on `fixture` with a dish and a price tag, exported both ways.
    struct Exported {
        let source: [UInt8], lossless: [UInt8], classic: [UInt8]
        let scene: TagScene
        let plan: ExportPlan
        var boxes: [PixelRect] { scene.tags.map(\.bounds) }
    }

    /// Fixtures/images/NAME, or Fixtures/lossless/NAME for `lossless-…`.
    static func path(_ fixture: String) -> String {
        fixture.hasPrefix("lossless-") ? Fixtures.path("Fixtures/lossless/" + fixture) : Fixture.directory.appendingPathComponent(fixture).path
    }

    static func export(_ fixture: String) throws -> Exported {
        let dir = TemporaryDirectory()
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: path(fixture), options: NewProjectOptions())
        let fonts = try FontSystem()
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.6)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "38", at: Position(NormalizedPoint(x: 0.8, y: 0.25)), side: .left), fonts: fonts)
        let result = try project.export(to: dir.file("lossless.jpg"), options: ExportOptions(), reusing: fonts)
        var classic = ExportOptions()
        classic.reencode = true
        _ = try project.export(to: dir.file("classic.jpg"), options: classic, reusing: fonts)
        let size = try project.store.source().size
        let scene = try SceneLayout(tags: project.store.tags(), settings: project.store.header().settings, size: size, fonts: fonts).scene
        return Exported(source: [UInt8](contents(path(fixture))!), lossless: [UInt8](contents(dir.file("lossless.jpg"))!),
                        classic: [UInt8](contents(dir.file("classic.jpg"))!), scene: scene, plan: result.plan)
    }

    /// The quantized coefficients of one component: blocks across and down, pixels per sample,
    /// 64 values per block.
    static func coefficients(_ jpeg: [UInt8], component: Int) throws -> (width: Int, height: Int, xScale: Int, yScale: Int, values: [Int16]) {
        var blocks: UnsafeMutablePointer<Int16>?
        var w: Int32 = 0, h: Int32 = 0, xs: Int32 = 1, ys: Int32 = 1
        var message = [CChar](repeating: 0, count: 256)
        let code = jpeg.withUnsafeBytes { jpeg_coefficients_of_component($0.baseAddress, $0.count, Int32(component), &blocks, &w, &h, &xs, &ys, &message, 256) }
        #expect(code == 0, "\(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        defer { free(blocks) }
        return (Int(w), Int(h), Int(xs), Int(ys), Array(UnsafeBufferPointer(start: blocks, count: Int(w * h) * 64)))
    }

    /// The MCU size and component count, from libjpeg.
    static func layout(_ jpeg: [UInt8]) throws -> tp_lossless_info {
        var t: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        _ = jpeg.withUnsafeBytes { tp_lossless_open($0.baseAddress, $0.count, UInt64.max, 1000, &t, &message, 256) }
        defer { tp_lossless_close(t) }
        var info = tp_lossless_info()
        tp_lossless_get_info(t, &info)
        return info
    }

    /// Compares the blocks of two JPEGs of one block grid, component by component (those both
    /// have: a greyscale photo's luma when the other gained colour): how many blocks of MCUs no
    /// box touches are the same in both, which of those differ, and how many blocks of MCUs a box
    /// touches differ.
    static func compareBlocks(_ a: [UInt8], _ b: [UInt8], boxes: [PixelRect]) throws -> (kept: Int, changedOutside: [String], changed: Int) {
        let info = try layout(b)
        let mcuW = Int(info.mcu_width), mcuH = Int(info.mcu_height)
        var kept = 0, changed = 0, outside: [String] = []
        for component in 0..<Int(min(info.components, try layout(a).components)) {
            let x = try coefficients(a, component: component), y = try coefficients(b, component: component)
            #expect(x.width == y.width && x.height == y.height && x.xScale == y.xScale && x.yScale == y.yScale)
            for by in 0..<min(x.height, y.height) {
                for bx in 0..<min(x.width, y.width) {
                    // The MCU the block belongs to, in picture pixels.
                    let px = bx * 8 * x.xScale / mcuW * mcuW, py = by * 8 * x.yScale / mcuH * mcuH
                    let mcu = PixelRect(x0: px, y0: py, x1: px + mcuW, y1: py + mcuH)
                    let touched = boxes.contains { !$0.intersection(mcu).isEmpty }
                    let same = x.values[(by * x.width + bx) * 64..<(by * x.width + bx + 1) * 64] == y.values[(by * y.width + bx) * 64..<(by * y.width + bx + 1) * 64]
                    if !touched {
                        if same { kept += 1 } else { outside.append("block \(bx),\(by) of component \(component)") }
                    } else if !same {
                        changed += 1
                    }
                }
            }
        }
        return (kept, outside, changed)
    }

    /// Counts the pixels farther than one MCU (`mcu`) from every box, and how many of them differ.
    static func farPixels(_ a: PixelBuffer, _ b: PixelBuffer, boxes: [PixelRect], mcu: (width: Int, height: Int)) -> (far: Int, differ: Int) {
        let near = boxes.map { PixelRect(x0: $0.x0 - mcu.width, y0: $0.y0 - mcu.height, x1: $0.x1 + mcu.width, y1: $0.y1 + mcu.height) }
        var far = 0, differ = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where !near.contains(where: { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }) {
                far += 1
                if a[x, y] != b[x, y] { differ += 1 }
            }
        }
        return (far, differ)
    }

    @Test(arguments: variants)
    func untouchedBlocksKeepTheirCoefficients(fixture: String) throws {
        let e = try Self.export(fixture)
        #expect(e.plan == .lossless)
        let blocks = try Self.compareBlocks(e.source, e.lossless, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty, "changed outside the tags: \(blocks.changedOutside.prefix(5))")
        #expect(blocks.kept > 0 && blocks.changed > 0, "kept \(blocks.kept), changed \(blocks.changed)")
    }

    @Test(arguments: variants)
    func pixelsFarFromTheTagsAreTheSourcesAndTheTagsLookAsOnTheClassicPath(fixture: String) throws {
        let e = try Self.export(fixture)
        let info = try Self.layout(e.source)
        let source = try ImageDecoder.decode(e.source).pixels, out = try ImageDecoder.decode(e.lossless).pixels
        let classic = try ImageDecoder.decode(e.classic).pixels
        // What the tags should look like: the source's own pixels painted, never encoded.
        var ideal = source
        ideal.bytes.withUnsafeMutableBufferPointer { e.scene.paint(into: RowBand($0, width: source.width, height: source.height, channels: 3)) }
        #expect(out.width == source.width && out.height == source.height)
        let (far, differ) = Self.farPixels(source, out, boxes: e.boxes, mcu: (Int(info.mcu_width), Int(info.mcu_height)))
        var inTag = 0, losslessError = 0, classicError = 0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let p = PixelRect(x0: x, y0: y, x1: x + 1, y1: y + 1)
                if e.boxes.contains(where: { !$0.intersection(p).isEmpty }) {
                    inTag += 1
                    // A greyscale JPEG gains colour planes, so its chilli-red price stays red.
                    let want = ideal[x, y]
                    for c in 0..<3 {
                        losslessError += abs(Int(out[x, y][c]) - Int(want[c]))
                        classicError += abs(Int(classic[x, y][c]) - Int(want[c]))
                    }
                }
            }
        }
        #expect(far > 0 && differ == 0, "\(differ) of \(far) pixels far from the tags changed")
        // Under the tags both paths encode once: the lossless one with the source's tables and
        // sampling, the classic one at quality 92 in 4:2:0; neither may be far from the ideal.
        let samples = Double(max(1, inTag * 3))
        let lossless = Double(losslessError) / samples, reencoded = Double(classicError) / samples
        #expect(inTag > 0 && lossless < 8 && lossless < reencoded + 2, "under the tags: lossless \(lossless), classic \(reencoded)")
    }

    /// The markers of a JPEG up to its first scan, by their second byte (0xE1 = APP1, 0xC2 = SOF2…).
    static func markers(_ jpeg: [UInt8]) -> [UInt8] {
        var found: [UInt8] = [], i = 2
        while i + 4 <= jpeg.count && jpeg[i] == 0xFF {
            found.append(jpeg[i + 1])
            if jpeg[i + 1] == 0xDA { break }
            i += 2 + Int(jpeg[i + 2]) << 8 + Int(jpeg[i + 3])
        }
        return found
    }

    @Test func theICCProfileIsKeptAndNothingElse() throws {
        let e = try Self.export("jpeg-icc.jpg")
        let icc = try ImageDecoder.decode(e.source).iccProfile, kept = try ImageDecoder.decode(e.lossless).iccProfile
        #expect(icc != nil && kept == icc)
        // A photo with EXIF (orientation 1, so lossless): the EXIF is not copied.
        let exif = try Self.export("jpeg-orient1.jpg")
        #expect(exif.plan == .lossless && Self.markers(exif.source).contains(0xE1))
        #expect(!Self.markers(exif.lossless).contains(0xE1), "no EXIF or XMP (APP1) is written")
    }

    /// A progressive source is written sequential with Huffman tables optimized for its
    /// coefficients (as `jpegtran -optimize` writes it), its coefficients kept: writing libjpeg's
    /// ten progressive scans took two passes over the coefficients per scan, more than twice the
    /// work of decoding and encoding the picture again.
    @Test func aProgressiveSourceIsWrittenSequentialWithTablesOfItsOwnAndABaselineOneBaseline() throws {
        let progressive = try Self.export("jpeg-progressive.jpg")
        let markers = Self.markers(progressive.lossless)
        #expect(markers.contains(0xC0) && !markers.contains(0xC2), "sequential: \(markers)")
        #expect(Double(progressive.lossless.count) <= 1.1 * Double(progressive.source.count),
                "tables of its own keep it near the progressive file's size: \(progressive.lossless.count) against \(progressive.source.count)")
        let baseline = Self.markers(try Self.export("jpeg-baseline.jpg").lossless)
        #expect(baseline.contains(0xC0) && !baseline.contains(0xC2))
    }
}
