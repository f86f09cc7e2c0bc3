import Testing
@testable import TagKit

/// Which path an export takes, and why.
@Suite struct ExportPlanTests {
    func plan(source: ImageFormat = .jpeg, orientation: Orientation = .upright, crop: Crop = .full, format: ImageFormat = .jpeg,
              grid: LosslessJPEG.Grid? = nil, _ change: (inout ExportOptions) -> Void = { _ in }) -> ExportPlan {
        var options = ExportOptions()
        change(&options)
        return ExportPlan.choose(sourceFormat: source, orientation: orientation, crop: crop, format: format, options: options) { grid }
    }

    @Test func aJPEGExportedAsJPEGAtItsOwnSizeIsLossless() {
        #expect(plan() == .lossless)
        #expect(plan().json.text == #"{"path":"lossless"}"#)
    }

    @Test func everythingElseTakesTheClassicPathAndSaysWhy() {
        #expect(plan(format: .png) == .classic(reason: "the output is PNG, not JPEG"))
        #expect(plan(source: .png) == .classic(reason: "the source is PNG, not JPEG"))
        #expect(plan { $0.reencode = true } == .classic(reason: "re-encoding was asked for"))
        #expect(plan { $0.quality = 80 } == .classic(reason: "a quality was asked for"))
        #expect(plan { $0.size = .maxSize(1080) } == .classic(reason: "a size was asked for"))
        #expect(plan { $0.dpi = 300 } == .classic(reason: "a resolution was asked for"))
        #expect(plan(orientation: .rotateClockwise) == .classic(reason: "the photo is turned (EXIF orientation 6)"))
        #expect(plan(crop: try! Crop.validated(x: 0, y: 0, width: 0.5, height: 0.5)) == .classic(reason: "the photo is cropped"))
        #expect(plan(orientation: .rotateClockwise).json.text == #"{"path":"classic","reason":"the photo is turned (EXIF orientation 6)"}"#)
    }

    @Test func reencodeIsPassedOnToBatchChildren() throws {
        var options = ExportOptions()
        options.reencode = true
        let request = Request.export(to: .file("out.jpg"), options: options, at: nil)
        #expect(RequestCodec.json(request).text == #"{"op":"export","to":"out.jpg","reencode":true}"#)
        #expect(try RequestCodec.request(from: RequestCodec.json(request)) == request)
    }

    @Test func aTurnedOrCroppedJPEGIsLosslessWhereItsBlockGridAllows() {
        // 5120×2880 in 16×16 MCUs: every turn, and crops on the grid.
        let photo = LosslessJPEG.Grid(width: 5120, height: 2880, mcuWidth: 16, mcuHeight: 16)
        #expect(plan(orientation: .rotateClockwise, grid: photo) == .lossless)
        #expect(plan(crop: try! Crop.validated(x: 0.25, y: 0.5, width: 0.5, height: 0.5), grid: photo) == .lossless)
        #expect(plan(crop: try! Crop.validated(x: 0.11, y: 0.5, width: 0.5, height: 0.5), grid: photo)
                == .classic(reason: "the crop's edges are not on the photo's 16×16-pixel MCU grid"))
        // 203×141 in 16×8 MCUs (4:2:2): a quarter turn mirrors the 141 rows, which are no whole MCUs.
        let odd = LosslessJPEG.Grid(width: 203, height: 141, mcuWidth: 16, mcuHeight: 8)
        #expect(plan(orientation: .rotateClockwise, grid: odd)
                == .classic(reason: "the photo is turned (EXIF orientation 6) and its upright width, 141 pixels, is not a whole number of 8-pixel MCUs"))
        #expect(plan(orientation: .transpose, grid: odd) == .lossless)
    }

    @Test func aTurnedPhotoOfWholeMCUsIsExportedLosslesslyAndInfoAgrees() throws {
        let dir = TemporaryDirectory()
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: Fixture.directory.appendingPathComponent("jpeg-orient6.jpg").path,
                                         options: NewProjectOptions())
        let result = try project.export(to: dir.file("out.jpg"), options: ExportOptions())
        #expect(result.plan == .lossless)
        #expect(try project.exportPlan() == result.plan)
    }
}
