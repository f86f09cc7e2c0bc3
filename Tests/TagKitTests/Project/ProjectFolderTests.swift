import Foundation
import Testing
@testable import TagKit

/// Which files of a folder the gallery serves, and the names new projects get there.
@Suite struct ProjectFolderTests {
    @Test func onlyVisibleRegularProjectFilesDirectlyInsideAreListedInByteOrder() throws {
        let dir = TemporaryDirectory()
        for name in ["b.tagproj", "A.tagproj", "é.tagproj", ".hidden.tagproj", ".a.tagproj.tagproj-tmp-12", "photo.jpg", "notes.tagproj.txt", ".tagproj"] {
            #expect(FileManager.default.createFile(atPath: dir.file(name), contents: Data()))
        }
        try FileManager.default.createDirectory(atPath: dir.file("folder.tagproj"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: dir.file("sub/deep.tagproj"), contents: Data()))
        let outside = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: outside.file("elsewhere.tagproj"), contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: dir.file("link.tagproj"), withDestinationPath: outside.file("elsewhere.tagproj"))
        try FileManager.default.createSymbolicLink(atPath: dir.file("inner-link.tagproj"), withDestinationPath: dir.file("b.tagproj"))
        #expect(try ProjectFolder(dir.path).projectNames() == ["A.tagproj", "b.tagproj", "é.tagproj"])
        #expect(try ProjectFolder(dir.path + "/").projectNames().count == 3)
    }

    @Test func aNameResolvesOnlyToAListedProject() throws {
        let dir = TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: dir.file("a.tagproj"), contents: Data()))
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: dir.file("sub/b.tagproj"), contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: dir.file("up.tagproj"), withDestinationPath: "../x.tagproj")
        let folder = ProjectFolder(dir.path)
        #expect(folder.resolve("a.tagproj") == dir.file("a.tagproj"))
        for name in ["../a.tagproj", "sub/b.tagproj", "up.tagproj", "missing.tagproj", "a", "", ".", "..", "/etc/passwd", "a.tagproj/", "a.tagproj\u{0}x"] {
            #expect(folder.resolve(name) == nil, "\(name)")
        }
    }

    @Test func aNewProjectIsNamedAfterThePhotoAndNeverTakesAName() throws {
        let dir = TemporaryDirectory()
        let folder = ProjectFolder(dir.path)
        #expect(folder.freshProjectName(forPhoto: "Dish One.JPG") == "Dish One.tagproj")
        #expect(FileManager.default.createFile(atPath: dir.file("dish.tagproj"), contents: Data()))
        #expect(FileManager.default.createFile(atPath: dir.file("dish-2.tagproj"), contents: Data()))
        try FileManager.default.createSymbolicLink(atPath: dir.file("dish-3.tagproj"), withDestinationPath: "/nonexistent")
        #expect(folder.freshProjectName(forPhoto: "dish.jpg") == "dish-4.tagproj", "a dangling link is a name taken too")
        #expect(folder.freshProjectName(forPhoto: "../../etc/dish.png") == "dish-4.tagproj")
        #expect(folder.freshProjectName(forPhoto: "..jpg") == "photo.tagproj")
        #expect(folder.freshProjectName(forPhoto: ".hidden.jpg") == "hidden.tagproj")
        #expect(folder.freshProjectName(forPhoto: "a\u{7}b\nc.jpg") == "abc.tagproj")
        #expect(folder.freshProjectName(forPhoto: "") == "photo.tagproj")
        #expect(folder.freshProjectName(forPhoto: String(repeating: "é", count: 300) + ".jpg").utf8.count <= 200 + ".tagproj".utf8.count)
    }

    @Test func aPhotosProjectIsMadeBesideItOnceThenOpened() throws {
        let dir = TemporaryDirectory()
        let photo = dir.file("dish.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/images/jpeg-baseline.jpg"), toPath: photo)
        #expect(Project.isPicture(photo) && !Project.isPicture(dir.path))
        let made = try Project.beside(photo: photo, options: NewProjectOptions())
        #expect(made.path == dir.file("dish.tagproj") && made.created)
        let again = try Project.beside(photo: photo, options: NewProjectOptions())
        #expect(again.path == made.path && !again.created)
        // Something else at that name is never replaced.
        let other = dir.file("menu.png")
        try FileManager.default.copyItem(atPath: Fixtures.coffee, toPath: other)
        #expect(FileManager.default.createFile(atPath: dir.file("menu.tagproj"), contents: Data("mine".utf8)))
        #expect(throws: ProjectError.occupied(path: dir.file("menu.tagproj"), by: .other)) { try Project.beside(photo: other, options: NewProjectOptions()) }
        #expect(try String(contentsOfFile: dir.file("menu.tagproj"), encoding: .utf8) == "mine")
    }
}
