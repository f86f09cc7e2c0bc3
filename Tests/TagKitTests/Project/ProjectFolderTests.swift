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

    /// Issue 40, item 10e: a right-to-left override, an isolate or a zero-width character in an
    /// uploaded photo's name never reaches a project's name (`‮gpj.exe` would show as `exe.jpg`).
    @Test(arguments: [("\u{202E}gpj.exe.jpg", "gpj.exe.tagproj"), ("menu\u{200B}.jpg", "menu.tagproj"),
                      ("\u{2066}a\u{2069}\u{200F}b\u{200E}\u{061C}.jpg", "ab.tagproj"), ("\u{FEFF}\u{2060}\u{00AD}dish.jpg", "dish.tagproj"),
                      ("\u{202A}\u{202B}\u{202C}\u{202D}.png", "png.tagproj"), ("宫保鸡丁 \u{05D0}\u{05D1}.jpg", "宫保鸡丁 \u{05D0}\u{05D1}.tagproj")])
    func bidiControlsAndInvisibleCharactersAreDroppedFromAPhotosName(_ photo: String, _ expected: String) {
        let dir = TemporaryDirectory()
        #expect(ProjectFolder(dir.path).freshProjectName(forPhoto: photo) == expected)
        #expect(FileIO.visibleName(photo).unicodeScalars.allSatisfy { $0.properties.generalCategory != .format })
    }

    @Test func aPhotosProjectIsMadeBesideItOnceThenOpened() throws {
        let dir = TemporaryDirectory()
        let photo = dir.file("dish.jpg")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/images/jpeg-baseline.jpg"), toPath: photo)
        #expect(Project.isPicture(photo) && !Project.isPicture(dir.path))
        let made = try Project.beside(photo: photo, options: NewProjectOptions())
        #expect(made.path == dir.file("dish.tagproj") && made.created?.said.first?.hasPrefix("created \(made.path): jpeg ") == true)
        let again = try Project.beside(photo: photo, options: NewProjectOptions())
        #expect(again.path == made.path && again.created == nil)
        // Something else at that name is never replaced.
        let other = dir.file("menu.png")
        try FileManager.default.copyItem(atPath: Fixtures.coffee, toPath: other)
        #expect(FileManager.default.createFile(atPath: dir.file("menu.tagproj"), contents: Data("mine".utf8)))
        #expect(throws: ProjectError.occupied(path: dir.file("menu.tagproj"), by: .other)) { try Project.beside(photo: other, options: NewProjectOptions()) }
        #expect(try String(contentsOfFile: dir.file("menu.tagproj"), encoding: .utf8) == "mine")
    }
}
