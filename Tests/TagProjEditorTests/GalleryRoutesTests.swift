import Foundation
import Testing
import TagKit
@testable import TagProjEditor

/// How the gallery splits a request's path into a project and its editor's route, and the
/// little encodings its routes use.
@Suite struct GalleryRoutesTests {
    func gallery() throws -> GalleryAPI {
        try GalleryAPI(folder: ProjectFolder(NSTemporaryDirectory()), maxUploadBytes: 1000)
    }

    @Test func aProjectsRoutesAreUnderPNameAndEverythingElseIsTheGallerys() throws {
        let g = try gallery()
        #expect(g.scope(of: "/p/a.tagproj/api/state")! == ("a.tagproj", "/api/state"))
        #expect(g.scope(of: "/p/a.tagproj/")! == ("a.tagproj", "/"))
        #expect(g.scope(of: "/p/a.tagproj") == nil, "the editor's page is /p/NAME/, so its relative API paths are the project's")
        #expect(g.scope(of: "/p/../x.tagproj/api/state")! == ("..", "/x.tagproj/api/state"), "a name, which resolve then refuses")
        #expect(g.scope(of: "/api/gallery")! == (nil, "/api/gallery"))
        #expect(g.asset(for: "/", project: nil) == "/gallery.html")
        #expect(g.asset(for: "/", project: "a.tagproj") == "/")
        #expect(g.asset(for: "/editor.js", project: nil) == "/editor.js")
    }

    @Test func theUploadsFileNameIsDecodedAsTheBrowserEncodedIt() {
        #expect(GalleryAPI.percentDecoded("Dish%20one%E3%81%82.jpg") == "Dish oneあ.jpg")
        #expect(GalleryAPI.percentDecoded("100%") == "100%")
        #expect(GalleryAPI.percentDecoded("%ff%fe") == nil, "not UTF-8")
        #expect(GalleryAPI.percentEncoded("1 tag no longer fits; é") == "1%20tag%20no%20longer%20fits%3B%20%C3%A9")
        #expect(GalleryAPI.percentDecoded(GalleryAPI.percentEncoded("a/b?c=d%")) == "a/b?c=d%")
    }

    @Test func theUploadLimitIsSaidAsTheUserGaveIt() {
        #expect(EditorRequestError.uploadTooLarge(limit: 100_000_000).message
                == "the photo is larger than the upload limit of 100 MB (tagproj open --max-upload raises it)")
        #expect(EditorRequestError.megabytes(1000) == "1000 bytes")
        #expect(EditorRequestError.megabytes(1_500_000) == "1.5 MB")
        #expect(EditorRequestError.megabytes(250_000_000) == "250 MB")
    }

    @Test func everyGalleryCallThatChangesSomethingIsAPost() {
        #expect(EditorServer.readingCalls.isSuperset(of: ["/api/gallery", "/api/thumbnail"]))
        #expect(!EditorServer.readingCalls.contains(GalleryAPI.uploadPath))
        #expect(!EditorServer.readingCalls.contains("/api/export-all"))
    }
}
