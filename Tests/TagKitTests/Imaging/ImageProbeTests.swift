import Testing
@testable import TagKit

/// Tests of this folder are nested in `ImagingTests`, so `swift test --filter Imaging` selects them.
enum ImagingTests {}

extension ImagingTests {
@Suite struct ProbeTests {
    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2, 0xC9, 0xCA])
    func jpegSizeComesFromAnyDecodableFrameHeader(sof: UInt8) throws {
        let info = try ImageProbe.probe(SyntheticJPEG.header(width: 640, height: 480, sof: sof))
        #expect(info == ImageInfo(format: .jpeg, storedWidth: 640, storedHeight: 480))
    }

    @Test(arguments: 1...8, [true, false])
    func jpegOrientationIsReadInBothByteOrders(orientation: Int, littleEndian: Bool) throws {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: orientation, littleEndian: littleEndian))
        let info = try ImageProbe.probe(SyntheticJPEG.header(width: 300, height: 200, app: [app1]))
        #expect(info.orientation == orientation)
        #expect(info.storedWidth == 300 && info.storedHeight == 200)
        let swapped = orientation >= 5
        #expect(info.uprightWidth == (swapped ? 200 : 300))
        #expect(info.uprightHeight == (swapped ? 300 : 200))
    }

    @Test(arguments: [0, 9, 0xFFFF])
    func anOutOfRangeOrientationMeansUpright(value: Int) throws {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: value, littleEndian: false))
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == 1)
    }

    @Test func anOrientationOfTheWrongTypeIsIgnored() throws {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: 6, littleEndian: true, type: 2))
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == 1)
    }

    @Test func aBrokenExifBlockDoesNotRejectThePhoto() throws {
        var exif = SyntheticJPEG.exif(orientation: 6, littleEndian: false)
        exif[10...13] = [0x7F, 0xFF, 0xFF, 0xF0]  // IFD0 offset far past the end
        let app1 = SyntheticJPEG.segment(0xE1, exif)
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == 1)
    }

    @Test func jpegICCProfileIsNoticed() throws {
        let app2 = SyntheticJPEG.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 1, 0, 0])
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app2])).hasICC)
        #expect(try !ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8)).hasICC)
    }

    @Test(arguments: [UInt8(0xC3), 0xC5, 0xCB, 0xCF])
    func jpegProcessesLibjpegCannotDecodeAreRefused(sof: UInt8) {
        #expect(throws: ImageError.self) { try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, sof: sof)) }
    }

    @Test func twelveBitJPEGIsRefused() {
        #expect(throws: ImageError.unsupported(.jpeg, "12-bit samples (only 8-bit JPEG is supported)")) {
            try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, precision: 12))
        }
    }

    @Test func pngSizeOrientationAndProfileComeFromChunks() throws {
        let exif = Array(SyntheticJPEG.exif(orientation: 8, littleEndian: true).dropFirst(6))
        let png = SyntheticPNG.file(width: 37, height: 23, colourType: 6,
                                    before: [SyntheticPNG.chunk("iCCP", Array("icc\0\0".utf8) + [0x78]),
                                             SyntheticPNG.chunk("eXIf", exif)])
        let info = try ImageProbe.probe(png)
        #expect(info == ImageInfo(format: .png, storedWidth: 37, storedHeight: 23, orientation: 8, hasICC: true))
        #expect(info.uprightWidth == 23 && info.uprightHeight == 37)
    }

    @Test func pngWithInvalidBitDepthIsDamaged() {
        #expect(throws: ImageError.damaged(.png, "bit depth 4 is not allowed for colour type 2")) {
            try ImageProbe.probe(SyntheticPNG.file(width: 4, height: 4, depth: 4, colourType: 2))
        }
    }

    @Test func applesCgBIPNGIsRefused() {
        let png = SyntheticPNG.signature + SyntheticPNG.chunk("CgBI", [0x50, 0, 0x20, 2]) + SyntheticPNG.ihdr(width: 4, height: 4)
        #expect(throws: ImageError.self) { try ImageProbe.probe(png) }
    }

    @Test(arguments: [[], [0x00], Array("GIF89a".utf8), Array("hello, world".utf8), [0xFF, 0xD8]])
    func bytesThatAreNotAnImageSaySo(bytes: [UInt8]) {
        #expect(throws: ImageError.notAnImage) { try ImageProbe.probe(bytes) }
    }

    @Test func everyTruncationOfAHeaderThrowsInsteadOfCrashing() {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: 3, littleEndian: true))
        // The probe stops once it has read the first scan header (JPEG) or IDAT chunk (PNG).
        let samples = [(SyntheticJPEG.header(width: 64, height: 48, app: [app1]), 4),
                       (SyntheticPNG.file(width: 5, height: 5, before: [SyntheticPNG.chunk("iCCP", [1, 0, 0])]), 12)]
        for (full, unread) in samples {
            #expect(throws: Never.self) { try ImageProbe.probe(Array(full.dropLast(unread))) }
            for length in 0..<(full.count - unread) {
                #expect(throws: ImageError.self) { try ImageProbe.probe(Array(full.prefix(length))) }
            }
        }
    }

    @Test func randomDamageNeverCrashesTheProbe() {
        var rng = SplitMix(state: 42)
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: 6, littleEndian: false))
        let samples = [SyntheticJPEG.header(width: 64, height: 48, app: [app1]),
                       SyntheticPNG.file(width: 5, height: 5, before: [SyntheticPNG.chunk("eXIf", Array(app1.dropFirst(10)))])]
        for sample in samples {
            for _ in 0..<3000 {
                var bytes = sample
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    bytes[Int.random(in: 2..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                if let info = try? ImageProbe.probe(bytes) {
                    #expect((1...8).contains(info.orientation))
                    #expect(info.storedWidth > 0 && info.storedHeight > 0)
                }
            }
        }
    }

    @Test func errorsEndInExit65WithAClearMessage() {
        #expect(ImageError.notAnImage.meaning == .badData)
        #expect(ImageError.notAnImage.message == "not a JPEG or PNG image")
        let big = ImageError.tooManyPixels(width: 20000, height: 10000, limit: 100_000_000)
        #expect(big.message == "image is 20000×10000 pixels (200.0 megapixels), over the limit of 100000000 pixels")
        #expect(big.meaning == .badData)
        #expect(ImageError.cannotWrite(.jpeg).meaning == .invalidRequest)
    }
}
}
