import Foundation
import Testing
@testable import TagKit

/// `Project.export` through the library, with a codec the tests add themselves.
@Suite struct ProjectExportTests {
    @Test func aCodecRegisteredFromOutsideIsUsedByItsSuffix() throws {
        PPMCodec.registered
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let result = try project.export(to: dir.file("out.ppm"), options: ExportOptions())
        let bytes = [UInt8](contents(dir.file("out.ppm"))!)
        #expect(result.format == .ppm && result.bytes == bytes.count)
        let header = Array("P6\n600 400\n255\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header && bytes.count == header.count + 600 * 400 * 3)
        let source = try ImageDecoder.decode(Array(contents(Fixtures.coffee)!)).pixels
        #expect(Array(bytes.suffix(600 * 3)) == Array(source.row(399)))
    }

    @Test func theBytesReportedAreTheBytesOfTheFile() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        for name in ["out.jpg", "out.png"] {
            let result = try project.export(to: dir.file(name), options: ExportOptions())
            #expect(result.bytes == contents(dir.file(name))?.count)
        }
    }

    /// An export into memory (the editor's Download and previews) hands back the very bytes the
    /// file would hold, and writes no file.
    @Test(arguments: [ImageFormat.jpeg, .png])
    func anExportIntoMemoryIsTheFilesBytesAndWritesNothing(format: ImageFormat) throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        var options = ExportOptions()
        options.format = format
        let file = try project.export(to: dir.file("out"), options: options)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let answer = try project.perform(.export(to: .memory, options: options, at: nil))
        guard case .exported(let result, .memory) = answer.result else { Issue.record("\(answer)"); return }
        #expect(result.picture.map { Data($0) } == contents(dir.file("out")) && result.bytes == file.bytes && result.plan == file.plan)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before, "no file was written")
        #expect(answer.said == ["wrote memory: \(format.rawValue) 600×400, \(file.bytes) bytes"
                                 + (format == .jpeg ? " (re-encoded: the source is PNG, not JPEG)" : "")])
    }

    @Test func aContradictoryRequestWritesNothing() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        var options = ExportOptions()
        options.format = .png
        #expect(throws: ExportError.contradiction(path: dir.file("out.jpg"), format: .png, suffix: .jpeg)) {
            try project.export(to: dir.file("out.jpg"), options: options)
        }
        #expect(contents(dir.file("out.jpg")) == nil)
    }
}
