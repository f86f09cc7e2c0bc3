import Foundation
import Testing

/// Where tags land, as a user at the shell sees it (the coffee fixture is 600×400).
@Suite struct PlacementCLITests {
    func tags(_ cli: CLI) throws -> [[String: Any]] {
        try CLI.json(try cli("list", "dinner.tagproj", "--json"))["tags"] as! [[String: Any]]
    }

    @Test func aBubbleThatDoesNotFitGoesToTheOtherSideAndTheDotStays() throws {
        let cli = CLI()
        try cli.newProject()
        let add = try cli("add", "dinner.tagproj", "dish", "Kung Pao Chicken", "--at", "0.2,0.5")
        #expect(add.status == 0 && add.stdout == "1\n" && add.stderr.isEmpty, "\(add)")
        let move = try cli("move", "dinner.tagproj", "1", "--to", "0.95,0.5")
        #expect(move.status == 0 && move.stdout.isEmpty && move.stderr == "warning: #1: bubble moved to the left to stay inside the photo\n",
                "\(move)")
        let tag = try tags(cli)[0]
        #expect(tag["x"] as? Double == 0.95 && tag["y"] as? Double == 0.5 && tag["side"] as? String == "left")
    }

    @Test func aTextTooLongToFitAnywhereHintsAtAShorterTextAndSmallerTags() throws {
        let cli = CLI()
        try cli.newProject()
        #expect(try cli("set", "dinner.tagproj", "--tag-scale", "4").status == 0)
        let run = try cli("add", "dinner.tagproj", "dish", String(repeating: "W", count: 40))
        #expect(run.status == 1, "\(run)")
        #expect(run.errorLines == ["error: the tag is too long to fit inside the photo at any position",
                                   "hint: use a shorter text, or smaller tags: 'tagproj set dinner.tagproj --tag-scale 0.75'"], "\(run)")
    }

    @Test func aFlipThatCannotBeHonouredWhereTheDotIsIsRefusedAndChangesNothing() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Kung Pao Chicken", "--at", "0.95,0.5")
        let before = cli.bytes("dinner.tagproj")
        let flip = try cli("flip", "dinner.tagproj", "1")
        #expect(flip.status == 1 && flip.stdout.isEmpty)
        #expect(flip.stderr.hasPrefix("error: #1's bubble does not fit on the right of its dot at 0.950,0.500"), "\(flip)")
        #expect(flip.stderr.contains("\nhint: move the dot in first ('tagproj move dinner.tagproj 1 --to 0."), "\(flip)")
        #expect(cli.bytes("dinner.tagproj") == before, "the project is unchanged")
        let side = try cli("add", "dinner.tagproj", "dish", "Tea", "--at", "0.97,0.3", "--side", "right")
        #expect(side.status == 1 && side.stdout.isEmpty && side.stderr.contains("hint: leave out --side"), "\(side)")
        #expect(try tags(cli).count == 1)
    }

    @Test func addsWithoutAPositionGoToFreeSpaceAndAnOverlapIsWarned() throws {
        let cli = CLI()
        try cli.newProject()
        for name in ["Soup", "Tea", "Cake", "Noodles"] {
            let run = try cli("add", "dinner.tagproj", "dish", name)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        }
        let placed = try tags(cli)
        #expect(placed[0]["x"] as? Double == 0.5 && placed[0]["y"] as? Double == 0.5)
        func box(_ t: [String: Any]) -> (Double, Double, Double, Double) {
            let b = t["box_px"] as! [String: Double]
            return (b["x"]!, b["y"]!, b["x"]! + b["width"]!, b["y"]! + b["height"]!)
        }
        for i in placed.indices { for j in placed.indices where j > i {
            let a = box(placed[i]), b = box(placed[j])
            #expect(!(a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3), "#\(i + 1) and #\(j + 1) overlap")
        } }
        let over = try cli("add", "dinner.tagproj", "dish", "Rice", "--at", "0.5,0.5")
        #expect(over.status == 0 && over.stdout == "5\n" && over.stderr.contains("warning: #5 overlaps #1\n"), "\(over)")
    }

    @Test func aThousandAddsWithoutPositionsNameAHundredOverlapsInBoundedMemory() throws {
        let cli = CLI()
        try cli.newProject()
        // About 80 fill the photo; the other 920 go to the centre, each overlapping all the others
        // there: 420,000 pairs, which were all named (10 MB of warnings).
        let adds = (1...1_000).map { "{\"op\":\"add\",\"kind\":\"dish\",\"text\":\"Dish \($0)\"}\n" }.joined()
        try adds.write(toFile: cli.path("adds.jsonl"), atomically: true, encoding: .utf8)
        let (ending, stderr) = try BoundedRun(directory: cli.dir, memoryLimitMiB: 256)(["apply", "dinner.tagproj", "adds.jsonl"], timeout: 300)
        #expect(ending == .exit(0), "\(ending): \(stderr.suffix(500))")
        let lines = stderr.split(separator: "\n")
        #expect(lines.count == 102, "\(lines.count) lines")
        #expect(lines.prefix(100).allSatisfy { $0.hasPrefix("warning: #") && $0.contains(" overlaps #") })
        #expect(lines[100] == "warning: more tags overlap than the 100 overlaps listed" && lines[101] == "applied 1000 edits from adds.jsonl")
        #expect(try tags(cli).count == 1_000)
        #expect(try cli("check", "dinner.tagproj").stdout == "ok\n")
    }

    @Test func positionsMayBePixelsAndABareNumberFarOutsideIsAUsageErrorWithAHint() throws {
        let cli = CLI()
        try cli.newProject()
        let px = try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "120px,200px")
        #expect(px.status == 0 && px.stdout == "1\n", "\(px)")
        let by = try cli("move", "dinner.tagproj", "1", "--by", "-60px,0")
        #expect(by.status == 0, "\(by)")
        let tag = try tags(cli)[0]
        #expect(tag["x"] as? Double == 0.1 && tag["y"] as? Double == 0.5 && tag["x_px"] as? Double == 60 && tag["y_px"] as? Double == 200)
        let table = try cli("list", "dinner.tagproj")
        #expect(table.stdout.contains("0.100  0.500  60,200      Soup"), "\(table)")
        let bare = try cli("add", "dinner.tagproj", "dish", "Tea", "--at", "920,800")
        #expect(bare.status == 64 && bare.stdout.isEmpty)
        #expect(bare.stderr.contains("error: --at: '920,800' is far outside the picture"), "\(bare)")
        #expect(bare.stderr.contains("\nhint: 920,800 looks like pixels: write 920px,800px\n"), "\(bare)")
        let word = try cli("move", "dinner.tagproj", "1", "--to", "left,0.5")
        #expect(word.status == 64 && word.stderr.contains("'left' is not a number"), "\(word)")
        let small = try cli("move", "dinner.tagproj", "1", "--to", "1.2,0.5")
        #expect(small.status == 0 && small.stderr.contains("to stay inside the photo"), "a small excursion is clamped: \(small)")
    }
}

/// `tagproj arrange`, end to end.
@Suite struct ArrangeCLITests {
    @Test func arrangeClearsOverlapsAsOneEntryThatUndoTakesBack() throws {
        let cli = CLI()
        try cli.newProject()
        for name in ["Soup", "Tea", "Cake"] { try cli("add", "dinner.tagproj", "dish", name, "--at", "0.5,0.5") }
        let before = try cli("list", "dinner.tagproj", "--json").stdout
        let run = try cli("arrange", "dinner.tagproj")
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
        #expect(run.stderr.contains("#2: now at ") && run.stderr.hasSuffix("arrange 2 tags\n") && !run.stderr.contains("warning"), "\(run)")
        let history = try CLI.json(try cli("history", "dinner.tagproj", "--json"))["entries"] as! [[String: Any]]
        #expect(history.last?["label"] as? String == "arrange 2 tags" && history.count == 4)
        let again = try cli("arrange", "dinner.tagproj")
        #expect(again.status == 0 && again.stdout.isEmpty && again.stderr == "arrange: nothing overlapped\n", "\(again)")
        let unchanged = try CLI.json(try cli("history", "dinner.tagproj", "--json"))["entries"] as! [[String: Any]]
        #expect(unchanged.count == 4, "nothing to resolve records no entry")
        let undo = try cli("undo", "dinner.tagproj")
        #expect(undo.status == 0 && undo.stderr == "undid arrange 2 tags\n", "\(undo)")
        #expect(try cli("list", "dinner.tagproj", "--json").stdout == before)
    }

    @Test func twoBubblesFacingEachOtherAreBothTurnedAwayWithTheirDotsKept() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "0.45,0.3", "--side", "right")
        let tea = try cli("add", "dinner.tagproj", "dish", "Tea", "--at", "0.55,0.3", "--side", "left")
        #expect(tea.stderr == "warning: #2 overlaps #1\n", "\(tea)")
        let run = try cli("arrange", "dinner.tagproj")
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
        #expect(run.stderr == "#1: now at 0.450,0.300, bubble on the left\n#2: now at 0.550,0.300, bubble on the right\narrange 2 tags\n",
                "\(run)")
    }
}
