import Foundation
import Testing
@testable import TagKit

/// A JPEG exported smaller than its source is decoded reduced by libjpeg, and only the rest is
/// resampled.
@Suite struct ShrinkOnLoadTests {
    @Test(arguments: [((5120, 2880), (1080, 608), 4), ((5120, 2880), (640, 360), 8), ((5120, 2880), (641, 360), 4),
                      ((5120, 2880), (2560, 1440), 2), ((5120, 2880), (2561, 1440), 1), ((600, 400), (600, 400), 1),
                      ((100, 100), (200, 200), 1)])
    func theReductionIsTheLargestThatLeavesAtLeastTheOutput(picture: (Int, Int), output: (Int, Int), reduction: Int) {
        #expect(ImageDecoder.reduction(picture: PictureSize(width: picture.0, height: picture.1),
                                       output: PictureSize(width: output.0, height: output.1)) == reduction)
    }

    /// A JPEG of the 600×400 coffee photo as a project, no tags.
    private func jpegProject(in dir: TemporaryDirectory) throws -> Project {
        let jpeg = try JPEGEncoder(quality: 90).encode(ImageDecoder.decode(Array(contents(Fixtures.coffee)!)).pixels)
        try Data(jpeg).write(to: URL(fileURLWithPath: dir.file("photo.jpg")))
        return try Project.create(at: dir.file("p.tagproj"), imagePath: dir.file("photo.jpg"), options: NewProjectOptions())
    }

    @Test(arguments: [2, 4, 8])
    func aQuarterSizeExportIsLibjpegsOwnReducedDecode(reduction: Int) throws {
        let dir = TemporaryDirectory()
        let project = try jpegProject(in: dir)
        var options = ExportOptions()
        options.size = .width(600 / reduction)
        _ = try project.export(to: dir.file("out.png"), options: options)
        let exported = try ImageDecoder.decode(Array(contents(dir.file("out.png"))!)).pixels
        var reader = try JPEGRowReader(Array(contents(dir.file("photo.jpg"))!), reduction: reduction)
        #expect(exported == (try reader.readAll()), "no resampling is left: the reduced decode is the output")
    }

    @Test func aSizeBetweenReductionsIsReducedThenResampledCloseToTheFullDecode() throws {
        let dir = TemporaryDirectory()
        let project = try jpegProject(in: dir)
        var options = ExportOptions()
        options.size = .width(120)  // 1/4 (150 px) is decoded, then resampled to 120
        let result = try project.export(to: dir.file("out.png"), options: options)
        #expect(result.size == PictureSize(width: 120, height: 80))
        let exported = try ImageDecoder.decode(Array(contents(dir.file("out.png"))!)).pixels
        let full = try ImageDecoder.decode(Array(contents(dir.file("photo.jpg"))!)).pixels
        var rows = ResampledRows(PixelBufferRows(full), width: 120, height: 80)
        let diff = PixelDifference(exported, try rows.readAll())
        #expect(diff.mean < 2, "\(diff)")
    }
}
