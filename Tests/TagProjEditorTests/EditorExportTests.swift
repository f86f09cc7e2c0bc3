import Foundation
import Testing
import TagKit
@testable import TagProjEditor

/// The editor's Export goes through `Project.perform` as every export does, so it honours the
/// user's `export.quality` as `tagproj export` and a batch's children do.
@Suite struct EditorExportTests {
    @Test func theEditorsExportTakesTheUsersQuality() throws {
        let dir = NSTemporaryDirectory() + "editor-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/config/tagproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "[export]\n\tquality = 20\n".write(toFile: dir + "/config/tagproj/config", atomically: true, encoding: .utf8)
        let coffee = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/coffee.png").path
        let project = try Project.perform(Creation(path: dir + "/dinner.tagproj", photo: .file(coffee), options: NewProjectOptions())).project
        var asked = ExportOptions()
        asked.format = .webp
        asked.quality = 20
        _ = try project.export(to: dir + "/flag.webp", options: asked, reusing: try FontSystem())
        var plain = ExportOptions()
        plain.format = .webp
        _ = try project.export(to: dir + "/default.webp", options: plain, reusing: try FontSystem())

        let api = try EditorAPI(projectPath: dir + "/dinner.tagproj", photos: PhotoCache())
        api.environment = ["XDG_CONFIG_HOME": dir + "/config", "HOME": dir]
        let answer = try api.exportPicture(plain)
        guard case .object(let members) = answer, case .string(let written)? = members.first(where: { $0.0 == "path" })?.1 else {
            Issue.record("no path in \(answer.text)")
            return
        }
        let editor = FileManager.default.contents(atPath: written), flag = FileManager.default.contents(atPath: dir + "/flag.webp")
        #expect(editor != nil && editor == flag, "the editor's export is the one at quality 20")
        #expect(editor != FileManager.default.contents(atPath: dir + "/default.webp"), "not the one at quality 92")
    }
}
