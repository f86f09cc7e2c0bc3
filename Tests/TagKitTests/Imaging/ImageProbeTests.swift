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
        #expect(info.orientation.rawValue == orientation)
        #expect(info.storedWidth == 300 && info.storedHeight == 200)
        let swapped = orientation >= 5
        #expect(info.uprightWidth == (swapped ? 200 : 300))
        #expect(info.uprightHeight == (swapped ? 300 : 200))
    }

    @Test(arguments: [0, 9, 0xFFFF])
    func anOutOfRangeOrientationMeansUpright(value: Int) throws {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: value, littleEndian: false))
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == .upright)
    }

    @Test func anOrientationOfTheWrongTypeIsIgnored() throws {
        let app1 = SyntheticJPEG.segment(0xE1, SyntheticJPEG.exif(orientation: 6, littleEndian: true, type: 2))
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == .upright)
    }

    @Test func aBrokenExifBlockDoesNotRejectThePhoto() throws {
        var exif = SyntheticJPEG.exif(orientation: 6, littleEndian: false)
        exif[10...13] = [0x7F, 0xFF, 0xFF, 0xF0]  // IFD0 offset far past the end
        let app1 = SyntheticJPEG.segment(0xE1, exif)
        #expect(try ImageProbe.probe(SyntheticJPEG.header(width: 8, height: 8, app: [app1])).orientation == .upright)
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
        #expect(info == ImageInfo(format: .png, storedWidth: 37, storedHeight: 23, orientation: .rotateCounterClockwise, hasICC: true))
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

    @Test(arguments: [[], [0x00], Array("GIF8".utf8), Array("hello, world".utf8), [0xFF, 0xD8]])
    func bytesThatAreNotAnImageSaySo(bytes: [UInt8]) {
        #expect(throws: ImageError.notAnImage) { try ImageProbe.probe(bytes) }
    }

    /// The first bytes of a file: `parts` as text or bytes, one after the other.
    static func header(_ parts: Any...) -> [UInt8] {
        parts.flatMap { part -> [UInt8] in (part as? String).map { Array($0.utf8) } ?? (part as! [UInt8]) }
    }

    static let otherFormats: [([UInt8], ImageFormat)] = [
        (header("GIF89a", [1, 0, 1, 0] as [UInt8]), .gif), (header("GIF87a"), .gif),
        ([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0], .tiff), ([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8], .tiff),
    ]

    /// The first bytes of a WebP, HEIC and AVIF: recognised by their magic, then refused as damaged.
    static let readFormats: [([UInt8], ImageFormat)] = [
        (header("RIFF", [0x24, 0, 0, 0] as [UInt8], "WEBPVP8 "), .webp),
        (header([0, 0, 0, 0x18] as [UInt8], "ftypheic", [0, 0, 0, 0] as [UInt8], "mif1heic"), .heic),
        (header([0, 0, 0, 0x18] as [UInt8], "ftypmif1", [0, 0, 0, 0] as [UInt8], "mif1avif"), .avif),
        (header([0, 0, 0, 0x14] as [UInt8], "ftypavif", [0, 0, 0, 0] as [UInt8], "avif"), .avif),
    ]

    @Test(arguments: readFormats)
    func theFirstBytesOfAWebPOrHEIFAreRecognisedAndRefusedAsDamaged(bytes: [UInt8], format: ImageFormat) {
        #expect(bytes.withUnsafeBytes { ImageProbe.format(of: $0) } == format)
        do {
            _ = try ImageDecoder.decode(bytes)
            Issue.record("decoded a header")
        } catch let error as ImageError {
            guard case .damaged(format, _) = error else { Issue.record("\(error)"); return }
        } catch { Issue.record("\(error)") }
    }

    @Test(arguments: otherFormats)
    func imagesOfAnotherFormatAreNamed(bytes: [UInt8], format: ImageFormat) {
        #expect(throws: ImageError.otherFormat(format)) { try ImageProbe.probe(bytes) }
        #expect(throws: ImageError.otherFormat(format)) { try ImageDecoder.decode(bytes) }
    }

    @Test func aFileOfAnotherFormatIsNamedWithWhatIsRead() {
        let error = ImageFileError(.file("cups.gif"), .otherFormat(.gif))
        #expect(error.message == "'cups.gif' is a GIF image; tagproj reads JPEG, PNG, WebP, HEIC and AVIF")
        #expect(error.meaning == .badData)
        #expect(ImageFileError(.photo(inProject: "p.tagproj"), .damaged(.jpeg, "bad")).message
                == "the photo in 'p.tagproj': damaged JPEG: bad")
    }

    @Test func anMP4IsNotTakenForAHEIC() {
        let mp4 = Self.header([0, 0, 0, 0x18] as [UInt8], "ftypisom", [0, 0, 2, 0] as [UInt8], "isomiso2")
        #expect(throws: ImageError.notAnImage) { try ImageProbe.probe(mp4) }
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
                    #expect(info.storedWidth > 0 && info.storedHeight > 0)
                }
            }
        }
    }

    @Test func errorsEndInExit65WithAClearMessage() {
        #expect(ImageError.notAnImage.meaning == .badData)
        #expect(ImageError.notAnImage.message == "not a JPEG, PNG, WebP, HEIC or AVIF image")
        let big = ImageError.tooManyPixels(width: 20000, height: 10000, limit: 100_000_000)
        #expect(big.message == "image is 20000×10000 pixels (200.0 megapixels), over the limit of 100000000 pixels")
        #expect(big.meaning == .badData)
        #expect(ImageError.cannotWrite(.jpeg).meaning == .invalidRequest)
    }
}
}
