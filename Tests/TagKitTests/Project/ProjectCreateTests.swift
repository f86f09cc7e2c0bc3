import Foundation
import Testing
@testable import TagKit

@Suite struct ProjectCreateTests {
    @Test func createRefusesACurrencyItCouldNotReadBackAndWritesNothing() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.settings.currency = String(repeating: "$", count: 300)
        #expect(throws: SettingsError(setting: .currency, problem: .tooLong)) { try makeProject(in: dir, options: options) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func createStoresTheSettingsNormalizedAndInfoReadsThemBack() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.settings = ProjectSettings(currency: " $ ", font: "DejaVu Sans")
        let project = try makeProject(in: dir, options: options)
        #expect(try project.info().settings == ProjectSettings(currency: "$", font: "DejaVu Sans"))
        try project.check()
    }

    @Test func forceReplacesAProjectButNeverAPhoto() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.force = true
        let photo = dir.file("photo.png")
        try FileManager.default.copyItem(atPath: Fixtures.coffee, toPath: photo)
        #expect(throws: ProjectError.occupied(path: photo, by: .image(.png))) {
            try Project.create(at: photo, imagePath: Fixtures.coffee, options: options)
        }
        #expect(contents(photo) == contents(Fixtures.coffee))
        #expect(ProjectError.occupied(path: photo, by: .image(.png)).meaning == .conflict)
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: nil, side: nil), measurer: FixedWidthMeasurer())
        #expect(try makeProject(in: dir, options: options).tags().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["p.tagproj", "photo.png"])
    }

    @Test func createRefusesACropOutsideThePictureThatItWasHandedUnchecked() throws {
        let dir = TemporaryDirectory()
        var options = NewProjectOptions()
        options.crop = .rect(Crop(x: 0.9, y: 0, width: 0.5, height: 1))
        #expect(throws: CropError.outside) { try makeProject(in: dir, options: options) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// The name checked free is taken only if it still is: a file put there between the check and
    /// the new project's arrival (the gallery names an upload first) is kept, not replaced.
    @Test func aNewFileTakesItsNameOnlyIfNothingIsThere() throws {
        let dir = TemporaryDirectory()
        let (from, to) = (dir.file("new"), dir.file("taken"))
        FileManager.default.createFile(atPath: from, contents: Data("new".utf8))
        FileManager.default.createFile(atPath: to, contents: Data("the user's".utf8))
        #expect(try FileIO.place(to, with: from) == false)
        #expect(contents(to) == Data("the user's".utf8) && contents(from) == Data("new".utf8))
        let free = dir.file("free")
        #expect(try FileIO.place(free, with: from) == true)
        #expect(contents(free) == Data("new".utf8) && !FileManager.default.fileExists(atPath: from))
    }
}
