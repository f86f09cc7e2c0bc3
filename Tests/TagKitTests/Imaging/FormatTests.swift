import Foundation
import Testing
@testable import TagKit

/// WebP, HEIC and AVIF: what the decoders keep and refuse, and encoders checked against the
/// libraries' own tools (dwebp, heif-convert from scripts/install-deps.sh).
extension ImagingTests {
@Suite struct FormatTests {
    let photo: PixelBuffer

    init() throws {
        photo = try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg")).pixels
    }

    /// Runs a tool on `input` (written to a temporary file with `suffix`) and returns its output
    /// file's bytes; the tool is called as `tool args… in out`.
    private func tool(_ tool: String, _ input: [UInt8], suffix: String, output: String, _ arguments: [String] = [],
                      outputFirst: Bool = false) throws -> [UInt8] {
        let dir = TemporaryDirectory()
        let (inPath, outPath) = (dir.file("in." + suffix), dir.file(output))
        try Data(input).write(to: URL(fileURLWithPath: inPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments + (outputFirst ? [inPath, "-o", outPath] : [inPath, outPath])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) failed")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath)))
    }

    @Test(arguments: [3, 4])
    func losslessWebPRoundTripsExactlyAndDwebpAgrees(channels: Int) throws {
        let pixels = testPattern(width: 37, height: 23, channels: channels)
        let webp = try WebPEncoder(lossless: true).encode(pixels)
        #expect(try ImageDecoder.decode(webp).pixels == pixels)
        // dwebp's PAM is always RGBA; the picture in it is ours exactly.
        let pam = try PixelBuffer.pam(tool("dwebp", webp, suffix: "webp", output: "out.pam", ["-pam"], outputFirst: true))
        #expect(pam.width == 37 && pam.height == 23)
        #expect(pam.droppingAlpha(unless: channels == 4) == pixels)
    }

    @Test func lossyWebPDecodesAsDwebpDecodesItAndQualityIsTheJPEGScale() throws {
        let q82 = try WebPEncoder(quality: 82).encode(photo)
        let decoded = try ImageDecoder.decode(q82)
        #expect(decoded.info.format == .webp && decoded.pixels.channels == 3)
        let pam = try PixelBuffer.pam(tool("dwebp", q82, suffix: "webp", output: "out.pam", ["-pam"], outputFirst: true))
        #expect(pam.droppingAlpha(unless: false) == decoded.pixels)
        #expect(PixelDifference(decoded.pixels, photo).mean < 6)
        #expect(try WebPEncoder(quality: 30).encode(photo).count < q82.count)
        #expect(try WebPEncoder(quality: 95).encode(photo).count > q82.count)
    }

    @Test func anAnimatedWebPIsRefusedSayingSo() throws {
        let bytes = try Fixture.bytes("webp-animated.webp")
        #expect(throws: ImageError.unsupported(.webp, "an animated WebP; tagproj reads still pictures only")) {
            try ImageProbe.probe(bytes)
        }
    }

    @Test func aHEICCarryingEXIFOrientation6IsNotTurnedOnTopOfItsOwnTransform() throws {
        let bytes = try Fixture.bytes("heic-exif-orient6.heic")
        let info = try ImageProbe.probe(bytes)
        #expect(info.orientation == .upright)
        #expect(info.uprightWidth == 48 && info.uprightHeight == 64, "the stored picture, as heif-convert shows it")
    }

    @Test func anIPhoneLikeHEICIsTurnedByItsIrotOnceAndNotAgainByItsEXIF() throws {
        let bytes = try Fixture.bytes("heic-irot-exif6.heic")
        let info = try ImageProbe.probe(bytes)
        #expect(info.orientation == .upright && info.uprightWidth == 64 && info.uprightHeight == 48)
        let decoded = try ImageDecoder.decode(bytes).pixels
        // The same upright picture the JPEG fixtures show (one HEVC encode away).
        let diff = PixelDifference(decoded, try Fixture.readPAM("jpeg-baseline.pam"))
        #expect(diff.mean < 4, "\(diff)")
    }

    @Test func aHEICKeepsItsICCProfile() throws {
        let decoded = try ImageDecoder.decode(Fixture.bytes("heic-icc.heic"))
        #expect(decoded.info.hasICC)
        let png = try ImageDecoder.decode(Fixture.bytes("png-rgb8-icc.png"))
        #expect(decoded.iccProfile != nil && decoded.iccProfile == png.iccProfile)
        #expect(try ImageProbe.probe(Fixture.bytes("heic-8bit.heic")).hasICC == false)
    }

    /// The XYZ numbers of tag `signature` in an ICC profile (an `XYZ ` tag), or nil.
    static func iccXYZ(_ profile: [UInt8], _ signature: String) -> [Double]? {
        func u32(_ at: Int) -> Int { profile[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        for entry in 0..<u32(128) {
            let at = 132 + 12 * entry
            guard profile[at..<at + 4].elementsEqual(signature.utf8) else { continue }
            return (0..<3).map { Double(Int32(truncatingIfNeeded: u32(u32(at + 4) + 8 + 4 * $0))) / 65536 }
        }
        return nil
    }

    @Test func aDisplayP3HEICGetsTheP3ProfileItsNclxDescribes() throws {
        let p3 = try #require(try ImageDecoder.decode(Fixture.bytes("heic-nclx-p3.heic")).iccProfile)
        #expect(ICCProfile.describesRGB(p3) && p3[8] == 4)
        // Display P3's colorants adapted to D50, as Apple's and LittleCMS's profiles have them.
        let expected = ["rXYZ": [0.5151, 0.2412, -0.0011], "gXYZ": [0.2920, 0.6922, 0.0419], "bXYZ": [0.1571, 0.0666, 0.7841],
                        "wtpt": [0.9642, 1.0, 0.8249]]
        for (tag, xyz) in expected {
            let found = try #require(Self.iccXYZ(p3, tag), "\(tag)")
            #expect(zip(found, xyz).allSatisfy { abs($0 - $1) < 0.0006 }, "\(tag): \(found)")
        }
        #expect(String(decoding: p3.filter { $0 != 0 }, as: UTF8.self).contains("Display P3"))
        // sRGB's own primaries, or no description at all, need no profile.
        #expect(try ImageDecoder.decode(Fixture.bytes("heic-nclx-709.heic")).iccProfile == nil)
        #expect(try ImageDecoder.decode(Fixture.bytes("heic-8bit.heic")).iccProfile == nil)
        // The probe, which new stores and info reports, says so too.
        #expect(try ImageProbe.probe(Fixture.bytes("heic-nclx-p3.heic")).hasICC)
        #expect(try !ImageProbe.probe(Fixture.bytes("heic-nclx-709.heic")).hasICC)
    }

    @Test func builtColorantsOfSRGBsPrimariesAreThoseOfTheSRGBProfile() throws {
        let hp = [UInt8](try Data(contentsOf: Fixture.directory.deletingLastPathComponent().appendingPathComponent("sRGB-IEC61966-2.1.icc")))
        let built = ICCProfile.colorants(.bt709)
        for (column, tag) in ["rXYZ", "gXYZ", "bXYZ"].enumerated() {
            let found = try #require(Self.iccXYZ(hp, tag))
            #expect(zip(found, built.map { $0[column] }).allSatisfy { abs($0 - $1) < 0.001 }, "\(tag): \(found) \(built)")
        }
    }

    @Test(arguments: ["heic-8bit.heic", "avif-alpha.avif", "webp-lossy.webp"])
    func thePixelLimitIsCheckedFromTheHeaderBeforeDecoding(file: String) throws {
        let bytes = try Fixture.bytes(file)
        #expect(throws: ImageError.tooManyPixels(width: 37, height: 23, limit: 850)) {
            try bytes.withUnsafeBytes { try ImageDecoder.rowReader(for: $0, maxPixels: 850) }
        }
    }

    /// heic-grid.heic's tiles are coded at 64 pixels for 24-pixel cells (heif-enc pads them), and
    /// libheif 1.15's tile threads paste each whole, so the spill lands over a neighbour in an order
    /// that changes from run to run. tagproj decodes each tile in a context of its own and pastes
    /// only its cell (or has libheif decode tiles in raster order), so a grid (every iPhone photo)
    /// gives one picture every time, turned and mirrored as libheif turns and mirrors it.
    @Test(arguments: ["heic-grid.heic", "heic-grid-irot.heic", "heic-grid-imir.heic"])
    func aGridDecodesToTheSamePictureEveryTime(file: String) throws {
        let fixture = Fixture.named(file)
        let reference = try fixture.referencePixels
        for run in 0..<12 {
            let decoded = try ImageDecoder.decode(try fixture.bytes).pixels
            #expect(decoded.bytes == reference.bytes, "decode \(run) differs from the tiles decoded one by one")
        }
    }

    /// A grid whose canvas (in its 8 bytes of item data) is larger than the image its header
    /// declares: libheif would allocate the canvas (2.4 GB here, found by FuzzHEIC) before failing.
    @Test func aGridCanvasLargerThanItsImageIsDamageBeforeAnyDecoding() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/regressions/decode/heic-grid-canvas-oom.heic"))))
        #expect(throws: ImageError.damaged(.heic, "the primary image's grid is 26991×30316, larger than the 37×23 image it makes")) {
            try ImageDecoder.decode(bytes)
        }
        // The same file with the grid's output size (in idat: version, flags, rows - 1, columns - 1,
        // width, height) put back to the header's 37×23 decodes.
        let idat = try #require(Self.range(of: [0, 0, 0, 0x10] + Array("idat".utf8), in: bytes), "no idat box")
        var mended = bytes
        mended.replaceSubrange((idat + 12)..<(idat + 16), with: [0, 37, 0, 23])
        let decoded = try ImageDecoder.decode(mended).pixels
        #expect(decoded.width == 37 && decoded.height == 23)
    }

    /// A grid listed among its own tiles (found by FuzzHEIC): libheif 1.15 recurses until its
    /// stack runs out (or, with its tile threads, until it cannot start another: an abort). In the
    /// second file the reference's box says it holds one tile and its count says 29,797: libheif
    /// reads on to the end of 'iref', and so does the check.
    @Test(arguments: ["heic-grid-refers-to-itself.heic", "heic-grid-refers-to-itself-past-its-box.heic"])
    func aGridAmongItsOwnTilesIsDamageBeforeAnyDecoding(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/regressions/decode/" + file))))
        #expect(throws: ImageError.damaged(.heic, "a derived image refers back to itself")) { try ImageDecoder.decode(bytes) }
    }

    static func range(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    @Test(arguments: ["heic-8bit.heic", "heic-10bit.heic", "avif-alpha.avif", "webp-lossy.webp", "webp-lossless-alpha.webp"])
    func everyTruncationIsDamageNeverACrash(file: String) throws {
        let bytes = try Fixture.bytes(file)
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            do {
                _ = try ImageDecoder.decode(Array(bytes[..<length]))
            } catch let error as ImageError {
                #expect(error.meaning == .badData, "\(file) cut at \(length): \(error)")
            }
        }
    }

    @Test(arguments: [3, 4])
    func avifIsReadBackByHeifConvertCloseToTheSource(channels: Int) throws {
        let pixels = channels == 3 ? photo : testPattern(width: 37, height: 23, channels: 4)
        let avif = try AVIFEncoder(quality: 90).encode(pixels)
        let ours = try ImageDecoder.decode(avif)
        #expect(ours.info.format == .avif && ours.pixels.channels == channels)
        #expect(PixelDifference(ours.pixels, pixels).mean < 4)
        let png = try tool("heif-convert", avif, suffix: "avif", output: "out.png")
        let theirs = try ImageDecoder.decode(png).pixels
        #expect(theirs == ours.pixels, "libheif's own tool decodes our AVIF to the same pixels")
        #expect(try AVIFEncoder(quality: 30).encode(pixels).count < avif.count)
    }

    @Test func heicIsReadNotWritten() throws {
        #expect(Codecs.codec(for: .heic)?.canRead == true)
        #expect(throws: ImageError.cannotWrite(.heic)) { try Codecs.codec(for: .heic)!.encoder(EncodeSettings()) }
    }
}
}

extension PixelBuffer {
    /// RGB without the alpha of an RGBA buffer, unless `keep`.
    func droppingAlpha(unless keep: Bool) -> PixelBuffer {
        guard channels == 4, !keep else { return self }
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for i in stride(from: 0, to: bytes.count, by: 4) { rgb += bytes[i..<(i + 3)] }
        return PixelBuffer(width: width, height: height, channels: 3, bytes: rgb)
    }
}
