import Foundation
@testable import TagKit

/// A measurer that gives every character the same width, so layout tests do not depend on fonts.
struct FixedWidthMeasurer: LabelMeasurer {
    var emPerCharacter = 0.6
    func labelEm(_ label: String, font: String) throws -> Double { Double(label.count) * emPerCharacter }
}

/// Paths of the repository's fixtures.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static var coffee: String { root.appendingPathComponent("Fixtures/coffee.png").path }
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryDirectory {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "tagkit-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// The bytes of a file, for checking that something was not written.
func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// A project made from the coffee fixture (600×400) in `dir`.
func makeProject(in dir: TemporaryDirectory, name: String = "p.tagproj", options: NewProjectOptions = NewProjectOptions()) throws -> Project {
    try Project.create(at: dir.file(name), imagePath: Fixtures.coffee, options: options)
}

/// Swift Testing has a `Tag` of its own; in these tests, `Tag` is the tagproj tag.
typealias Tag = TagKit.Tag
