import Foundation
import Testing

/// Every editing command, run as a user runs it: one invocation per step, stdout, stderr and exit
/// code checked together.
@Suite struct EditingTests {
    @Test func newCreatesAProjectAndSaysSo() throws {
        let cli = CLI()
        let run = try cli("new", "dinner.tagproj", CLI.coffee)
        #expect(run.status == 0 && run.stdout.isEmpty)
        #expect(run.stderr == "created dinner.tagproj: png 600×400\n")
        let info = try CLI.json(try cli("info", "dinner.tagproj", "--json"))
        #expect(info["width"] as? Int == 600 && info["height"] as? Int == 400 && info["format"] as? String == "png")
        #expect(info["tags"] as? Int == 0 && info["history"] as? Int == 0)
    }

    @Test func addPrintsTheNewIdAndListShowsTheTag() throws {
        let cli = CLI()
        try cli.newProject()
        let first = try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        #expect(first.status == 0 && first.stdout == "1\n" && first.stderr.isEmpty, "\(first)")
        let second = try cli("add", "dinner.tagproj", "price", "38", "--at", "0.7,0.6", "--side", "left")
        #expect(second.stdout == "2\n")
        let list = try CLI.json(try cli("list", "dinner.tagproj", "--json"))
        let tags = list["tags"] as! [[String: Any]]
        #expect(tags.count == 2)
        #expect(tags[0]["id"] as? Int == 1 && tags[0]["kind"] as? String == "dish" && tags[0]["text"] as? String == "宫保鸡丁")
        #expect(tags[0]["x"] as? Double == 0.3 && tags[0]["y"] as? Double == 0.4 && tags[0]["side"] as? String == "right")
        #expect(tags[1]["text"] as? String == "38" && tags[1]["side"] as? String == "left")
        let table = try cli("list", "dinner.tagproj")
        #expect(table.stdout == """
            ID    KIND   SIDE   X      Y      PX          TEXT
            1     dish   right  0.300  0.400  180,160     宫保鸡丁
            2     price  left   0.700  0.600  420,240     ¥38

            """)
    }

    @Test func withoutASideTheBubblePointsTowardTheMiddle() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Tea", "--at", "0.8,0.5")
        try cli("add", "dinner.tagproj", "dish", "Cake")
        let tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags[0]["side"] as? String == "left")
        #expect(tags[1]["x"] as? Double == 0.5 && tags[1]["y"] as? Double == 0.5)
    }

    @Test func aTagPushedPastTheEdgeIsMovedBackAndTheUserIsTold() throws {
        let cli = CLI()
        try cli.newProject()
        let run = try cli("add", "dinner.tagproj", "dish", "Kung Pao Chicken", "--at", "1.4,0.5", "--side", "right")
        #expect(run.status == 0 && run.stdout == "1\n")
        #expect(run.stderr.hasPrefix("warning: #1 moved to 0."), "\(run)")
        #expect(run.stderr.hasSuffix(",0.500 to stay inside the photo\n"), "\(run)")
        let moved = try cli("move", "dinner.tagproj", "1", "--by", "0,-1.2")
        #expect(moved.status == 0 && moved.stdout.isEmpty && moved.stderr.contains("to stay inside the photo"))
        let tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect((tags[0]["y"] as! Double) > 0 && (tags[0]["x"] as! Double) < 1)
    }

    @Test func moveFlipEditDeleteThenUndoAndRedoAcrossInvocations() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        try cli("add", "dinner.tagproj", "price", "38", "--at", "0.7,0.6")
        for args in [["move", "dinner.tagproj", "1", "--to", "0.5,0.5"], ["flip", "dinner.tagproj", "1"],
                     ["edit", "dinner.tagproj", "1", "麻婆豆腐"], ["delete", "dinner.tagproj", "2"]] {
            let run = try cli.run(args)
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(args): \(run)")
        }
        let history = try cli("history", "dinner.tagproj")
        // Each line: the cursor mark, the seq, the time, who and from where, the label.
        let lines = history.stdout.split(separator: "\n").map(String.init)
        let labels = ["add dish #1 “宫保鸡丁”", "add price #2 “¥38”", "move #1 to 0.500,0.500", "flip #1",
                      "edit #1 “宫保鸡丁” → “麻婆豆腐”", "delete #2 “¥38”"]
        #expect(lines.count == 6 && history.stderr.isEmpty)
        for (k, (line, label)) in zip(lines, labels).enumerated() {
            #expect(line.hasPrefix((k == 5 ? "> " : "  ") + "\(k + 1)    20") && line.hasSuffix("/cli        " + label), "\(line)")
        }
        let undo = try cli("undo", "dinner.tagproj", "--steps", "2")
        #expect(undo.status == 0 && undo.stdout.isEmpty)
        #expect(undo.stderr == "undid delete #2 “¥38”\nundid edit #1 “宫保鸡丁” → “麻婆豆腐”\n")
        var tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as! String } == ["宫保鸡丁", "38"])
        #expect(tags[0]["side"] as? String == "left")
        let json = try CLI.json(try cli("history", "dinner.tagproj", "--json"))
        #expect(json["cursor"] as? Int == 4)
        let entries = json["entries"] as! [[String: Any]]
        #expect(entries.map { $0["undone"] as! Bool } == [false, false, false, false, true, true])
        #expect(entries[2]["seq"] as? Int == 3 && entries[2]["label"] as? String == "move #1 to 0.500,0.500")
        let redo = try cli("redo", "dinner.tagproj")
        #expect(redo.status == 0 && redo.stderr == "redid edit #1 “宫保鸡丁” → “麻婆豆腐”\n")
        tags = try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as! String } == ["麻婆豆腐", "38"])
        let check = try cli("check", "dinner.tagproj")
        #expect(check.status == 0 && check.stdout == "ok\n" && check.stderr.isEmpty)
    }

    @Test func readingCommandsNeverChangeTheProject() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup")
        let before = cli.bytes("dinner.tagproj")
        for command in ["list", "history", "info", "check"] { try cli(command, "dinner.tagproj") }
        for command in ["list", "history", "info"] { try cli(command, "dinner.tagproj", "--json") }
        #expect(cli.bytes("dinner.tagproj") == before)
    }

    @Test func infoDescribesThePictureAndCrop() throws {
        let cli = CLI()
        let run = try cli("new", "sq.tagproj", CLI.coffee, "--crop", "square", "--currency", "$")
        #expect(run.stderr == "created sq.tagproj: png 400×400\n")
        let info = try CLI.json(try cli("info", "sq.tagproj", "--json"))
        #expect(info["width"] as? Int == 400 && info["stored_width"] as? Int == 600 && info["currency"] as? String == "$")
        try cli("add", "sq.tagproj", "price", "12.5")
        let tags = try CLI.json(try cli("list", "sq.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags[0]["text"] as? String == "12.50")
        #expect(try cli("list", "sq.tagproj").stdout.contains("$12.50"))
    }

    @Test func helpAndVersion() throws {
        let cli = CLI()
        let help = try cli("--help")
        #expect(help.status == 0 && help.stderr.isEmpty)
        for word in ["new", "add", "move", "flip", "edit", "delete", "undo", "redo", "history", "list", "info", "check", "64", "75"] {
            #expect(help.stdout.contains(word))
        }
        let page = try cli("help", "move")
        #expect(page.status == 0 && page.stdout.contains("--by DX,DY") && page.stdout.contains("examples:"))
        #expect(try cli("move", "--help").stdout == page.stdout)
        let version = try cli("--version")
        #expect(version.status == 0 && version.stdout.hasPrefix("tagproj "))
    }
}

@Suite struct ImportTests {
    static func fixture(_ name: String) -> String { CLI.repository.appendingPathComponent("Fixtures/images/" + name).path }

    @Test func aJPEGWithExifOrientationIsStoredAtItsUprightSize() throws {
        let cli = CLI()
        let run = try cli("new", "o.tagproj", ImportTests.fixture("jpeg-orient6.jpg"))
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
        let info = try CLI.json(try cli("info", "o.tagproj", "--json"))
        #expect(info["format"] as? String == "jpeg" && info["orientation"] as? Int == 6)
        #expect(info["stored_width"] as? Int == 48 && info["stored_height"] as? Int == 64)
        #expect(info["width"] as? Int == 64 && info["height"] as? Int == 48)
    }

    @Test func theFormatIsRecognisedByContentNotByName() throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: CLI.coffee, toPath: cli.path("photo.jpg"))
        #expect(try cli("new", "p.tagproj", "photo.jpg").status == 0)
        #expect(try CLI.json(try cli("info", "p.tagproj", "--json"))["format"] as? String == "png")
    }

    @Test func aPhotoOverThePixelLimitIsRefusedAndLeavesNothing() throws {
        let cli = CLI()
        expectFailure(try cli("new", "big.tagproj", CLI.coffee, "--max-pixels", "1000"), 65, "over the limit of 1000 pixels")
        #expect(!FileManager.default.fileExists(atPath: cli.path("big.tagproj")))
        #expect(try cli("new", "big.tagproj", CLI.coffee, "--max-pixels", "240000").status == 0)
    }
}
