import Foundation
import Testing
@testable import TagKit

extension ImagingTests {
@Suite struct EncodeTests {
    let photo: PixelBuffer
    let icc: [UInt8]

    init() throws {
        photo = try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg")).pixels
        icc = try Fixture.bytes("icc-srgb.icc")
    }

    @Test(arguments: [3, 4])
    func pngRoundTripIsExact(channels: Int) throws {
        let pixels = testPattern(width: 41, height: 19, channels: channels)
        let encoded = try PNGEncoder().encode(pixels)
        #expect(try ImageProbe.probe(encoded) == ImageInfo(format: .png, storedWidth: 41, storedHeight: 19))
        #expect(try ImageDecoder.decode(encoded).pixels == pixels)
    }

    @Test func pngOfARealPhotoRoundTripsExactly() throws {
        let rgba = try ImageDecoder.decode(Fixture.bytes("png-rgba8.png")).pixels
        for level in [0, 1, 6, 9] {
            #expect(try ImageDecoder.decode(PNGEncoder(compressionLevel: level).encode(rgba)).pixels == rgba)
        }
    }

    @Test func pngWithoutAdaptiveFiltersWritesEveryRowUnfilteredAndLossless() throws {
        // A horizontal ramp: libpng's adaptive choice filters it (Sub), unfiltered leaves it as is.
        let width = 16, height = 4
        let pixels = PixelBuffer(width: width, height: height, channels: 4,
                                 bytes: (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: ($0 % (width * 4)) * 3) })
        // At level 0 zlib stores the filtered rows as they are: 2 bytes of zlib header and 5 of a
        // stored block's header into IDAT, each row is its filter byte and then its bytes.
        func filterBytes(_ png: [UInt8]) throws -> [UInt8] {
            let idat = try #require((0..<(png.count - 4)).first { png[$0..<($0 + 4)] == [0x49, 0x44, 0x41, 0x54] })
            let rows = idat + 4 + 7
            return (0..<height).map { png[rows + $0 * (1 + width * 4)] }
        }
        let plain = try PNGEncoder(compressionLevel: 0, adaptiveFilters: false).encode(pixels)
        #expect(try filterBytes(plain) == [0, 0, 0, 0])
        #expect(try ImageDecoder.decode(plain).pixels == pixels)
        let adaptive = try PNGEncoder(compressionLevel: 0).encode(pixels)
        #expect(try filterBytes(adaptive).contains { $0 != 0 }, "libpng filters the ramp when it may choose")
        #expect(try ImageDecoder.decode(PNGEncoder(compressionLevel: 6, adaptiveFilters: false).encode(pixels)).pixels == pixels)
    }

    @Test func jpegAtQuality95StaysClose() throws {
        let decoded = try ImageDecoder.decode(JPEGEncoder(quality: 95).encode(photo)).pixels
        let diff = PixelDifference(decoded, photo)
        #expect(diff.mean < 3.0, "\(diff)")  // a 64×48 photo is all detail: 4:2:0 costs most of this
        #expect(diff.max < 48, "\(diff)")
        let sharper = try ImageDecoder.decode(JPEGEncoder(quality: 95, chroma: .none).encode(photo)).pixels
        #expect(PixelDifference(sharper, photo).mean < diff.mean)
    }

    @Test func lowerQualityMeansSmallerFiles() throws {
        let small = try JPEGEncoder(quality: 30).encode(photo)
        let large = try JPEGEncoder(quality: 95).encode(photo)
        #expect(small.count < large.count)
    }

    @Test func jpegSettingsMatchCjpeg() throws {
        // jpeg-baseline.jpg was made by `cjpeg -quality 90`: same quantization tables, same
        // sampling factors (4:2:0), same Huffman tables (no optimisation), baseline SOF0.
        let ours = try JPEGEncoder(quality: 90).encode(photo)
        let cjpeg = try Fixture.bytes("jpeg-baseline.jpg")
        for marker: UInt8 in [0xDB, 0xC0, 0xC4] {
            #expect(segments(ours, marker) == segments(cjpeg, marker), "marker 0x\(String(marker, radix: 16))")
        }
        #expect(segments(ours, 0xC2).isEmpty && segments(ours, 0xE1).isEmpty)
    }

    /// The payloads of every segment with `marker` before the first scan.
    private func segments(_ jpeg: [UInt8], _ marker: UInt8) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var pos = 2
        while pos + 4 <= jpeg.count, jpeg[pos] == 0xFF, jpeg[pos + 1] != 0xDA {
            let length = Int(jpeg[pos + 2]) << 8 | Int(jpeg[pos + 3])
            if jpeg[pos + 1] == marker { found.append(Array(jpeg[(pos + 4)..<(pos + 2 + length)])) }
            pos += 2 + length
        }
        return found
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif])
    func iccProfileRoundTrips(format: ImageFormat) throws {
        let encoded = try Codecs.codec(for: format)!.encoder(EncodeSettings(quality: 90, iccProfile: icc)).encode(photo)
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.info.hasICC)
        #expect(decoded.iccProfile == icc)
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif])
    func theCameraSRGBProfileThatLibpngCallsIncorrectRoundTrips(format: ImageFormat) throws {
        let camera = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/sRGB-IEC61966-2.1.icc"))))
        #expect(camera.count == 3144)
        let encoded = try Codecs.codec(for: format)!.encoder(EncodeSettings(iccProfile: camera)).encode(photo)
        let decoded = try ImageDecoder.decode(encoded)
        #expect(decoded.iccProfile == camera)
        #expect(decoded.warning == nil)
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif])
    func outputCarriesNoOrientationOrOtherMetadata(format: ImageFormat) throws {
        let turned = try ImageDecoder.decode(Fixture.bytes("jpeg-orient6.jpg"))
        let encoded = try Codecs.codec(for: format)!.encoder(EncodeSettings()).encode(turned.pixels)
        let info = try ImageProbe.probe(encoded)
        #expect(info.orientation == .upright && !info.hasICC)
        #expect(info.storedWidth == 64 && info.storedHeight == 48)
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(!text.contains("Exif") && !text.contains("eXIf") && !text.contains("tEXt") && !text.contains("gAMA"))
    }

    @Test func jpegFlattensTransparencyOntoWhite() throws {
        var rgba = PixelBuffer(width: 16, height: 16, channels: 4, filledWith: 0)  // transparent black
        for i in stride(from: 0, to: rgba.bytes.count / 2, by: 4) { rgba.bytes[i..<(i + 4)] = [200, 0, 0, 255] }
        let decoded = try ImageDecoder.decode(JPEGEncoder(quality: 100, chroma: .none).encode(rgba)).pixels
        #expect(decoded.channels == 3)
        let top = decoded[3, 2], bottom = decoded[3, 13]
        #expect(top[0] > 180 && top[1] < 30)
        #expect(bottom.allSatisfy { $0 > 245 }, "transparent pixels become white, got \(bottom)")
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif])
    func encodingToAFileDescriptorWritesTheSameBytes(format: ImageFormat) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagproj-encode-\(UUID()).\(format)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { unlink(path) }
        let encoder = try Codecs.codec(for: format)!.encoder(EncodeSettings(iccProfile: icc))
        let inMemory = try encoder.encode(photo)
        try encoder.encode(photo, to: FileDescriptorSink(fd: fd, name: path))
        close(fd)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == inMemory)
    }

    @Test(arguments: [ImageFormat.jpeg, .png, .webp, .avif])
    func aFullDiskIsAnIOError(format: ImageFormat) throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let big = testPattern(width: 600, height: 400, channels: 3)  // more than one 64 KiB stage
        do {
            let sink = FileDescriptorSink(fd: fd, name: "/dev/full")
            let settings = EncodeSettings(quality: 100, compressionLevel: 0, lossless: format == .webp)
            try Codecs.codec(for: format)!.encoder(settings).encode(big, to: sink)
            Issue.record("writing to /dev/full succeeded")
        } catch let error as FileError {
            // The sink's own error comes out of the encoder unchanged.
            #expect(error.message == "cannot write '/dev/full': No space left on device")
            #expect(error.meaning == .io)
        }
    }

    @Test func encodersStreamFromARowSource() throws {
        var reader = try JPEGRowReader(Fixture.bytes("jpeg-progressive.jpg"))
        let png = try PNGEncoder().encode(&reader)
        #expect(try ImageDecoder.decode(png).pixels == (try ImageDecoder.decode(Fixture.bytes("jpeg-progressive.jpg")).pixels))
    }
}
}
