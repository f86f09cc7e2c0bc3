import Foundation
import Testing
@testable import TagKit
@testable import TagProjEditor

/// The first view drawn before the page asks: one size at a time, given once to the request of
/// that size, and nothing drawn for a size the project keeps.
@Suite struct FirstViewTests {
    @Test func aViewStartedIsGivenOnceToTheRequestOfItsSize() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try PhotoCacheTests.project("p", width: 640, height: 400, in: dir)
        let first = FirstView(photos: PhotoCache())
        let small = PictureSize(width: 160, height: 100), large = PictureSize(width: 320, height: 200)
        #expect(first.start(path, size: small) == .drawing)
        #expect(first.start(path, size: small) == .drawing, "asked again (the room remembered, then the page's): drawn once")
        #expect(first.take(size: large) == nil, "another size draws its own")
        let view = try #require(first.take(size: small))
        #expect(view.size == small && !view.kept)
        #expect(first.take(size: small) == nil, "given once")
        // Given to `Project.view`, it is what the project would draw, and said to be drawn earlier.
        let project = try Project.open(path, forWriting: false)
        #expect(first.start(path, size: large) == .drawing)
        let given = try project.view(size: large, drawnBefore: first.take(size: large))
        let drawnNow = try project.preview(size: large)
        #expect(given.drawnEarlier && given.jpeg == drawnNow)
        #expect(try !project.view(size: large).drawnEarlier)
        // Kept in the project: nothing is drawn.
        #expect(project.keep(given))
        #expect(first.start(path, size: large) == .kept)
        #expect(first.take(size: large) == nil)
    }

    @Test func aViewOfAnotherSizeNotTakenIsLetGo() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = try PhotoCacheTests.project("p", width: 640, height: 400, in: dir)
        let first = FirstView(photos: PhotoCache())
        let a = PictureSize(width: 160, height: 100), b = PictureSize(width: 200, height: 125)
        #expect(first.start(path, size: a) == .drawing)
        _ = first.take(size: b)  // nil at once: the drawing of `a` is not waited for
        // Once `a` is drawn (a take of `a` would wait), `b` replaces it; while `a` is drawn, `b` is refused.
        var started = first.start(path, size: b)
        while started == .busy {
            usleep(1000)
            started = first.start(path, size: b)
        }
        #expect(started == .drawing)
        #expect(first.take(size: a) == nil, "let go")
        #expect(first.take(size: b)?.size == b)
        #expect(FirstView(photos: PhotoCache()).start(dir + "/missing.tagproj", size: a) == .failed)
    }
}
