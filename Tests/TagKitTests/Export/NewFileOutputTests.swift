import Foundation
import Testing
@testable import TagKit

/// An output under a name found free (`ExportDestination.newFile`, the editor's Save and Export
/// all): a file that takes the name between the check and the end of the write is never replaced.
@Suite struct NewFileOutputTests {
    /// The names in `dir`, sorted.
    func names(_ dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func aFileThatTakesTheNameWhileThePictureIsWrittenIsLeftAsItIs() throws {
        let dir = TemporaryDirectory()
        let output = try OutputFile(path: dir.file("dinner-tagged.jpg"), replacing: false)
        try [UInt8](repeating: 7, count: 4096).withUnsafeBytes { try output.write($0) }
        // Another program writes the same name meanwhile.
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: dir.file("dinner-tagged.jpg")))
        #expect(throws: ExportError.nameTaken(path: dir.file("dinner-tagged.jpg"))) { try output.commit() }
        #expect(contents(dir.file("dinner-tagged.jpg")) == Data("theirs".utf8))
        #expect(try names(dir) == ["dinner-tagged.jpg"], "no temporary file left")
        output.abandon()  // after a failed commit: nothing more to do, no descriptor closed twice
    }

    @Test func aNameThatIsTakenAlreadyIsRefusedBeforeAnythingIsWritten() throws {
        let dir = TemporaryDirectory()
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: dir.file("taken.png")))
        symlink(dir.file("nowhere"), dir.file("link.png"))
        for name in ["taken.png", "link.png"] {
            #expect(throws: ExportError.nameTaken(path: dir.file(name))) { _ = try OutputFile(path: dir.file(name), replacing: false) }
        }
        #expect(try names(dir) == ["link.png", "taken.png"])
    }

    @Test func aFreeNameIsWrittenWhole() throws {
        let dir = TemporaryDirectory()
        let output = try OutputFile(path: dir.file("new.jpg"), replacing: false)
        try [UInt8](repeating: 9, count: 100).withUnsafeBytes { try output.write($0) }
        try output.commit()
        #expect(contents(dir.file("new.jpg")) == Data(repeating: 9, count: 100))
        #expect(try names(dir) == ["new.jpg"])
    }

    @Test func anExportToANewFileNeverReplacesWhatIsThere() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        try Data("theirs".utf8).write(to: URL(fileURLWithPath: dir.file("p-tagged.png")))
        #expect(throws: ExportError.nameTaken(path: dir.file("p-tagged.png"))) {
            _ = try project.perform(.export(to: .newFile(dir.file("p-tagged.png")), options: ExportOptions(), at: nil))
        }
        #expect(contents(dir.file("p-tagged.png")) == Data("theirs".utf8))
        let answer = try project.perform(.export(to: .newFile(dir.file("p-tagged-2.png")), options: ExportOptions(), at: nil))
        guard case .exported(let result, .newFile) = answer.result else { Issue.record("not an export: \(answer)"); return }
        #expect(result.format == .png && contents(dir.file("p-tagged-2.png"))?.count == result.bytes)
    }
}
