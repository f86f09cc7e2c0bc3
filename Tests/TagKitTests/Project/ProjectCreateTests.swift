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
}
