import Foundation
import Testing
@testable import TagKit

/// Where a front end writing pictures on its own may write: never over the photo, never over a
/// file the project did not write.
@Suite struct WrittenPicturesTests {
    @Test func aTaggedPictureNeverReplacesThePhotoOrAFileOfTheUsers() throws {
        let dir = TemporaryDirectory()
        // The photo is called what the first tagged picture would be.
        let photo = dir.file("p-tagged.jpg")
        try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("Fixtures/images/jpeg-baseline.jpg"))).write(to: URL(fileURLWithPath: photo))
        let project = try Project.create(at: dir.file("p.tagproj"), imagePath: photo, options: NewProjectOptions())
        #expect(try project.info().sourceFile == "p-tagged.jpg")
        let first = try project.taggedPicturePath()
        #expect(first == dir.file("p-tagged-2.jpg"))
        // Written and recorded, it is the project's own: the next export replaces it.
        #expect(FileManager.default.createFile(atPath: first, contents: Data("picture".utf8)))
        try project.recordWrittenPicture(first)
        #expect(try project.taggedPicturePath() == first)
        // Replaced by the user's own file (another inode), it is theirs: a fresh name.
        try FileManager.default.removeItem(atPath: first)
        #expect(FileManager.default.createFile(atPath: first, contents: Data("mine".utf8)))
        #expect(try project.taggedPicturePath() == dir.file("p-tagged-3.jpg"))
    }

    @Test func aProjectFromBeforeVersion7KnowsNoPhotoName() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        try project.store.db.execute("UPDATE source SET file_name = NULL")
        #expect(try project.info().sourceFile == nil)
        #expect(try project.taggedPicturePath() == dir.file("p-tagged.jpg"))
    }
}
