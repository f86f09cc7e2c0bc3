import Foundation
import CShims
import Testing
@testable import TagKit

/// The gallery's thumbnails: drawn by the export renderer, kept in the project, read back until
/// the project changes, and never trusted when read back.
@Suite(.serialized) struct ThumbnailTests {
    let measurer = FixedWidthMeasurer()

    func thumbnailRows(_ project: Project) throws -> Int64 {
        try project.store.db.scalar("SELECT count(*) FROM thumbnails")?.integer ?? -1
    }

    @Test func theFirstIsDrawnAndKeptTheSecondReadBackWithoutAnEntry() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        _ = try project.perform(.add(kind: .dish, text: "Soup", at: Position(NormalizedPoint(x: 0.3, y: 0.5)), side: nil), measurer: measurer)
        let entries = try project.historyTree().json.text
        let fonts = try FontSystem()
        let first = try Project.open(project.path, forWriting: false).thumbnail(box: 120, fonts: fonts)
        #expect(first.origin == .drawnAndStored)
        #expect(first.size == PictureSize(width: 120, height: 80))
        let info = try ImageProbe.probe(first.jpeg)
        #expect(info.format == .jpeg && info.storedWidth == 120 && info.storedHeight == 80)
        let second = try Project.open(project.path, forWriting: false).thumbnail(box: 120, fonts: fonts)
        #expect(second.origin == .stored)
        #expect(second.jpeg == first.jpeg)
        #expect(try project.historyTree().json.text == entries, "keeping a thumbnail is not an edit")
        // Another box is another thumbnail, kept beside the first.
        #expect(try project.thumbnail(box: 60, fonts: fonts).origin == .drawnAndStored)
        #expect(try thumbnailRows(project) == 2)
    }

    @Test func anEditUndoOrSettingFromAnyFrontEndMakesItStale() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        let empty = try project.thumbnail(box: 100, fonts: fonts)
        _ = try project.perform(.add(kind: .price, text: "12", at: Position(NormalizedPoint(x: 0.5, y: 0.5)), side: nil), measurer: measurer)
        let tagged = try project.thumbnail(box: 100, fonts: fonts)
        #expect(tagged.origin == .drawnAndStored)
        #expect(tagged.jpeg != empty.jpeg, "the new tag is drawn")
        _ = try project.perform(.move(TagID(1), .to(Position(NormalizedPoint(x: 0.3, y: 0.3)))))
        #expect(try project.thumbnail(box: 100, fonts: fonts).origin == .drawnAndStored)
        _ = try project.undo()
        let undone = try project.thumbnail(box: 100, fonts: fonts)
        #expect(undone.origin == .drawnAndStored)
        #expect(undone.jpeg == tagged.jpeg, "the same state draws the same picture")
        // A change behind tagproj's back (another program's UPDATE) is seen too: the digest.
        try project.store.db.execute("UPDATE project SET currency = '$'")
        #expect(try project.thumbnail(box: 100, fonts: fonts).origin == .drawnAndStored)
        #expect(try project.thumbnail(box: 100, fonts: fonts).origin == .stored)
    }

    @Test(arguments: ["oversized", "garbage", "wrong size", "truncated", "not sealed"])
    func aBadKeptThumbnailIsIgnoredAndDrawnAgain(_ damage: String) throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        let good = try project.thumbnail(box: 100, fonts: fonts)
        let db = try Database(path: project.path)
        // A planted file need not have the CHECKs: rebuild the table without them.
        try db.execute("""
            CREATE TABLE t2 AS SELECT * FROM thumbnails; DROP TABLE thumbnails;
            CREATE TABLE thumbnails (box INTEGER PRIMARY KEY, drawn_from TEXT, width INTEGER, height INTEGER, moved_tags INTEGER, bytes BLOB);
            INSERT INTO thumbnails SELECT * FROM t2; DROP TABLE t2
            """)
        switch damage {
        case "oversized": try db.execute("UPDATE thumbnails SET bytes = zeroblob(\(Project.thumbnailReadLimit + 1))")
        case "garbage": try db.execute("UPDATE thumbnails SET bytes = x'ffd8ffe000104a464946'")
        case "wrong size": try db.execute("UPDATE thumbnails SET width = 50")
        case "not sealed": try db.prepare("UPDATE thumbnails SET bytes = ?", [.blob(good.jpeg)]).run()
        default: try db.execute("UPDATE thumbnails SET bytes = substr(bytes, 1, length(bytes) / 2)")
        }
        let again = try Project.open(project.path, forWriting: false).thumbnail(box: 100, fonts: fonts)
        #expect(again.origin == .drawnAndStored)
        #expect(again.jpeg == good.jpeg)
        #expect(try Project.open(project.path, forWriting: false).thumbnail(box: 100, fonts: fonts).origin == .stored)
    }

    /// The thumbnail's key tells states apart (tags, settings, crop), not photos: its seal names
    /// the photo too, so one kept for another photo in the same state is drawn again.
    @Test func aThumbnailKeptForAnotherPhotoInTheSameStateIsDrawnAgain() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let fonts = try FontSystem()
        _ = try project.thumbnail(box: 100, fonts: fonts)
        let key = try project.store.thumbnailKey()
        try project.store.db.execute("UPDATE source_bytes SET bytes = bytes || x'00'; UPDATE source SET byte_count = byte_count + 1")
        #expect(try project.store.thumbnailKey() == key, "the state is the same")
        #expect(try project.thumbnail(box: 100, fonts: fonts).origin == .drawnAndStored)
    }

    @Test func aBusyProjectIsDrawnWithoutWaitingOrKeeping() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        // Another process's edit holds the write lock.
        let editor = try Database(path: project.path)
        try editor.execute("BEGIN IMMEDIATE")
        defer { try? editor.execute("ROLLBACK") }
        let slept = tp_test_requested_sleep_us()  // before the project is opened: its connection counts
        let thumbnail = try Project.open(project.path, forWriting: false).thumbnail(box: 100, fonts: try FontSystem())
        #expect(thumbnail.origin == .drawnNotStored)
        #expect(tp_test_requested_sleep_us() == slept, "it does not wait for the lock at all")
        try editor.execute("ROLLBACK")
        #expect(try thumbnailRows(project) == 0)
    }

    @Test func aReadOnlyProjectIsDrawnWithoutKeeping() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: project.path))
        let writable = try makeUnwritable(project.path)
        defer { writable() }
        try #require(access(project.path, W_OK) != 0, "the project could not be made unwritable")
        #expect(try Project.open(project.path, forWriting: false).thumbnail(box: 100, fonts: try FontSystem()).origin == .drawnNotStored)
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.path)) == bytes)
    }

    @Test func overlapsAreNamedAsAnEditNamesThemThenCounted() throws {
        let dir = TemporaryDirectory()
        let project = try makeProject(in: dir)
        #expect(try project.overlapNotices().isEmpty)
        for _ in 0..<5 { _ = try project.perform(.add(kind: .price, text: "12", at: Position(NormalizedPoint(x: 0.5, y: 0.5)), side: .right), measurer: measurer) }
        let notices = try project.overlapNotices()
        #expect(notices.prefix(3) == [.overlaps(TagID(1), TagID(2)), .overlaps(TagID(1), TagID(3)), .overlaps(TagID(1), TagID(4))])
        #expect(notices.last == .moreOverlaps(listed: 3))
    }

    @Test func theMigrationAddsTheTableToAnOldProject() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.tagproj")
        try FileManager.default.copyItem(atPath: Fixtures.path("Fixtures/projects/schema-v1.tagproj"), toPath: path)
        let thumbnail = try Project.open(path, forWriting: false).thumbnail(box: 64, fonts: try FontSystem())
        #expect(thumbnail.origin == .drawnAndStored)
        let db = try Database(path: path, readOnly: true)
        #expect(try db.scalar("SELECT count(*) FROM thumbnails WHERE box = 64")?.integer == 1)
        #expect(throws: SQLiteError.self) { try Database(path: path).execute("UPDATE thumbnails SET box = 4") }
    }
}
