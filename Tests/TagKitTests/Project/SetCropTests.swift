import Foundation
import Testing
@testable import TagKit

/// The crop changed after `new` (`set --crop`): the same picture as a crop made at `new`, on the
/// lossless path, in the editor's preview and at `export --at`, and one entry the history replays.
@Suite struct SetCropTests {
    /// A project on `photo` with the whole picture, then cropped to `crop` by a set; the tags of
    /// `LosslessTurnTests.export` added after it; exported.
    static func exportCroppedLater(_ bytes: [UInt8], crop: [Double]) throws -> (LosslessTurnTests.Exported, Project, TemporaryDirectory) {
        let dir = TemporaryDirectory(), photo = dir.file("photo.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: photo))
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        let fonts = try FontSystem()
        let rect = try Crop.validated(x: crop[0], y: crop[1], width: crop[2], height: crop[3])
        _ = try project.perform(.set(SettingsChange(crop: .rect(rect))), fonts: fonts)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.6)), side: .right), fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "38", at: Position(NormalizedPoint(x: 0.8, y: 0.25)), side: .left), fonts: fonts)
        let result = try project.export(to: dir.file("out.jpg"), options: ExportOptions(), reusing: fonts)
        let scene = try SceneLayout(tags: project.store.tags(), settings: project.store.header().settings,
                                    size: project.store.source().size, fonts: fonts).scene
        return (LosslessTurnTests.Exported(output: [UInt8](try #require(contents(dir.file("out.jpg")))), plan: result.plan,
                                           boxes: scene.tags.map(\.bounds)), project, dir)
    }

    @Test func aCropSetLaterIsCutBlockByBlockAndGivesTheBytesOfTheSameCropAtNew() throws {
        let source = [UInt8](try #require(contents(LosslessTurnTests.turnable)))
        let crop = [0.25, 0.25, 0.5, 0.5]
        let (later, _, _) = try Self.exportCroppedLater(source, crop: crop)
        try LosslessTurnTests.expectAsJpegtran(later, LosslessTurnTests.jpegtran(["-crop", "96x64+48+32"], LosslessTurnTests.turnable))
        #expect(later.output == (try LosslessTurnTests.export(source, crop: crop)).output)
    }

    @Test func thePreviewAndAnEarlierStateFollowTheCrop() throws {
        let source = [UInt8](try #require(contents(LosslessTurnTests.turnable)))
        let (_, project, dir) = try Self.exportCroppedLater(source, crop: [0.25, 0.25, 0.5, 0.5])
        let preview = try ImageDecoder.decode(try project.preview(size: PictureSize(width: 48, height: 32))).pixels
        #expect(preview.width == 48 && preview.height == 32)
        // The same region of a project cropped at new gives the same preview.
        var options = NewProjectOptions()
        options.crop = .rect(try Crop.validated(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        let atNew = try Project.create(at: dir.file("q.tagproj"), imagePath: dir.file("photo.jpg"), options: options)
        #expect(try project.preview(size: PictureSize(width: 48, height: 32)) == atNew.preview(size: PictureSize(width: 48, height: 32)))
        // Entry 0, before the crop: the whole photo; entry 1 (the crop): the cut.
        let whole = try project.export(to: dir.file("at0.png"), options: ExportOptions(), at: 0)
        #expect(whole.size == PictureSize(width: 192, height: 128))
        #expect(try project.export(to: dir.file("at1.png"), options: ExportOptions(), at: 1).size == PictureSize(width: 96, height: 64))
        try project.check()
    }
}
