import Foundation
import Testing
@testable import TagKit

/// `tagproj set --crop`: the crop after `new`, one undoable entry, every dot on its point of the photo.
@Suite struct SetCropTests {
    /// Tag `id`'s `x`, `y` from `list --json`.
    func position(_ cli: CLI, _ id: Int) throws -> (Double, Double) {
        let object = try JSONSerialization.jsonObject(with: Data(try cli("list", "dinner.tagproj", "--json").stdout.utf8)) as! [String: Any]
        let tag = (object["tags"] as! [[String: Any]]).first { $0["id"] as? Int == id }!
        return (tag["x"] as! Double, tag["y"] as! Double)
    }

    /// `info --json`'s width and height.
    func size(_ cli: CLI) throws -> (Int, Int) {
        let info = try JSONSerialization.jsonObject(with: Data(try cli("info", "dinner.tagproj", "--json").stdout.utf8)) as! [String: Any]
        return (info["width"] as! Int, info["height"] as! Int)
    }

    @Test func eachDotKeepsItsPointOnThePhotoAndUndoRedoAndCheckFollow() throws {
        let cli = CLI()
        try cli.newProject() // 600×400
        #expect(try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "180px,200px").status == 0)
        #expect(try cli("add", "dinner.tagproj", "price", "38", "--at", "0.7,0.3").status == 0)
        let set = try cli("set", "dinner.tagproj", "--crop", "square")
        #expect(set.status == 0 && set.stderr == "set crop square\n", "\(set)")
        #expect(try size(cli) == (400, 400))
        // The square is 400 wide from x = 100: the same photo pixels, 80 and 320 in the new picture.
        let (x1, y1) = try position(cli, 1), (x2, y2) = try position(cli, 2)
        #expect(abs(x1 - 0.2) < 1e-9 && abs(y1 - 0.5) < 1e-9 && abs(x2 - 0.8) < 1e-9 && abs(y2 - 0.3) < 1e-9)
        #expect(try cli("list", "dinner.tagproj").stdout.contains("80,200 "))
        #expect(try cli("check", "dinner.tagproj").status == 0)
        let history = try cli("history", "dinner.tagproj", "--json").stdout
        #expect(history.contains("\"label\":\"set crop square\""), "\(history)")
        let undo = try cli("undo", "dinner.tagproj")
        #expect(undo.status == 0 && undo.stderr == "undid set crop square\n", "\(undo)")
        #expect(try size(cli) == (600, 400))
        #expect(try position(cli, 1) == (0.3, 0.5))
        #expect(try cli("redo", "dinner.tagproj").status == 0)
        #expect(try size(cli) == (400, 400))
        #expect(try cli("set", "dinner.tagproj", "--crop", "none").stderr == "set crop none\n")
        let (back, _) = try position(cli, 1), whole = try size(cli)
        #expect(abs(back - 0.3) < 1e-9 && whole == (600, 400))
        // A restore across both crops, and the replay of every branch.
        #expect(try cli("restore", "dinner.tagproj", "3").status == 0)
        #expect(try size(cli) == (400, 400))
        #expect(try cli("check", "dinner.tagproj").status == 0)
        #expect(try cli("info", "dinner.tagproj").stdout.contains("picture:      400×400"))
    }

    @Test func anAspectRatioIsCentredOnTheWholePhoto() throws {
        let cli = CLI()
        try cli.newProject()
        #expect(try cli("set", "dinner.tagproj", "--crop", "4:5").status == 0)
        #expect(try size(cli) == (320, 400))
        let info = try cli("info", "dinner.tagproj", "--json").stdout
        #expect(info.contains("\"crop\":{\"x\":0.23333333333333334,\"y\":0,\"width\":0.5333333333333333,\"height\":1}"), "\(info)")
        // Centred on the whole photo, not on the crop before it.
        #expect(try cli("set", "dinner.tagproj", "--crop", "0,0,0.5,1").status == 0)
        #expect(try cli("set", "dinner.tagproj", "--crop", "16:9").status == 0)
        #expect(try size(cli) == (600, 338))
        #expect(try cli("new", "n.tagproj", CLI.coffee, "--crop", "4:5").status == 0)
        #expect(try cli("info", "n.tagproj").stdout.contains("picture:      320×400"))
    }

    @Test func aCropThatCutsADotOffIsRefusedNamingTheTagsAndTheProjectIsUntouched() throws {
        let cli = CLI()
        try cli.newProject()
        for at in ["0.05,0.5", "0.5,0.5", "0.95,0.2"] { #expect(try cli("add", "dinner.tagproj", "dish", "Tea", "--at", at).status == 0) }
        let before = cli.bytes("dinner.tagproj")
        let run = try cli("set", "dinner.tagproj", "--crop", "square")
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == """
            error: the crop would cut off the dots of #1 and #3
            hint: move them inside the new crop first ('tagproj move dinner.tagproj 1 --to X,Y'), or delete them

            """, "\(run)")
        #expect(cli.bytes("dinner.tagproj") == before)
        // With the settings it came with, nothing is set either.
        #expect(try cli("set", "dinner.tagproj", "--crop", "square", "--currency", "$").status == 1)
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test(arguments: [("circle", "the crop 'circle' is none of 'square', W:H (such as 4:5), X,Y,W,H (fractions) or 'none'"),
                      ("4:0", "the crop '4:0' is none of 'square', W:H (such as 4:5), X,Y,W,H (fractions) or 'none'"),
                      ("0.5,0.5,0.9,0.2", "the crop must be a non-empty rectangle inside the picture (X,Y,W,H as fractions)")])
    func aCropThatIsNotOneIsAUsageError(_ crop: String, _ message: String) throws {
        let cli = CLI()
        try cli.newProject()
        let before = cli.bytes("dinner.tagproj")
        let run = try cli("set", "dinner.tagproj", "--crop", crop)
        #expect(run.status == 64 && run.errorLines.first == "error: " + message, "\(run)")
        #expect(run.errorLines.contains("hint: pass --crop square, W:H (4:5), X,Y,W,H (fractions) or none"))
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test func aBubbleThatNoLongerFitsFlipsAndIsSaid() throws {
        let cli = CLI()
        try cli.newProject()
        #expect(try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "360px,200px", "--side", "right").status == 0)
        let run = try cli("set", "dinner.tagproj", "--crop", "0,0,0.65,1")
        #expect(run.status == 0 && run.stderr == "warning: #1: bubble moved to the left to stay inside the photo\nset crop 0,0,0.65,1\n", "\(run)")
        #expect(try cli("list", "dinner.tagproj").stdout.contains("left"))
    }

    @Test func applyAndTheRequestCodecCarryTheCrop() throws {
        let cli = CLI()
        try cli.newProject()
        let run = try cli.withInput("{\"op\":\"add\",\"kind\":\"dish\",\"text\":\"Soup\",\"at\":\"0.5,0.5\"}\n{\"op\":\"set\",\"crop\":\"square\"}\n",
                                    "apply", "dinner.tagproj", "-")
        #expect(run.status == 0, "\(run)")
        #expect(try size(cli) == (400, 400))
        #expect(try cli("check", "dinner.tagproj").status == 0)
        let bad = try cli.withInput("{\"op\":\"set\",\"crop\":\"round\"}\n", "apply", "dinner.tagproj", "-")
        #expect(bad.status == 65 && bad.stderr.contains("\"crop\": the crop 'round' is none of"), "\(bad)")
    }

    @Test func anExportAfterACropIsTheCroppedPictureAndAnEarlierStateTheWholeOne() throws {
        let cli = CLI()
        try cli.newProject()
        #expect(try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "0.5,0.5").status == 0)
        #expect(try cli("set", "dinner.tagproj", "--crop", "square").status == 0)
        #expect(try cli("export", "dinner.tagproj", "now.png").status == 0)
        #expect(try cli("export", "dinner.tagproj", "then.png", "--at", "1").status == 0)
        let now = try ImageDecoder.decode([UInt8](cli.bytes("now.png")!)).pixels, then = try ImageDecoder.decode([UInt8](cli.bytes("then.png")!)).pixels
        #expect(now.width == 400 && now.height == 400 && then.width == 600 && then.height == 400)
        // The tag is at the same photo pixels in both: the centre column of the square is the photo's.
        #expect(try cli("new", "sq.tagproj", CLI.coffee, "--crop", "square").status == 0)
        #expect(try cli("add", "sq.tagproj", "dish", "Soup", "--at", "0.5,0.5").status == 0)
        #expect(try cli("export", "sq.tagproj", "sq.png").status == 0)
        #expect(cli.bytes("sq.png") == cli.bytes("now.png"))
    }
}
