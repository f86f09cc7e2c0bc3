import Foundation
import Testing
@testable import TagKit

/// What an export says of what it asked that the format has no use for, worded by the library for
/// every front end (the CLI's single export, a batch's children, the editor).
@Suite struct ExportNoticeTests {
    @Test func aQualityOrResolutionTheFormatCannotUseIsSaidAndTheUsersDefaultIsNot() throws {
        let dir = TemporaryDirectory()
        let project = try Project.perform(Creation(path: dir.file("n.tagproj"), photo: .file(Fixtures.coffee), options: NewProjectOptions())).project
        try FileManager.default.createDirectory(atPath: dir.file("config/tagproj"), withIntermediateDirectories: true)
        try "[export]\n\tquality = 40\n".write(toFile: dir.file("config/tagproj/config"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": dir.file("config"), "HOME": dir.path]
        var asked = ExportOptions()
        asked.quality = 50
        asked.dpi = 300
        let png = try project.perform(.export(to: .file(dir.file("a.png")), options: asked, at: nil), environment: environment)
        #expect(png.notices == [.ignoredByFormat(.quality, .png)], "PNG carries a resolution: \(png.notices)")
        #expect(png.notices.map(\.message) == ["--quality is ignored: PNG is lossless"])
        let webp = try project.perform(.export(to: .file(dir.file("a.webp")), options: asked, at: nil), environment: environment)
        #expect(webp.notices.map(\.message) == ["--dpi is not written: WebP has no resolution field"])
        // The user's export.quality applies where it can and is never said to be ignored.
        let plain = try project.perform(.export(to: .file(dir.file("b.png")), options: ExportOptions(), at: nil), environment: environment)
        #expect(plain.notices.isEmpty, "\(plain.notices)")
    }
}
