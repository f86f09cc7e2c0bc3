import Foundation
@testable import TagKit

/// A measurer that gives every character the same width, so layout tests do not depend on fonts.
struct FixedWidthMeasurer: LabelMeasurer {
    var emPerCharacter = 0.6
    func labelEm(_ label: String, font: String, language: TextLanguage) throws -> Double { Double(label.count) * emPerCharacter }
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

/// Makes the file at `path` unwritable for this process, root included (CI runs the tests as
/// root, who writes through any mode bits): as root the immutable attribute (`chattr +i`, which
/// even root's writes fail on), else mode 0444; returns what undoes it. The caller checks
/// `access(path, W_OK) != 0`, so a file system without the attribute fails the test instead of
/// letting it pass having tested nothing.
func makeUnwritable(_ path: String) throws -> () -> Void {
    guard geteuid() == 0 else {
        chmod(path, 0o444)
        return { chmod(path, 0o644) }
    }
    func chattr(_ flag: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        try process.run()
        process.waitUntilExit()
    }
    try chattr("+i")
    return { try? chattr("-i") }
}
