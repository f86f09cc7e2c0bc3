import Foundation
import Testing
@testable import TagKit

/// The photo decoded whole that the editor keeps (`DecodedPicture`): its smaller levels, the bands
/// it is resampled in on two threads, and the key that keeps one photo's pixels from being shown
/// for another's.
@Suite struct DecodedPictureTests {
    /// A project of a `width × height` test pattern saved as PNG (lossless, so the decoded
    /// picture is the pattern itself).
    static func project(width: Int, height: Int, channels: Int = 3, in dir: TemporaryDirectory, name: String = "p") throws -> (Project, PixelBuffer) {
        let pattern = testPattern(width: width, height: height, channels: channels)
        try Data(try PNGEncoder().encode(pattern)).write(to: URL(fileURLWithPath: dir.file("\(name).png")))
        return (try Project.create(at: dir.file("\(name).tagproj"), imagePath: dir.file("\(name).png"), options: NewProjectOptions()), pattern)
    }

    @Test func theBandsOfAResampledPictureAreExactlyItsRows() throws {
        let picture = testPattern(width: 97, height: 83, channels: 3)
        for (w, h) in [(40, 31), (97, 160), (13, 7), (200, 64)] {
            var whole = ResampledRows(PixelBufferRows(picture), width: w, height: h)
            let expected = try whole.readAll()
            for cuts in [[0, h / 2, h], [0, 1, h / 3, h - 1, h]] {
                var rows: [UInt8] = []
                for (low, high) in zip(cuts, cuts.dropFirst()) where low < high {
                    let first = FilterTaps.first(of: low, from: picture.height, to: h)
                    let source = CroppedRows(PixelBufferRows(picture), rect: CropRect(x: 0, y: first, width: picture.width, height: picture.height - first))
                    var band = ResampledRows(source, width: w, height: h, band: low..<high, sourceHeight: picture.height)
                    #expect(band.height == high - low)
                    rows += try band.readAll().bytes
                }
                #expect(rows == expected.bytes, "\(w)×\(h) in bands \(cuts)")
            }
        }
    }

    @Test func theHalvedLevelIsTheMeanOfEachFourPixelsAndTheOddEdgeOfTwo() throws {
        let dir = TemporaryDirectory()
        let (project, pattern) = try Self.project(width: 1025, height: 515, in: dir)
        let picture = try #require(try project.decodedPicture())
        #expect(picture.width == 1025 && picture.height == 515 && picture.channels == 3)
        try #require(picture.levels.count == 2, "515 rows hold one level of 258, the last over 256")
        let half = picture.levels[1]
        #expect(half.width == 513 && half.height == 258)
        func at(_ x: Int, _ y: Int, _ k: Int) -> Int { Int(pattern.bytes[(y * pattern.width + x) * 3 + k]) }
        for (x, y) in [(0, 0), (100, 57), (512, 10), (40, 257), (512, 257)] {
            for k in 0..<3 {
                // The last row (y 257) is its own pair; the last column (x 512) is a pair of rows only.
                let (x0, x1, y0, y1) = (2 * x, min(2 * x + 1, 1024), 2 * y, min(2 * y + 1, 514))
                let expected = x0 == x1 ? (at(x0, y0, k) + at(x0, y1, k) + 1) >> 1
                    : (at(x0, y0, k) + at(x1, y0, k) + at(x0, y1, k) + at(x1, y1, k) + 2) >> 2
                #expect(Int(half.pixels[(y * half.width + x) * 3 + k]) == expected, "(\(x), \(y)) channel \(k)")
            }
        }
    }

    @Test func aTransparentPixelLendsNoColourToTheHalvedLevel() throws {
        let full = DecodedPicture.Level(width: 2, height: 2, channels: 4)
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 0]  // one red pixel, three transparent
        for i in 0..<16 { full.pixels[i] = pixels[i] }
        let half = full.halved()
        #expect((0..<4).map { half.pixels[$0] } == [255, 0, 0, 64], "red at a quarter of the coverage, no green or blue")
        // An odd width's last column, a pair of rows alone, is weighted by alpha too.
        let odd = DecodedPicture.Level(width: 3, height: 2, channels: 4)
        let oddPixels: [UInt8] = [9, 9, 9, 255, 9, 9, 9, 255, 255, 0, 0, 255,
                                  9, 9, 9, 255, 9, 9, 9, 255, 0, 255, 0, 0]  // the last column: red over clear green
        for i in 0..<24 { odd.pixels[i] = oddPixels[i] }
        let oddHalf = odd.halved()
        #expect(oddHalf.width == 2 && oddHalf.height == 1)
        #expect((4..<8).map { oddHalf.pixels[$0] } == [255, 0, 0, 128], "red at half the coverage, no green")
    }

    @Test func aViewMuchSmallerThanThePhotoIsTheViewDecodedForItselfWithinAJPEGsDifference() throws {
        let dir = TemporaryDirectory()
        let (project, _) = try Self.project(width: 1600, height: 1040, in: dir)
        let picture = try #require(try project.decodedPicture())
        #expect(picture.levels.map { [$0.width, $0.height] } == [[1600, 1040], [800, 520], [400, 260]])
        // From the half level, the quarter, the full picture; a region from the half, its edges
        // on the half level's pixels (elsewhere they round to them, as a JPEG's do to its scale's).
        for (size, region) in [(PictureSize(width: 390, height: 253), Crop.full), (PictureSize(width: 190, height: 126), Crop.full),
                               (PictureSize(width: 900, height: 585), Crop.full),
                               (PictureSize(width: 200, height: 104), Crop(x: 0.1, y: 0.2, width: 0.5, height: 0.4))] {
            let own = try ImageDecoder.decode(try project.preview(size: size, region: region)).pixels
            let cut = try ImageDecoder.decode(try project.preview(size: size, region: region, decoded: { _ in picture })).pixels
            try #require(cut.width == size.width && cut.height == size.height)
            let diff = PixelDifference(own, cut)
            #expect(diff.mean < 1.5, "\(size) of \(region): \(diff)")
        }
    }

    @Test func anotherPhotosPixelsAreNeverShown() throws {
        let dir = TemporaryDirectory()
        let (a, _) = try Self.project(width: 300, height: 200, in: dir, name: "a")
        let other = try #require(try a.decodedPicture())
        // The same size, other pixels: only the bytes tell them apart.
        let pattern = PixelBuffer(width: 300, height: 200, channels: 3, filledWith: 40)
        try Data(try PNGEncoder().encode(pattern)).write(to: URL(fileURLWithPath: dir.file("b.png")))
        let b = try Project.create(at: dir.file("b.tagproj"), imagePath: dir.file("b.png"), options: NewProjectOptions())
        #expect(try b.sourceKey() != other.key)
        #expect(try a.sourceKey() == other.key)
        var askedFor: DecodedPicture.Key?
        let size = PictureSize(width: 150, height: 100)
        let shown = try ImageDecoder.decode(try b.preview(size: size, decoded: { key in askedFor = key; return key == other.key ? other : nil })).pixels
        #expect(askedFor == (try b.sourceKey()))
        #expect(PixelDifference(shown, PixelBuffer(width: 150, height: 100, channels: 3, filledWith: 40)).max <= 2, "b's own grey")
    }

    @Test func thePhotosDigestIsItsSHA256AndTellsEveryBitApart() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        func digest(_ b: [UInt8]) -> PhotoDigest { b.withUnsafeBytes { PhotoDigest(of: $0) } }
        #expect(digest(bytes).bytes == SHA256.hash(bytes))
        #expect(digest(Array("abc".utf8)).description == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        for i in [0, 15, 16, 500, 991, 999] {
            var changed = bytes
            changed[i] ^= 1
            #expect(digest(changed) != digest(bytes), "a bit of byte \(i)")
        }
        #expect(digest(Array(bytes.dropLast())) != digest(bytes), "the length")
        #expect(digest([]) != digest([0]))
    }

    @Test func aPhotoOverTheLimitIsNotHeld() throws {
        let dir = TemporaryDirectory()
        let (project, _) = try Self.project(width: 120, height: 100, in: dir)
        #expect(try project.decodedPicture(maxPixels: 11_999) == nil)
        #expect(try project.decodedPicture(maxPixels: 12_000) != nil)
    }
}
