import Foundation
import Testing
@testable import TagKit

/// Photos as they come to the lossless export: Huffman tables optimized for the photo (as
/// jpegtran -optimize, Pillow and ImageMagick write them), and greyscale photos. Nothing is
/// approximated: the tags are coded exactly, every untouched block stays the photo's.
@Suite struct LosslessPhotosAsTheyComeTests {
    /// Shell commands that write `photo.jpg` from `coffee.ppm` (the coffee fixture, 600×400, as
    /// Pillow writes it) in the folder they run in.
    static let optimizers = [
        "jpegtran -optimize": "cjpeg -quality 95 coffee.ppm > plain.jpg && jpegtran -optimize -copy all -outfile photo.jpg plain.jpg",
        "Pillow optimize=True": "/usr/bin/python3 -c \"from PIL import Image; Image.open('coffee.ppm').save('photo.jpg', quality=95, optimize=True)\"",
        "ImageMagick": "/usr/bin/convert coffee.ppm -quality 95 photo.jpg",
    ]

    /// Greyscale photos: the coffee photo as cjpeg writes it, and a smooth gradient whose tables
    /// jpegtran cut to its few codes, so that its tags need new tables as well.
    static let greys = [
        "cjpeg -grayscale": "cjpeg -grayscale -quality 92 coffee.ppm > photo.jpg",
        "smooth, optimized": "/usr/bin/python3 -c \"from PIL import Image; Image.linear_gradient('L').resize((320, 240)).save('plain.jpg', quality=92)\""
            + " && jpegtran -optimize -outfile photo.jpg plain.jpg",
    ]

    /// The JPEG the shell `command` writes in a fresh folder.
    static func photo(_ command: String) throws -> [UInt8] {
        let dir = TemporaryDirectory()
        let ppm = "/usr/bin/python3 -c \"from PIL import Image; Image.open('\(Fixtures.coffee)').convert('RGB').save('coffee.ppm')\""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", ppm + " && " + command]
        process.currentDirectoryURL = URL(fileURLWithPath: dir.path)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(command) failed")
        return [UInt8](try #require(contents(dir.file("photo.jpg"))))
    }

    /// A project on the JPEG `bytes` with a dish and a price tag, exported losslessly, by the
    /// classic path (--reencode) and as PNG.
    struct Exported {
        let source: [UInt8], lossless: [UInt8], classic: [UInt8], png: [UInt8]
        let result: ExportResult
        let tags: [PreparedTag]  // the dish's, then the price's
        var boxes: [PixelRect] { tags.map(\.bounds) }
    }

    static func export(_ bytes: [UInt8]) throws -> Exported {
        let dir = TemporaryDirectory(), photo = dir.file("photo.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        let fonts = try FontSystem()
        _ = try project.perform(.add(kind: .dish, text: "Flat white", at: Position(NormalizedPoint(x: 0.3, y: 0.6)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "38", at: Position(NormalizedPoint(x: 0.75, y: 0.25)), side: .left), fonts: fonts)
        let result = try project.export(to: dir.file("lossless.jpg"), options: ExportOptions(), reusing: fonts)
        var classic = ExportOptions()
        classic.reencode = true
        _ = try project.export(to: dir.file("classic.jpg"), options: classic, reusing: fonts)
        _ = try project.export(to: dir.file("tags.png"), options: ExportOptions(), reusing: fonts)
        let size = try project.store.source().size
        let scene = try SceneLayout(tags: project.store.tags(), settings: project.store.header().settings, size: size, fonts: fonts).scene
        func read(_ name: String) throws -> [UInt8] { [UInt8](try #require(contents(dir.file(name)))) }
        return Exported(source: bytes, lossless: try read("lossless.jpg"), classic: try read("classic.jpg"), png: try read("tags.png"),
                        result: result, tags: scene.tags)
    }

    /// The peak signal-to-noise ratio of `a` against `reference` over the pixels in `boxes`, in dB.
    static func psnr(_ a: PixelBuffer, _ reference: PixelBuffer, in boxes: [PixelRect]) -> Double {
        var squares = 0, samples = 0
        for y in 0..<a.height {
            for x in 0..<a.width where boxes.contains(where: { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }) {
                for c in 0..<3 {
                    let d = Int(a[x, y][c]) - Int(reference[x, y][c])
                    squares += d * d
                }
                samples += 3
            }
        }
        return squares == 0 ? .infinity : 10 * log10(255 * 255 / (Double(squares) / Double(samples)))
    }

    @Test(arguments: optimizers.keys.sorted())
    func optimizedTablesAreReplacedAndTheTagsCodedExactly(encoder: String) throws {
        let e = try Self.export(try Self.photo(Self.optimizers[encoder]!))
        #expect(e.result.plan == .lossless && e.result.coding == .newTables, "\(encoder): \(e.result)")
        // Lossless in the DCT domain: every block of an MCU no tag touches has the photo's coefficients.
        let blocks = try LosslessJPEGTests.compareBlocks(e.source, e.lossless, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0 && blocks.changed > 0,
                "\(encoder): changed outside the tags \(blocks.changedOutside.prefix(5)), kept \(blocks.kept), changed \(blocks.changed)")
        // The tags at least as close to the PNG export (the photo's pixels, painted) as the classic path's.
        let png = try ImageDecoder.decode(e.png).pixels
        let lossless = Self.psnr(try ImageDecoder.decode(e.lossless).pixels, png, in: e.boxes)
        let classic = Self.psnr(try ImageDecoder.decode(e.classic).pixels, png, in: e.boxes)
        #expect(lossless >= classic, "\(encoder): in the tags, lossless \(lossless) dB, classic \(classic) dB")
    }

    @Test func thePhotosOwnTablesAreKeptWhenTheyCodeTheTags() throws {
        // cjpeg's standard tables code every symbol: the untouched MCUs are copied bit for bit.
        let e = try Self.export(try Self.photo("cjpeg -quality 95 coffee.ppm > photo.jpg"))
        #expect(e.result.plan == .lossless && e.result.coding == .copied && !e.result.gainedColour, "\(e.result)")
    }

    @Test(arguments: greys.keys.sorted())
    func aGreyscalePhotosRedPriceStaysRed(photo: String) throws {
        let e = try Self.export(try Self.photo(Self.greys[photo]!))
        #expect(try LosslessJPEGTests.layout(e.source).components == 1)
        #expect(e.result.plan == .lossless && e.result.gainedColour, "\(photo): \(e.result)")
        #expect(try LosslessJPEGTests.layout(e.lossless).components == 3)
        if photo.contains("optimized") { #expect(e.result.coding == .newTables, "\(e.result)") }
        // The luma blocks away from the tags are the photo's own.
        let blocks = try LosslessJPEGTests.compareBlocks(e.source, e.lossless, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0, "\(photo): changed outside the tags \(blocks.changedOutside.prefix(5))")
        // The price is red (its bubble; the text, dot and ring are white), the photo away from the tags grey.
        let out = try ImageDecoder.decode(e.lossless).pixels, source = try ImageDecoder.decode(e.source).pixels
        let price = e.tags[1].bounds
        var red = 0, area = 0
        for y in price.y0..<price.y1 {
            for x in price.x0..<price.x1 {
                let p = out[x, y]
                area += 1
                if Int(p[0]) > Int(p[1]) + 80 && Int(p[0]) > Int(p[2]) + 80 { red += 1 }
            }
        }
        #expect(red * 3 > area, "\(photo): \(red) of \(area) pixels of the price are red")
        let far = LosslessJPEGTests.farPixels(source, out, boxes: e.boxes, mcu: (8, 8))
        #expect(far.far > 0 && far.differ == 0, "\(photo): \(far.differ) of \(far.far) pixels away from the tags changed")
    }
}
