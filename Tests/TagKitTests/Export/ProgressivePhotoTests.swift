import Foundation
import Testing
@testable import TagKit

/// Progressive photos through the lossless export, which reads their scans with tagproj's own
/// decoder on two cores and writes them on two (`Sources/CShims/jpeg_lossless_own.c`): every block
/// outside the tags keeps the photo's coefficients, whatever the sampling, size, restart interval
/// or scan script, and where that decoder does not take the scans as they are, libjpeg reads them
/// from the photo read anew.
@Suite struct ProgressivePhotoTests {
    /// A scan script of cjpeg's `-scans`: DC not interleaved and refined, the luma's AC in three
    /// steps of successive approximation over split bands, one chroma plane's AC in one scan and
    /// the other's over two bands, refined.
    static let script = """
        0: 0 0 0 2; 1: 0 0 0 0; 2: 0 0 0 0; 0: 0 0 2 1;
        0: 1 2 0 3; 0: 3 63 0 3; 0: 1 63 3 2; 0: 1 63 2 1;
        0: 0 0 1 0; 0: 1 63 1 0; 1: 1 63 0 0;
        2: 1 20 0 1; 2: 21 63 0 0; 2: 1 20 1 0;
        """

    /// Shell commands that write `photo.jpg` from `coffee.ppm` (600×400), each a progressive photo
    /// of another kind.
    static let photos = [
        "cjpeg 4:2:0": "cjpeg -progressive -quality 90 coffee.ppm > photo.jpg",
        "cjpeg 4:4:4": "cjpeg -progressive -sample 1x1 -quality 92 coffee.ppm > photo.jpg",
        "cjpeg 4:2:2": "cjpeg -progressive -sample 2x1 -quality 90 coffee.ppm > photo.jpg",
        "cjpeg 1x2, odd size": "convert coffee.ppm -resize '333x257!' odd.ppm && cjpeg -progressive -sample 1x2 odd.ppm > photo.jpg",
        "cjpeg 4:2:0, odd size": "convert coffee.ppm -resize '301x199!' odd.ppm && cjpeg -progressive odd.ppm > photo.jpg",
        "restart every row": "cjpeg -progressive -restart 1 coffee.ppm > photo.jpg",
        "restart every 3 MCUs": "cjpeg -progressive -restart 3B -sample 1x1 coffee.ppm > photo.jpg",
        "own scan script": "printf '\(script)' > scans.txt && cjpeg -scans scans.txt -sample 1x1 coffee.ppm > photo.jpg",
        "jpegtran -progressive -optimize": "cjpeg coffee.ppm > plain.jpg && jpegtran -progressive -optimize -copy all plain.jpg > photo.jpg",
        "Pillow progressive=True": "/usr/bin/python3 -c \"from PIL import Image; Image.open('coffee.ppm').save('photo.jpg', quality=90, progressive=True, optimize=True)\"",
        "ImageMagick -interlace JPEG": "/usr/bin/convert coffee.ppm -interlace JPEG -quality 90 photo.jpg",
        // Scans large and busy enough (hundreds of kilobytes, thousands of stuffed bytes) to be
        // unstuffed in place and given back while they are decoded, beside small ones that are not.
        "large and grainy, 4:4:4": "convert coffee.ppm -resize '2000x1333!' -seed 7 -attenuate 0.6 +noise Gaussian big.ppm && cjpeg -progressive -sample 1x1 -quality 95 big.ppm > photo.jpg",
    ]

    @Test(arguments: photos.keys.sorted())
    func everyBlockOutsideTheTagsIsThePhotos(kind: String) throws {
        let source = try LosslessPhotosAsTheyComeTests.photo(Self.photos[kind]!)
        #expect(try LosslessJPEGTests.layout(source).progressive == 1, "\(kind) is not progressive")
        let e = try LosslessPhotosAsTheyComeTests.export(source)
        #expect(e.result.plan == .lossless && e.result.coding == .newTables && e.result.warning == nil, "\(kind): \(e.result)")
        let blocks = try LosslessJPEGTests.compareBlocks(e.source, e.lossless, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0 && blocks.changed > 0,
                "\(kind): changed outside the tags \(blocks.changedOutside.prefix(5)), kept \(blocks.kept), changed \(blocks.changed)")
        #expect(Self.frame(e.lossless) == 0xC0, "\(kind): written sequential, baseline")
    }

    /// Without tags, the output holds every block of the photo: where the two threads' halves
    /// meet too, and at the edges, where the MCUs have blocks past the picture.
    @Test(arguments: ["1x1", "2x2", "2x1", "1x2"], ["8x8", "17x9", "640x480", "1001x3", "3x1001"])
    func withoutTagsEveryBlockIsThePhotos(sample: String, size: String) throws {
        let source = try LosslessPhotosAsTheyComeTests.photo(
            "convert coffee.ppm -resize '\(size)!' s.ppm && cjpeg -progressive -sample \(sample) s.ppm > photo.jpg")
        let dir = TemporaryDirectory(), photo = dir.file("photo.jpg")
        try Data(source).write(to: URL(fileURLWithPath: photo))
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        _ = try project.export(to: dir.file("out.jpg"), options: ExportOptions(), reusing: try FontSystem())
        let out = [UInt8](try #require(contents(dir.file("out.jpg"))))
        let blocks = try LosslessJPEGTests.compareBlocks(source, out, boxes: [])
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0, "\(sample) \(size): \(blocks.changedOutside.prefix(5))")
    }

    /// Bytes between two scans are a sloppy file libjpeg reads with a warning: the own decoder
    /// leaves it to libjpeg, which reads it from the photo read anew; the blocks are the same.
    @Test func scansTheOwnDecoderLeavesAreReadByLibjpeg() throws {
        let clean = try LosslessPhotosAsTheyComeTests.photo("cjpeg -progressive -sample 1x1 coffee.ppm > photo.jpg")
        var source = clean
        let second = try #require(Self.scanStarts(source).dropFirst().first)
        source.insert(contentsOf: [0x12, 0x34, 0x56], at: second)
        let e = try LosslessPhotosAsTheyComeTests.export(source)
        #expect(e.result.plan == .lossless && e.result.warning?.contains("extraneous bytes") == true, "\(e.result)")
        // The blocks against the photo without the bytes (the tests' reader refuses a warning).
        let blocks = try LosslessJPEGTests.compareBlocks(clean, e.lossless, boxes: e.boxes)
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0, "changed outside the tags \(blocks.changedOutside.prefix(5))")
    }

    /// A photo whose large scans are unstuffed in place, and their pages given back while they are
    /// decoded, is taken by the own decoder (not left to libjpeg, which would throw `UsedUp` here),
    /// and every block is the photo's.
    @Test func scansUnstuffedInPlaceGiveThePhotosBlocks() throws {
        let source = try LosslessPhotosAsTheyComeTests.photo(Self.photos["large and grainy, 4:4:4"]!)
        let sink = MemorySink()
        let photo = ConsumableBytes(count: source.count) { $0.copyBytes(from: source) }
        _ = try LosslessJPEG.rewrite(UnsafeRawBufferPointer(photo.buffer), maxPixels: 1 << 30, orientation: .upright, crop: nil,
                                     consuming: true, to: sink, bounds: { _ in [] }, paint: { _, _ in })
        let blocks = try LosslessJPEGTests.compareBlocks(source, sink.bytes, boxes: [])
        #expect(blocks.changedOutside.isEmpty && blocks.kept > 0, "changed \(blocks.changedOutside.prefix(5))")
    }

    /// A photo cut inside a scan: the own decoder gives up having used the photo up, before the
    /// sink sees a byte (the export then reads it anew), and libjpeg refuses it as damaged.
    @Test func aPhotoCutInsideAScanIsLeftToLibjpegWhichRefusesIt() throws {
        let whole = try LosslessPhotosAsTheyComeTests.photo("cjpeg -progressive -sample 1x1 coffee.ppm > photo.jpg")
        let cut = Array(whole.prefix(whole.count - 200))
        let sink = MemorySink()
        let photo = ConsumableBytes(count: cut.count) { $0.copyBytes(from: cut) }
        #expect(throws: LosslessJPEG.UsedUp.self) {
            try LosslessJPEG.rewrite(UnsafeRawBufferPointer(photo.buffer), maxPixels: 1 << 30, orientation: .upright, crop: nil,
                                     consuming: true, to: sink, bounds: { _ in [] }, paint: { _, _ in })
        }
        #expect(sink.bytes.isEmpty)
        #expect(throws: ImageError.self) {
            try cut.withUnsafeBytes { try LosslessJPEG.rewrite($0, maxPixels: 1 << 30, to: sink, bounds: { _ in [] }, paint: { _, _ in }) }
        }
    }

    /// The marker of the JPEG's frame (0xC0 baseline, 0xC1 extended, 0xC2 progressive).
    static func frame(_ jpeg: [UInt8]) -> UInt8? {
        var p = 2
        while p + 4 <= jpeg.count, jpeg[p] == 0xFF {
            let m = jpeg[p + 1]
            if (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC { return m }
            p += 2 + (Int(jpeg[p + 2]) << 8 | Int(jpeg[p + 3]))
        }
        return nil
    }

    /// Where each scan's SOS marker starts.
    static func scanStarts(_ jpeg: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var p = 0
        while p + 1 < jpeg.count {
            if jpeg[p] == 0xFF && jpeg[p + 1] == 0xDA { starts.append(p) }
            p += 1
        }
        return starts
    }
}
