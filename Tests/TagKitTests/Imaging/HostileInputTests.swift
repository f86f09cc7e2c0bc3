import Foundation
import Testing
@testable import TagKit

extension ImagingTests {
/// Damaged, truncated and oversized files: a clear `ImageError`, never a crash, a hang or a
/// silently wrong picture.
@Suite struct HostileInputTests {
    @Test(arguments: ["jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-restart.jpg", "jpeg-ycck-adobe.jpg",
                      "png-rgb8.png", "png-rgb8-interlaced.png", "png-palette4.png"])
    func aTruncatedFileThrowsOrDecodesExactlyTheWholePicture(file: String) throws {
        let full = try Fixture.bytes(file)
        let whole = try ImageDecoder.decode(full).pixels
        var failures = 0
        for length in 0..<full.count {
            do {
                let decoded = try ImageDecoder.decode(Array(full.prefix(length)))
                #expect(decoded.pixels == whole, "a cut at \(length) of \(full.count) bytes decoded a different picture")
            } catch is ImageError {
                failures += 1
            }
        }
        // Nearly every cut must fail; only cuts in the last few bytes (EOI, IEND) may decode.
        #expect(failures >= full.count - 16)
    }

    @Test func aJPEGMissingOnlyItsEndMarkerStillDecodes() throws {
        for file in ["jpeg-baseline.jpg", "jpeg-progressive.jpg"] {
            let full = try Fixture.bytes(file)
            #expect(Array(full.suffix(2)) == [0xFF, 0xD9])
            let decoded = try ImageDecoder.decode(Array(full.dropLast(2)))
            #expect(decoded.pixels == (try ImageDecoder.decode(full).pixels), "\(file)")
            #expect(decoded.warning == nil || decoded.warning == "Premature end of JPEG file")
        }
    }

    @Test func aProgressiveJPEGCutBetweenScansIsDamaged() throws {
        let full = try Fixture.bytes("jpeg-progressive.jpg")
        // Cut just before the last SOS marker: every scan before it is complete.
        let lastScan = (2..<(full.count - 1)).last { full[$0] == 0xFF && full[$0 + 1] == 0xDA }!
        #expect(throws: ImageError.damaged(.jpeg, "Premature end of JPEG file: progressive scans are missing")) {
            try ImageDecoder.decode(Array(full.prefix(lastScan)))
        }
    }

    @Test func junkBetweenSegmentsIsAWarningNotAnError() throws {
        var bytes = try Fixture.bytes("jpeg-baseline.jpg")
        let app0Length = Int(bytes[4]) << 8 | Int(bytes[5])
        bytes.insert(contentsOf: [0x00, 0x11, 0x22], at: 4 + app0Length)
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.pixels == (try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg")).pixels))
        #expect(decoded.warning?.contains("extraneous bytes") == true)
    }

    @Test(arguments: ["jpeg-baseline.jpg", "jpeg-progressive.jpg", "jpeg-arithmetic.jpg", "jpeg-cmyk-adobe.jpg",
                      "png-rgb8.png", "png-rgb8-interlaced.png", "png-palette8-trns.png", "png-grey16.png"])
    func randomDamageNeverCrashes(file: String) throws {
        let original = try Fixture.bytes(file)
        var rng = SplitMix(state: UInt64(original.count))
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            do {
                let decoded = try ImageDecoder.decode(bytes)
                #expect(decoded.pixels.bytes.count == decoded.pixels.width * decoded.pixels.height * decoded.pixels.channels)
            } catch {
                #expect(error is ImageError, "\(error)")
            }
        }
    }

    @Test func thePixelLimitRefusesSmallFilesWhenSetLow() throws {
        #expect(throws: ImageError.tooManyPixels(width: 64, height: 48, limit: 3000)) {
            try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg"), maxPixels: 3000)
        }
        #expect(throws: ImageError.tooManyPixels(width: 37, height: 23, limit: 850)) {
            try PNGRowReader(Fixture.bytes("png-rgb8.png"), maxPixels: 850)
        }
        #expect(throws: Never.self) { try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg"), maxPixels: 3072) }
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeAnyPixelMemory() throws {
        // 65000 × 65000 declared in a 2 KB JPEG: 4.2 gigapixels, 12.7 GB as RGB if allocated.
        var jpeg = try Fixture.bytes("jpeg-baseline.jpg")
        let sof = (2..<jpeg.count).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }!
        jpeg.replaceSubrange((sof + 5)...(sof + 8), with: [0xFD, 0xE8, 0xFD, 0xE8])
        #expect(throws: ImageError.tooManyPixels(width: 65000, height: 65000, limit: 100_000_000)) {
            try ImageDecoder.decode(jpeg)
        }
        var png = try Fixture.bytes("png-rgb8.png")
        png.replaceSubrange(16...23, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])  // 100000 × 100000
        #expect(throws: ImageError.tooManyPixels(width: 100_000, height: 100_000, limit: 100_000_000)) {
            try ImageDecoder.decode(png)
        }
    }

    @Test func tooManyProgressiveScansAreRefused() throws {
        let progressive = try Fixture.bytes("jpeg-progressive.jpg")
        #expect(throws: ImageError.damaged(.jpeg, "progressive JPEG has more than 5 scans")) {
            try JPEGRowReader(progressive, maxScans: 5)
        }
        #expect(throws: Never.self) { try JPEGRowReader(progressive, maxScans: 20) }
    }

    /// The hostile inputs of `Fixtures/hostile/` (scripts/make-hostile-fixtures.py).
    static func hostile(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/hostile/" + name))))
    }

    @Test(arguments: ["scans-3000.jpg", "scan-flood.jpg"])
    func thousandsOfScansAreCountedByTheProbeAndRefusedByEveryReader(file: String) throws {
        let flood = try Self.hostile(file)
        let refused = ImageError.damaged(.jpeg, "progressive JPEG has more than 100 scans")
        #expect(throws: refused) { try ImageProbe.probe(flood) }
        #expect(throws: refused) { try JPEGRowReader(flood) }  // what export opens
        #expect(throws: refused) { try ImageDecoder.verify(flood) }
        let progressive = try Fixture.bytes("jpeg-progressive.jpg")
        #expect(progressive.withUnsafeBytes { JPEGProbe.scans(in: ByteView($0), from: 0) } < 20)
    }

    @Test func aStrayFF00BetweenSegmentsIsSkippedWithAWarning() throws {
        let stray = try Self.hostile("stray-ff00.jpg")
        #expect(try ImageProbe.probe(stray).storedWidth == 16)
        let decoded = try ImageDecoder.decode(stray)
        #expect(decoded.pixels == (try ImageDecoder.decode(Self.hostile("small.jpg")).pixels))
        #expect(decoded.warning?.contains("extraneous bytes before marker") == true)
    }

    @Test func aPNGWithoutIENDDecodesWholeWithAWarning() throws {
        let cut = try Self.hostile("missing-iend.png")
        let decoded = try ImageDecoder.decode(cut)
        #expect(decoded.pixels == (try ImageDecoder.decode(Self.hostile("small.png")).pixels))
        #expect(decoded.warning == "after the image data: file is truncated")
        #expect(try ImageDecoder.decode(Self.hostile("small.png")).warning == nil)
    }

    @Test func verifyDecodesThePictureThroughAndNamesTheFile() throws {
        let cut = try Self.hostile("cut-in-data.jpg")
        #expect(try ImageProbe.probe(cut).storedWidth == 64, "the headers are whole")
        #expect(throws: ImageError.self) { try ImageDecoder.verify(cut) }
        do {
            _ = try ImageDecoder.verify(cut, file: "photo.jpg")
            Issue.record("a JPEG cut in its data verified")
        } catch let error as ImageFileError {
            #expect(error.message.hasPrefix("'photo.jpg': damaged JPEG: "), "\(error.message)")
            #expect(error.meaning == .badData)
        }
        let check = try ImageDecoder.verify(Fixture.bytes("jpeg-orient6.jpg"), file: "photo.jpg")
        #expect(check.info.orientation == .rotateClockwise && check.warning == nil)
        #expect(try ImageDecoder.verify(Self.hostile("missing-iend.png")).warning != nil)
    }

    @Test func aPNGWithABadImageDataChecksumIsDamaged() throws {
        var png = try Fixture.bytes("png-rgb8.png")
        let idat = (8..<png.count).first { Array(png[$0..<($0 + 4)]) == Array("IDAT".utf8) }!
        png[idat + 20] ^= 0xFF
        #expect(throws: ImageError.self) { try ImageDecoder.decode(png) }
    }

    @Test func theWrongReaderForAFormatSaysWhatTheDataIs() throws {
        #expect(throws: ImageError.damaged(.jpeg, "the data is a PNG, not a JPEG")) {
            try JPEGRowReader(Fixture.bytes("png-rgb8.png"))
        }
        #expect(throws: ImageError.notAnImage) { try ImageDecoder.decode(Array("not a picture".utf8)) }
    }
}
}
