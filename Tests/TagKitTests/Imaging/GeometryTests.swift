import Testing
@testable import TagKit

extension ImagingTests {
/// Orientation, crop and resampling on pixel buffers made in the test, no codecs involved.
@Suite struct GeometryTests {
    /// A 3×2 picture whose pixel at (x, y) has red = 10·x + y, so every place is recognisable.
    let labelled = PixelBuffer(width: 3, height: 2, channels: 3, bytes: [
        0, 0, 0, 10, 0, 0, 20, 0, 0,
        1, 0, 0, 11, 0, 0, 21, 0, 0,
    ])

    private func reds(_ p: PixelBuffer) -> [[UInt8]] {
        (0..<p.height).map { y in (0..<p.width).map { x in p[x, y].first! } }
    }

    @Test func eachOrientationTurnsTheGridAsEXIFSays() {
        let a: UInt8 = 0, b: UInt8 = 10, c: UInt8 = 20, d: UInt8 = 1, e: UInt8 = 11, f: UInt8 = 21
        // Stored:  a b c      (a at top-left, f at bottom-right)
        //          d e f
        let expected: [Orientation: [[UInt8]]] = [
            .upright: [[a, b, c], [d, e, f]],
            .mirrorLeftRight: [[c, b, a], [f, e, d]],
            .rotate180: [[f, e, d], [c, b, a]],
            .mirrorTopBottom: [[d, e, f], [a, b, c]],
            .transpose: [[a, d], [b, e], [c, f]],
            .rotateClockwise: [[d, a], [e, b], [f, c]],
            .transverse: [[f, c], [e, b], [d, a]],
            .rotateCounterClockwise: [[c, f], [b, e], [a, d]],
        ]
        for orientation in Orientation.allCases {
            #expect(reds(labelled.oriented(orientation)) == expected[orientation], "orientation \(orientation.rawValue)")
        }
        #expect(Orientation(rawValue: 0) == nil && Orientation(rawValue: 9) == nil)
    }

    @Test(arguments: [3, 4])
    func orientingWhileReadingEqualsOrientingAfterwards(channels: Int) throws {
        let picture = testPattern(width: 37, height: 23, channels: channels)
        for orientation in Orientation.allCases {
            var rows = PixelBufferRows(picture)
            #expect(try orientation.readUpright(&rows) == picture.oriented(orientation))
        }
    }

    /// Where the EXIF table puts stored pixel (x, y) of a w×h grid, written out pixel by pixel.
    static func uprightPlace(_ x: Int, _ y: Int, w: Int, h: Int, orientation: Orientation) -> (Int, Int) {
        switch orientation.rawValue {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (h - 1 - y, x)
        case 7: (h - 1 - y, w - 1 - x)
        case 8: (y, w - 1 - x)
        default: (x, y)
        }
    }

    /// Turning in bands and tiles gives what turning pixel by pixel gives, also for a height that
    /// is not a whole number of bands.
    @Test(arguments: [(37, 23, 3), (70, 45, 4), (33, 97, 3)])
    func turningInTilesPutsEveryPixelWhereTheEXIFTableSays(width: Int, height: Int, channels: Int) throws {
        let picture = testPattern(width: width, height: height, channels: channels)
        for orientation in Orientation.allCases {
            let turned = picture.oriented(orientation)
            var expected = PixelBuffer(width: turned.width, height: turned.height, channels: channels, filledWith: 0)
            for y in 0..<height {
                for x in 0..<width {
                    let (ux, uy) = Self.uprightPlace(x, y, w: width, h: height, orientation: orientation)
                    let from = (y * width + x) * channels, to = (uy * turned.width + ux) * channels
                    expected.bytes[to..<(to + channels)] = picture.bytes[from..<(from + channels)]
                }
            }
            #expect(turned == expected, "orientation \(orientation.rawValue)")
        }
    }

    /// Upright rows taken band by band from the stored picture (as an export reads them) are the
    /// rows of the turned picture, whatever the band size, the channels and the edges.
    @Test(arguments: [(37, 23, 3), (70, 45, 4), (33, 97, 3), (1, 1, 3), (5, 1, 3), (1, 6, 4)])
    func uprightRowsInBandsAreTheTurnedPicturesRows(width: Int, height: Int, channels: Int) throws {
        let picture = testPattern(width: width, height: height, channels: channels)
        for orientation in Orientation.allCases {
            let turned = picture.oriented(orientation)
            for band in [1, 7, 16] {
                var rows = UprightRows(PixelBufferRows(picture), orientation: orientation)
                #expect(rows.width == turned.width && rows.height == turned.height)
                var collected: [UInt8] = []
                var buffer = [UInt8](repeating: 0xEE, count: band * rows.rowBytes)
                while case let got = try buffer.withUnsafeMutableBufferPointer({ try rows.readRows(into: $0, count: band) }), got > 0 {
                    collected += buffer[0..<(got * rows.rowBytes)]
                }
                #expect(collected == turned.bytes, "orientation \(orientation.rawValue), bands of \(band)")
            }
        }
    }

    @Test func normalizedCropRoundsEdgesToTheNearestPixel() {
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, in size: (Int, Int) = (600, 400)) -> CropRect {
            CropRect(normalizedX: x, y: y, width: w, height: h, pictureWidth: size.0, pictureHeight: size.1)
        }
        #expect(rect(0, 0, 1, 1) == CropRect(x: 0, y: 0, width: 600, height: 400))
        #expect(rect(0.25, 0.5, 0.5, 0.25) == CropRect(x: 150, y: 200, width: 300, height: 100))
        // Edges at 0.1·7 = 0.7 → 1 and 0.6·7 = 4.2 → 4: columns 1, 2, 3.
        #expect(rect(0.1, 0, 0.5, 1, in: (7, 3)) == CropRect(x: 1, y: 0, width: 3, height: 3))
        // Neighbouring crops share their boundary.
        let left = rect(0, 0, 0.3333, 1, in: (10, 1)), right = rect(0.3333, 0, 0.6667, 1, in: (10, 1))
        #expect(left.x + left.width == right.x && right.x + right.width == 10)
        // Out of range, NaN and too thin are clamped, never empty.
        #expect(rect(-1, -1, 3, 3) == CropRect(x: 0, y: 0, width: 600, height: 400))
        #expect(rect(.nan, 0, 0.5, 1).x == 0)
        #expect(rect(0.5, 0.5, 0, 0) == CropRect(x: 300, y: 200, width: 1, height: 1))
        #expect(rect(1, 1, 0.1, 0.1) == CropRect(x: 599, y: 399, width: 1, height: 1))
    }

    @Test func normalizedRectanglesAndProjectCropsRoundAlike() {
        for (w, h) in [(600, 400), (7, 3), (4032, 3024)] {
            for x in stride(from: 0.0, through: 0.9, by: 0.07) {
                for width in stride(from: 0.01, through: 1 - x, by: 0.09) {
                    let crop = Crop(x: x, y: x / 2, width: width, height: width / 2 + 0.05)
                    #expect(CropRect(crop, pictureWidth: w, pictureHeight: h)
                        == CropRect(normalizedX: crop.x, y: crop.y, width: crop.width, height: crop.height,
                                     pictureWidth: w, pictureHeight: h), "\(crop) in \(w)×\(h)")
                }
            }
        }
    }

    @Test func croppingCopiesTheRightPixels() {
        let picture = testPattern(width: 20, height: 10, channels: 4)
        let piece = picture.cropped(to: CropRect(x: 3, y: 2, width: 5, height: 4))
        #expect(piece.width == 5 && piece.height == 4)
        for y in 0..<4 { for x in 0..<5 { #expect(piece[x, y] == picture[x + 3, y + 2]) } }
        #expect(picture.cropped(normalizedX: 0, y: 0, width: 1, height: 1) == picture)
    }

    @Test(arguments: [1, 3, 64])
    func streamedCropEqualsBufferCrop(band: Int) throws {
        let picture = testPattern(width: 31, height: 40, channels: 3)
        let rect = CropRect(x: 4, y: 9, width: 20, height: 17)
        var rows = CroppedRows(PixelBufferRows(picture), rect: rect)
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: band * rows.rowBytes)
        while case let n = try buffer.withUnsafeMutableBufferPointer({ try rows.readRows(into: $0, count: band) }), n > 0 {
            collected += buffer[0..<(n * rows.rowBytes)]
        }
        #expect(collected == picture.cropped(to: rect).bytes)
    }

    @Test func resizingToTheSameSizeChangesNothing() {
        let picture = testPattern(width: 33, height: 21, channels: 3)
        #expect(picture.resized(width: 33, height: 21) == picture)
        // One axis unchanged: that axis is reproduced exactly.
        let taller = picture.resized(width: 33, height: 42)
        #expect(taller.width == 33 && taller.height == 42)
    }

    @Test(arguments: [(64, 48), (7, 5), (1, 1), (200, 150), (64, 5)])
    func aFlatPictureStaysFlatAtAnySize(size: (Int, Int)) {
        let flat = PixelBuffer(width: 40, height: 30, channels: 3, bytes: [UInt8]((0..<1200).flatMap { _ in [200, 100, 30] }))
        let resized = flat.resized(width: size.0, height: size.1)
        #expect(resized.width == size.0 && resized.height == size.1)
        #expect(resized.bytes == [UInt8]((0..<(size.0 * size.1)).flatMap { _ in [200, 100, 30] }))
    }

    @Test func bigReductionsAverageInsteadOfAliasing() {
        // A one-pixel checkerboard shrunk 8× must be mid grey, not a moiré of black and white.
        let board = PixelBuffer(width: 96, height: 64, channels: 3, bytes: (0..<(96 * 64)).flatMap { i -> [UInt8] in
            let v: UInt8 = (i % 96 + i / 96) % 2 == 0 ? 0 : 255
            return [v, v, v]
        })
        let small = board.resized(width: 12, height: 8)
        #expect(small.bytes.allSatisfy { (124...131).contains($0) }, "\(small.bytes.min()!)…\(small.bytes.max()!)")
    }

    @Test func transparentPixelsLendNoColour() {
        // Left half opaque red, right half fully transparent green.
        let picture = PixelBuffer(width: 16, height: 4, channels: 4, bytes: (0..<64).flatMap { i -> [UInt8] in
            i % 16 < 8 ? [255, 0, 0, 255] : [0, 255, 0, 0]
        })
        let resized = picture.resized(width: 5, height: 3)
        for y in 0..<3 {
            for x in 0..<5 where resized[x, y].last! > 8 {
                let px = resized[x, y]
                #expect(px[0] > 245 && px[1] < 10, "pixel \(x),\(y) is \(px)")
            }
        }
    }

    @Test(arguments: [(20, 15), (80, 60), (41, 29)])
    func streamedResizeEqualsBufferResize(size: (Int, Int)) throws {
        let picture = try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg")).pixels
        var rows = ResampledRows(PixelBufferRows(picture), width: size.0, height: size.1)
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 7 * rows.rowBytes)
        while case let n = try buffer.withUnsafeMutableBufferPointer({ try rows.readRows(into: $0, count: 7) }), n > 0 {
            collected += buffer[0..<(n * rows.rowBytes)]
        }
        #expect(collected == picture.resized(width: size.0, height: size.1).bytes)
    }

    @Test func downscaledPhotoKeepsItsLook() throws {
        // Shrinking by 2 then comparing with a 2×2 box average of the original: close.
        let photo = try ImageDecoder.decode(Fixture.bytes("jpeg-baseline.jpg")).pixels
        let half = photo.resized(width: 32, height: 24)
        var box = [UInt8]()
        for y in 0..<24 { for x in 0..<32 { for c in 0..<3 {
            let sum = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Int(photo[2 * x + $0.0, 2 * y + $0.1][c]) }
            box.append(UInt8((sum.reduce(0, +) + 2) / 4))
        } } }
        let diff = PixelDifference(half, PixelBuffer(width: 32, height: 24, channels: 3, bytes: box))
        #expect(diff.mean < 6, "\(diff)")
    }
}
}
