import Foundation
import Glibc
import Testing
@testable import TagKit
@testable import TagProjEditor

/// The page's room: read as the page sends it, the first view's size computed as editor/view.js
/// computes it, remembered in the state folder, and the view drawn for it by `new`.
@Suite(.serialized) struct EditorRoomTests {
    @Test func theRoomIsReadAsThePageSendsItAndNothingElse() {
        #expect(EditorRoom("1264,712,3") == EditorRoom("1264,712,3.0"))
        #expect(EditorRoom("1264,712,3")?.pixelRatio == 3)
        #expect(EditorRoom("358,812,2.625")?.pixelRatio == 2.625)
        for bad in ["", "1264,712", "1264,712,3,1", "0,712,3", "1264,-1,3", "1264,712,0", "1264,712,nan", "1264,712,inf",
                    "1264,712,99", "a,b,c", "1264.5,712,3"] {
            #expect(EditorRoom(bad) == nil, "\(bad)")
        }
        #expect(EditorRoom(EditorRoom("1264,712,1.25")!.text) == EditorRoom("1264,712,1.25"))
    }

    @Test func theViewSizeIsTheFitAtTheScreensPixelsNeverMoreThanThePicture() throws {
        let photo = PictureSize(width: 5120, height: 2880)
        // The page's arithmetic, for a 1264×712 room: min(1264/5120, 712/2880, 1) × 5120 × ratio.
        #expect(EditorRoom("1264,712,1")!.viewSize(for: photo) == PictureSize(width: 1264, height: 711))
        #expect(EditorRoom("1264,712,3")!.viewSize(for: photo) == PictureSize(width: 3792, height: 2133))
        // Narrow: the width fills, the height follows.
        #expect(EditorRoom("358,600,3")!.viewSize(for: photo) == PictureSize(width: 1074, height: 604))
        // Never enlarged, never more than the picture's own pixels.
        #expect(EditorRoom("4000,4000,1")!.viewSize(for: PictureSize(width: 300, height: 200)) == PictureSize(width: 300, height: 200))
        #expect(EditorRoom("200,200,4")!.viewSize(for: PictureSize(width: 300, height: 200)) == PictureSize(width: 300, height: 200))
        // Math.round: halves go up.
        #expect(EditorRoom("100,100,1")!.viewSize(for: PictureSize(width: 200, height: 101)) == PictureSize(width: 100, height: 51))
    }

    @Test func theLastRoomIsRememberedInTheStateFolderAndNewDrawsItsView() throws {
        let dir = try PhotoCacheTests.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let saved = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", dir + "/state", 1)
        defer { if let saved { setenv("XDG_STATE_HOME", saved, 1) } else { unsetenv("XDG_STATE_HOME") } }
        #expect(EditorRoom.file == dir + "/state/tagproj/editor-room")
        #expect(EditorRoom.last() == nil)
        let path = try PhotoCacheTests.project("p", width: 320, height: 200, in: dir)
        #expect(EditorRoom.prepareFirstView(ofProjectAt: path) == nil, "no room remembered: nothing drawn")
        EditorRoom.remember(EditorRoom("150,150,1")!)
        #expect(EditorRoom.last() == EditorRoom("150,150,1"))
        #expect(try String(contentsOfFile: dir + "/state/tagproj/editor-room", encoding: .utf8) == "150,150,1.0\n")
        #expect(EditorRoom.prepareFirstView(ofProjectAt: path) == PictureSize(width: 150, height: 94))
        let project = try Project.open(path, forWriting: false)
        #expect(try project.info().keptViews.map(\.size) == [PictureSize(width: 150, height: 94)])
        let view = try project.view(size: PictureSize(width: 150, height: 94))
        let preview = try project.preview(size: PictureSize(width: 150, height: 94))
        #expect(view.kept && view.jpeg == preview)
        // A file that is not a room is no room.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: dir + "/state/tagproj/editor-room"))
        #expect(EditorRoom.last() == nil)
    }
}
