import Foundation
import Testing
import TagKit

/// `export` of a project whose photo is a progressive JPEG, which is read from the project in pieces.
@Suite struct ProgressiveExportTests {
    static var progressive: String { CLI.repository.appendingPathComponent("Fixtures/images/jpeg-progressive.jpg").path }

    @Test func aTruncatedProgressivePhotoIsDamagedAndNothingIsWritten() throws {
        let cli = CLI()
        try cli("new", "p.tagproj", Self.progressive)
        try Database(path: cli.path("p.tagproj")).execute("UPDATE source_bytes SET bytes = substr(bytes, 1, 1500) WHERE id = 1")
        let before = cli.bytes("p.tagproj")
        for arguments in [["out.png"], ["out.jpg", "--quality", "90"]] {
            let output = arguments[0]
            let run = try cli.run(["export", "p.tagproj"] + arguments)
            expectFailure(run, 65, "the photo in 'p.tagproj': damaged JPEG: ")
            #expect(cli.bytes(output) == nil)
        }
        #expect(cli.bytes("p.tagproj") == before)
    }

    @Test func aProgressivePhotoLockedTooLongExits75AndNothingIsWritten() throws {
        let cli = CLI()
        try cli("new", "p.tagproj", Self.progressive)
        let holder = try Database(path: cli.path("p.tagproj"))
        try holder.execute("BEGIN EXCLUSIVE")
        let run = try cli("export", "p.tagproj", "out.png", environment: ["TAGPROJ_BUSY_TIMEOUT_MS": "200"])
        expectFailure(run, 75, "database is locked")
        #expect(cli.bytes("out.png") == nil)
        try holder.execute("ROLLBACK")
    }
}
