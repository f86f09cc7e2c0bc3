import Foundation
import FuzzBodies
import Testing
@testable import TagKit

/// The editor's preview of a region (`Project.preview(size:region:)`): for a JPEG only that part
/// is decoded, at the least of libjpeg's eighths that holds it, yet it shows what `export` draws
/// there, for every EXIF orientation and with the project's crop.
@Suite struct PreviewRegionTests {
    /// A project of a 203×141 JPEG (4:2:0, partial MCUs) marked with EXIF `orientation`, cropped to `crop`.
    static func project(orientation: Int, crop: Crop?, photo: [UInt8] = JPEGRegionTests.odd, in dir: TemporaryDirectory) throws -> Project {
        let jpeg = LosslessTurnTests.withOrientation(photo, orientation)
        try Data(jpeg).write(to: URL(fileURLWithPath: dir.file("photo.jpg")))
        var options = NewProjectOptions()
        if let crop { options.crop = .rect(crop) }
        return try Project.create(at: dir.file("p.tagproj"), imagePath: dir.file("photo.jpg"), options: options)
    }

    /// The full-size export (PNG: the classic path, no second lossy step), decoded.
    static func exported(_ project: Project, in dir: TemporaryDirectory) throws -> PixelBuffer {
        var options = ExportOptions()
        options.format = .png
        _ = try project.export(to: dir.file("out.png"), options: options)
        return try ImageDecoder.decode(Array(try #require(contents(dir.file("out.png"))))).pixels
    }

    /// `pixels` as the preview encodes them (JPEG quality 85, 4:2:0), decoded.
    static func asPreviewJPEG(_ pixels: PixelBuffer) throws -> PixelBuffer {
        try ImageDecoder.decode(try JPEGEncoder(quality: 85).encode(pixels)).pixels
    }

    static let regions: [Crop] = [
        Crop(x: 0, y: 0, width: 0.4, height: 0.4), Crop(x: 0.55, y: 0.6, width: 0.45, height: 0.4),
        Crop(x: 0.31, y: 0.27, width: 0.33, height: 0.29), .full,
    ]

    /// The preview of `region` at `size`: decoded for itself, or cut from the photo decoded whole
    /// (`Project.decodedPicture()`), as the editor has it once that decode is done.
    static func preview(_ project: Project, size: PictureSize, region: Crop, fromDecoded: Bool) throws -> PixelBuffer {
        let picture = fromDecoded ? try #require(try project.decodedPicture()) : nil
        var asked = 0
        let jpeg = try project.preview(size: size, region: region, decoded: fromDecoded ? { _ in asked += 1; return picture } : nil)
        #expect(asked == (fromDecoded ? 1 : 0))
        return try ImageDecoder.decode(jpeg).pixels
    }

    @Test(arguments: 1...8)
    func aRegionAtOneToOneIsTheExportCropped(orientation: Int) throws {
        for crop in [nil, Crop(x: 0.1, y: 0.15, width: 0.7, height: 0.8)] as [Crop?] {
            let dir = TemporaryDirectory()
            let project = try Self.project(orientation: orientation, crop: crop, in: dir)
            let exported = try Self.exported(project, in: dir)
            for region in Self.regions {
                for fromDecoded in [false, true] {
                    let rect = CropRect(region, pictureWidth: exported.width, pictureHeight: exported.height)
                    let shown = try Self.preview(project, size: PictureSize(width: rect.width, height: rect.height), region: region, fromDecoded: fromDecoded)
                    var cut = CroppedRows(PixelBufferRows(exported), rect: rect)
                    let expected = try cut.readAll()
                    try #require(shown.width == expected.width && shown.height == expected.height,
                                 "orientation \(orientation) crop \(String(describing: crop)) region \(region)")
                    // The preview is a JPEG at quality 85 of the same pixels (libjpeg's upsampling
                    // at the cut MCU columns moves a few by a level, which its quantizing may widen).
                    let diff = PixelDifference(shown, try Self.asPreviewJPEG(expected))
                    #expect(diff.mean < 1.5, "orientation \(orientation) crop \(String(describing: crop)) region \(region) decoded whole \(fromDecoded): \(diff)")
                }
            }
        }
    }

    @Test(arguments: [1, 6])
    func aRegionAPixelOverItsSizeAtOneToOneIsThePhotosOwnPixelsNotResampled(orientation: Int) throws {
        let dir = TemporaryDirectory()
        let project = try Self.project(orientation: orientation, crop: nil, in: dir)
        let exported = try Self.exported(project, in: dir)
        // The page's fractions of a 1:1 view round to a pixel more than the size it asks for.
        let region = Self.regions[2]
        let rect = CropRect(region, pictureWidth: exported.width, pictureHeight: exported.height)
        let size = PictureSize(width: rect.width - 1, height: rect.height - 1)
        for fromDecoded in [false, true] {
            let shown = try Self.preview(project, size: size, region: region, fromDecoded: fromDecoded)
            try #require(shown.width == size.width && shown.height == size.height)
            var own = CroppedRows(PixelBufferRows(exported), rect: CropRect(x: rect.x, y: rect.y, width: size.width, height: size.height))
            let ownPixels = try own.readAll()
            var resampled = ResampledRows(CroppedRows(PixelBufferRows(exported), rect: rect), width: size.width, height: size.height)
            let asResampled = PixelDifference(try Self.asPreviewJPEG(ownPixels), try Self.asPreviewJPEG(try resampled.readAll()))
            let diff = PixelDifference(shown, try Self.asPreviewJPEG(ownPixels))
            #expect(diff.mean < 1.5, "orientation \(orientation): \(diff)")
            #expect(diff.mean * 2 < asResampled.mean, "the photo's pixels, not a resampling of a pixel more: \(diff) against \(asResampled)")
        }
    }

    @Test func theComparisonSeesARegionOnePixelOff() throws {
        let dir = TemporaryDirectory()
        let project = try Self.project(orientation: 6, crop: nil, in: dir)
        let exported = try Self.exported(project, in: dir)
        let region = Self.regions[2]
        let rect = CropRect(region, pictureWidth: exported.width, pictureHeight: exported.height)
        let shown = try ImageDecoder.decode(try project.preview(size: PictureSize(width: rect.width, height: rect.height), region: region)).pixels
        var off = CroppedRows(PixelBufferRows(exported), rect: CropRect(x: rect.x + 1, y: rect.y, width: rect.width, height: rect.height))
        #expect(PixelDifference(shown, try Self.asPreviewJPEG(try off.readAll())).mean > 3)
    }

    @Test(arguments: [3, 6])
    func aRegionShownSmallerIsDecodedScaledAndResampledCloseToTheExport(orientation: Int) throws {
        let dir = TemporaryDirectory()
        // The 600×400 coffee photo: a photo, not a pattern of edges sharper than any lens makes.
        let coffee = try JPEGEncoder(quality: 90).encode(ImageDecoder.decode(Array(try #require(contents(Fixtures.coffee)))).pixels)
        let project = try Self.project(orientation: orientation, crop: nil, photo: coffee, in: dir)
        let exported = try Self.exported(project, in: dir)
        // Edges on whole pixels at 5/8 as well (a part is cut to the nearest pixel of its scale).
        let region = Crop(x: 0.2, y: 0.08, width: 0.6, height: 0.8)
        let rect = CropRect(region, pictureWidth: exported.width, pictureHeight: exported.height)
        let size = PictureSize(width: rect.width * 5 / 8, height: rect.height * 5 / 8)
        let shown = try ImageDecoder.decode(try project.preview(size: size, region: region)).pixels
        var cut = ResampledRows(CroppedRows(PixelBufferRows(exported), rect: rect), width: size.width, height: size.height)
        let diff = PixelDifference(shown, try Self.asPreviewJPEG(try cut.readAll()))
        #expect(shown.width == size.width && shown.height == size.height)
        // libjpeg's 5/8 transform against Lanczos from the full size.
        #expect(diff.mean < 3, "\(diff)")
    }

    @Test func anyRegionAndSizeTheEditorPassesGivesAPictureOrAnError() throws {
        let dir = TemporaryDirectory()
        let project = try Self.project(orientation: 6, crop: Crop(x: 0.1, y: 0.1, width: 0.8, height: 0.8), in: dir)
        var random = SplitMix64(state: 21)
        let edges: [Double] = [0, 1e-9, 0.000001, 0.5, 0.999999, 1 - 1e-12, 1]
        for i in 0..<300 {
            let pick = { (r: inout SplitMix64) -> Double in i % 3 == 0 ? edges[Int(r.next() % UInt64(edges.count))] : Double(r.next() % 1_000_001) / 1_000_000 }
            let (x, y, w, h) = (pick(&random), pick(&random), pick(&random), pick(&random))
            guard let region = try? Crop.validated(x: x, y: y, width: w, height: h) else { continue }
            let size = PictureSize(width: 1 + Int(random.next() % 300), height: 1 + Int(random.next() % 300))
            let jpeg = try project.preview(size: size, region: region)
            let shown = try ImageDecoder.decode(jpeg).pixels
            #expect(shown.width == size.width && shown.height == size.height, "\(region) at \(size)")
        }
    }
}
