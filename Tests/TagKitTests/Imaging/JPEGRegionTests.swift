import CShims
import Foundation
import Testing
@testable import TagKit

/// A part of a JPEG decoded alone (`JPEGRegion`, `JPEGRowReader.crop`): libjpeg's scaling by
/// eighths, the rows above skipped, the MCU columns around it decoded, turned upright alone;
/// the pixels are those of the whole picture decoded at that scale, turned and cropped.
@Suite struct JPEGRegionTests {
    /// 203×141 (partial MCUs on the right and at the bottom), 4:2:0, made without a codec.
    static let odd: [UInt8] = try! JPEGEncoder(quality: 90).encode(testPattern(width: 203, height: 141, channels: 3))

    /// The whole picture at `eighths`, turned by `orientation`, then `crop` of it cut as export cuts a crop.
    static func wholeThenCropped(_ jpeg: [UInt8], eighths: Int, orientation: Orientation, crop: Crop) throws -> PixelBuffer {
        let reader = try JPEGRowReader(sharing: jpeg.withUnsafeBytes { SharedBytes(copying: $0) }, eighths: eighths)
        var upright = UprightRows(reader, orientation: orientation)
        let whole = try upright.readAll()
        var cropped = CroppedRows(PixelBufferRows(whole), rect: CropRect(crop, pictureWidth: whole.width, pictureHeight: whole.height))
        return try cropped.readAll()
    }

    /// `crop` decoded alone at `eighths`.
    static func region(_ jpeg: [UInt8], eighths: Int, orientation: Orientation, crop: Crop) throws -> PixelBuffer {
        let reader = try JPEGRowReader(sharing: jpeg.withUnsafeBytes { SharedBytes(copying: $0) }, eighths: eighths)
        var rows = try JPEGRegion.rows(reader, orientation: orientation, crop: crop)
        return try rows.readAll()
    }

    static let crops: [Crop] = [
        .full,
        Crop(x: 0, y: 0, width: 0.3, height: 0.2),            // the top-left corner
        Crop(x: 0.71, y: 0.66, width: 0.29, height: 0.34),    // the bottom-right corner, partial MCUs
        Crop(x: 0.33, y: 0.41, width: 0.27, height: 0.19),    // inside, off every MCU edge
        Crop(x: 0.5, y: 0, width: 0.5, height: 1),            // the right half, every row
        Crop(x: 0.2, y: 0.9999, width: 0.001, height: 0.0001), // thinner than a pixel: one row at the bottom
    ]

    @Test(arguments: Orientation.allCases)
    func aStoredRectangleTurnedIsTheUprightRectangle(orientation: Orientation) throws {
        let stored = testPattern(width: 23, height: 17, channels: 3)
        var whole = UprightRows(PixelBufferRows(stored), orientation: orientation)
        let upright = try whole.readAll()
        for rect in [CropRect(x: 0, y: 0, width: upright.width, height: upright.height), CropRect(x: 3, y: 2, width: 7, height: 5),
                     CropRect(x: upright.width - 1, y: upright.height - 4, width: 1, height: 4)] {
            var cut = CroppedRows(PixelBufferRows(upright), rect: rect)
            let s = orientation.storedRect(ofUpright: rect, storedWidth: stored.width, storedHeight: stored.height)
            var alone = UprightRows(CroppedRows(PixelBufferRows(stored), rect: s), orientation: orientation)
            #expect(try alone.readAll() == cut.readAll(), "\(orientation) \(rect)")
        }
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func aRegionDecodedAloneIsTheWholeDecodeCropped(eighths: Int) throws {
        for crop in Self.crops {
            let alone = try Self.region(Self.odd, eighths: eighths, orientation: .upright, crop: crop)
            let whole = try Self.wholeThenCropped(Self.odd, eighths: eighths, orientation: .upright, crop: crop)
            #expect(alone.width == whole.width && alone.height == whole.height, "\(eighths)/8 \(crop)")
            guard alone.width == whole.width && alone.height == whole.height else { continue }
            // libjpeg's upsampling at the cut columns may differ by a level or two.
            let diff = PixelDifference(alone, whole)
            #expect(diff.mean < 0.5 && diff.max <= 8, "\(eighths)/8 \(crop): \(diff)")
        }
    }

    @Test(arguments: Orientation.allCases)
    func everyOrientationTurnsTheRegionAsTheWholePicture(orientation: Orientation) throws {
        for crop in Self.crops {
            let alone = try Self.region(Self.odd, eighths: 8, orientation: orientation, crop: crop)
            let whole = try Self.wholeThenCropped(Self.odd, eighths: 8, orientation: orientation, crop: crop)
            try #require(alone.width == whole.width && alone.height == whole.height, "\(orientation) \(crop)")
            let diff = PixelDifference(alone, whole)
            #expect(diff.mean < 0.5 && diff.max <= 8, "\(orientation) \(crop): \(diff)")
        }
    }

    @Test func aProgressiveJPEGsRegionIsItsWholeDecodeCropped() throws {
        let progressive = try Fixture.bytes("jpeg-progressive.jpg")
        for eighths in [8, 4, 3] {
            for crop in Self.crops {
                let alone = try Self.region(progressive, eighths: eighths, orientation: .rotateClockwise, crop: crop)
                let whole = try Self.wholeThenCropped(progressive, eighths: eighths, orientation: .rotateClockwise, crop: crop)
                try #require(alone.width == whole.width && alone.height == whole.height)
                let diff = PixelDifference(alone, whole)
                #expect(diff.mean < 0.5 && diff.max <= 8, "\(eighths)/8 \(crop): \(diff)")
            }
        }
    }

    @Test func theLeastEighthsThatHoldTheOutputIsChosen() {
        // 5120×2880 shown at 3033×1706 (a 1011 CSS px view at devicePixelRatio 3): 5/8 = 3200 × 1800.
        #expect(JPEGRegion.eighths(crop: .full, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 3033, height: 1706)) == 5)
        #expect(JPEGRegion.eighths(crop: .full, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 1011, height: 569)) == 2)
        #expect(JPEGRegion.eighths(crop: .full, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 640, height: 360)) == 1)
        #expect(JPEGRegion.eighths(crop: .full, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 641, height: 360)) == 2)
        // A region at 1:1 is decoded at full size; half the region's pixels, at 4/8.
        let region = Crop(x: 0.25, y: 0.25, width: 0.25, height: 0.25)
        #expect(JPEGRegion.eighths(crop: region, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 1280, height: 720)) == 8)
        #expect(JPEGRegion.eighths(crop: region, uprightWidth: 5120, uprightHeight: 2880, output: PictureSize(width: 640, height: 360)) == 4)
        // More than the picture holds: full size.
        #expect(JPEGRegion.eighths(crop: .full, uprightWidth: 100, uprightHeight: 100, output: PictureSize(width: 200, height: 200)) == 8)
    }

    @Test func aCropThinnerThanAPixelAtTheFarEdgeKeepsTheLastPixel() {
        // Its start rounds to the edge: the last row, not one below the picture (the editor's
        // region y=0.9999, rh=0.0001 asked for rows 63..<65 of 64).
        #expect(Crop(x: 0.2, y: 0.9999, width: 0.001, height: 0.0001).pixelRect(width: 48, height: 64) == (10, 63, 1, 1))
        #expect(Crop(x: 0.99999, y: 0, width: 0.00001, height: 1).pixelRect(width: 203, height: 141) == (202, 0, 1, 141))
    }

    @Test func aScaledDecodeHasLibjpegsSize() throws {
        for eighths in 1...8 {
            let reader = try JPEGRowReader(sharing: Self.odd.withUnsafeBytes { SharedBytes(copying: $0) }, eighths: eighths)
            #expect(reader.width == JPEGRowReader.scaled(203, eighths: eighths) && reader.height == JPEGRowReader.scaled(141, eighths: eighths))
        }
        #expect(JPEGRowReader.scaled(5120, eighths: 5) == 3200 && JPEGRowReader.scaled(141, eighths: 3) == 53)
    }

    @Test func aDamagedFileGivesAnErrorNotACrash() throws {
        let cut = Array(Self.odd.prefix(Self.odd.count / 2))
        // The bottom rows are past the end of the data; so are the rows skipped to reach them.
        for crop in [Crop(x: 0, y: 0.8, width: 1, height: 0.2), Crop(x: 0.6, y: 0.7, width: 0.2, height: 0.3)] {
            #expect(throws: ImageError.self) { _ = try Self.region(cut, eighths: 8, orientation: .upright, crop: crop) }
            #expect(throws: ImageError.self) { _ = try Self.region(cut, eighths: 3, orientation: .rotateCounterClockwise, crop: crop) }
        }
        var garbage = Self.odd
        for i in stride(from: 700, to: garbage.count - 2, by: 37) { garbage[i] = 0xFF }
        // Whatever libjpeg makes of it, a thrown error or pixels, never a crash.
        for crop in Self.crops { _ = try? Self.region(garbage, eighths: 5, orientation: .transverse, crop: crop) }
    }

    @Test func aCropOutsideTheRowsIsRefusedByTheShim() throws {
        let reader = try JPEGRowReader(sharing: Self.odd.withUnsafeBytes { SharedBytes(copying: $0) })
        var left: Int32 = 0, columns: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        for (x, y, w, h) in [(-1, 0, 10, 10), (0, 0, 204, 10), (0, 140, 10, 2), (0, 0, 0, 1), (Int32.max, 0, 1, 1), (0, 0, Int32.max, 1)] as [(Int32, Int32, Int32, Int32)] {
            #expect(tp_jpeg_decoder_crop(reader.decoderPointer, x, y, w, h, &left, &columns, &message, message.count) != 0)
        }
        #expect(try reader.crop(CropRect(x: 0, y: 0, width: 10, height: 10)) == 0, "the decoder is still usable")
    }
}
