import Testing
@testable import TagKit

/// Which path an export takes, and why.
@Suite struct ExportPlanTests {
    func plan(source: String = "jpeg", orientation: Int = 1, crop: Crop = .full, format: ImageFormat = .jpeg,
              _ change: (inout ExportOptions) -> Void = { _ in }) -> ExportPlan {
        var options = ExportOptions()
        change(&options)
        return ExportPlan.choose(sourceFormat: source, orientation: orientation, crop: crop, format: format, options: options)
    }

    @Test func aJPEGExportedAsJPEGAtItsOwnSizeIsLossless() {
        #expect(plan() == .lossless)
        #expect(plan().json.text == #"{"path":"lossless"}"#)
    }

    @Test func everythingElseTakesTheClassicPathAndSaysWhy() {
        #expect(plan(format: .png) == .classic(reason: "the output is PNG, not JPEG"))
        #expect(plan(source: "png") == .classic(reason: "the source is PNG, not JPEG"))
        #expect(plan { $0.reencode = true } == .classic(reason: "re-encoding was asked for"))
        #expect(plan { $0.quality = 80 } == .classic(reason: "a quality was asked for"))
        #expect(plan { $0.size = .maxSize(1080) } == .classic(reason: "a size was asked for"))
        #expect(plan { $0.dpi = 300 } == .classic(reason: "a resolution was asked for"))
        #expect(plan(orientation: 6) == .classic(reason: "the photo is turned (EXIF orientation 6)"))
        #expect(plan(crop: try! Crop.validated(x: 0, y: 0, width: 0.5, height: 0.5)) == .classic(reason: "the photo is cropped"))
        #expect(plan(orientation: 6).json.text == #"{"path":"classic","reason":"the photo is turned (EXIF orientation 6)"}"#)
    }

    @Test func reencodeIsPassedOnToBatchChildren() {
        var options = ExportOptions()
        options.reencode = true
        #expect(options.arguments == ["--reencode"])
        #expect(ExportOptions().arguments == [])
    }

    @Test func aTurnedPhotoIsExportedOnTheClassicPath() throws {
        let dir = TemporaryDirectory()
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: Fixture.directory.appendingPathComponent("jpeg-orient6.jpg").path,
                                         options: NewProjectOptions())
        let result = try project.export(to: dir.file("out.jpg"), options: ExportOptions(), fonts: FontSystem())
        #expect(result.plan == .classic(reason: "the photo is turned (EXIF orientation 6)"))
        #expect(try project.exportPlan() == result.plan)
    }
}
