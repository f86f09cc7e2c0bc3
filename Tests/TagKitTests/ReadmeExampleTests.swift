import Foundation
import Testing
import TagKit

/// The guide's (docs/guide.md) "Using TagKit from another Swift package" example, compiled here so that it keeps
/// up with the API (tagprojTests/ReadmeTests checks the guide's lines are these).
@Suite struct ReadmeExampleTests {
    /// The README's example, line for line. Compiled, not run: it works in the current folder, which
    /// tests running in parallel share; the CLI tests run the same calls end to end.
    func readmeExample() throws {
        let (project, made) = try Project.perform(Creation(path: "dinner.tagproj", photo: .file("photo.jpg"), options: NewProjectOptions()))
        let fonts = try FontSystem()
        print(made.said, made.notices)
        let added = try project.perform(.add(kind: .dish, text: "宫保鸡丁", at: Position(NormalizedPoint(x: 0.3, y: 0.4)), side: nil), fonts: fonts)
        guard case .edited(let tag?, _) = added.result else { fatalError("an add answers with its tag") }
        print("tag", tag.id.rawValue, added.said, added.notices)

        let reopened = try Project.open("dinner.tagproj", forWriting: true)
        _ = try reopened.perform(.flip(tag.id))
        var options = ExportOptions()
        options.size = .maxSize(1080)
        let result = try reopened.export(to: "dinner.jpg", options: options)
        print(result.size.width, result.size.height, result.bytes)
    }
}
