import Foundation
import Testing
@testable import TagKit

extension ImagingTests {
@Suite struct DecodeTests {
    @Test(arguments: Fixture.all)
    func decodeMatchesTheReference(fixture: Fixture) throws {
        let decoded = try ImageDecoder.decode(fixture.bytes)
        let reference = try fixture.referencePixels
        #expect(decoded.pixels.width == reference.width)
        #expect(decoded.pixels.height == reference.height)
        #expect(decoded.pixels.channels == reference.channels)
        guard decoded.pixels.width == reference.width, decoded.pixels.height == reference.height,
              decoded.pixels.channels == reference.channels else { return }
        let diff = PixelDifference(decoded.pixels, reference)
        #expect(diff.mean <= fixture.maxMeanDiff, "\(fixture.note): \(diff)")
        #expect(diff.max <= fixture.maxDiff, "\(fixture.note): \(diff)")
    }

    @Test(arguments: Fixture.all.filter { !$0.file.contains("orient") }, [1, 5, 16, 1000])
    func rowReadersStreamTheSamePixelsInAnyBandSize(fixture: Fixture, band: Int) throws {
        let whole = try ImageDecoder.decode(fixture.bytes).pixels
        var reader = try fixture.bytes.withUnsafeBytes { try ImageDecoder.rowReader(for: $0) }
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: band * reader.rowBytes)
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try reader.readRows(into: $0, count: band) }
            if n == 0 { break }
            collected += buffer[0..<(n * reader.rowBytes)]
        }
        #expect(collected == whole.bytes)
    }

    @Test func eightOrientationsGiveOneUprightPicture() throws {
        let upright = try ImageDecoder.decode(Fixture.bytes("jpeg-orient1.jpg")).pixels
        for n in 1...8 {
            let bytes = try Fixture.bytes("jpeg-orient\(n).jpg")
            #expect(try ImageProbe.probe(bytes).orientation.rawValue == n)
            let decoded = try ImageDecoder.decode(bytes)
            #expect(decoded.pixels.width == 64 && decoded.pixels.height == 48, "orientation \(n)")
            let diff = PixelDifference(decoded.pixels, upright)
            #expect(diff.mean < 0.2 && diff.max <= 6, "orientation \(n): \(diff)")
            // Turning while decoding and turning afterwards agree exactly.
            let stored = try ImageDecoder.decode(bytes, applyOrientation: false).pixels
            #expect(stored.oriented(Orientation(rawValue: n)!) == decoded.pixels, "orientation \(n)")
        }
    }

    @Test func pngOrientationComesFromEXIfChunk() throws {
        let turned = try ImageDecoder.decode(Fixture.bytes("png-rgb8-orient6.png"))
        #expect(turned.info.orientation == .rotateClockwise)
        #expect(turned.info.storedWidth == 23 && turned.info.uprightWidth == 37)
        #expect(turned.pixels == (try ImageDecoder.decode(Fixture.bytes("png-rgb8.png")).pixels))
    }

    @Test(arguments: ["jpeg-icc.jpg", "png-rgb8-icc.png"])
    func iccProfileIsExtracted(file: String) throws {
        let decoded = try ImageDecoder.decode(Fixture.bytes(file))
        #expect(decoded.info.hasICC)
        #expect(decoded.iccProfile == (try Fixture.bytes("icc-srgb.icc")))
    }

    @Test(arguments: ["jpeg-baseline.jpg", "png-rgb8.png", "jpeg-cmyk-adobe.jpg"])
    func filesWithoutAProfileHaveNone(file: String) throws {
        #expect(try ImageDecoder.decode(Fixture.bytes(file)).iccProfile == nil)
    }

    @Test func cmykFilesAreRecognised() throws {
        #expect(try JPEGRowReader(Fixture.bytes("jpeg-ycck-adobe.jpg")).isCMYK)
        #expect(try !JPEGRowReader(Fixture.bytes("jpeg-baseline.jpg")).isCMYK)
    }

    @Test func transparencyGivesFourChannels() throws {
        #expect(try PNGRowReader(Fixture.bytes("png-palette8-trns.png")).channels == 4)
        #expect(try PNGRowReader(Fixture.bytes("png-palette8.png")).channels == 3)
        let interlaced = try PNGRowReader(Fixture.bytes("png-palette4-interlaced.png"))
        #expect(interlaced.isInterlaced && interlaced.storedBitDepth == 4)
    }

    @Test(arguments: [2, 4, 8])
    func jpegCanBeDecodedAtAFractionOfItsSize(reduction: Int) throws {
        var reader = try JPEGRowReader(Fixture.bytes("jpeg-baseline.jpg"), reduction: reduction)
        #expect(reader.width == 64 / reduction && reader.height == 48 / reduction)
        #expect(reader.storedWidth == 64)
        let small = try reader.readAll()
        #expect(small.width == 64 / reduction)
    }
}
}
