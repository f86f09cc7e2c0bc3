import Foundation
import Testing

/// `tagproj menu`: one project per photo in step with a menu file, one entry per project, all
/// or nothing, every error named by its line before anything is written.
@Suite struct MenuTests {
    /// A folder `photos` of `count` small photos, `p0.png`…
    func photos(_ cli: CLI, _ count: Int, in folder: String = "photos") throws {
        try FileManager.default.createDirectory(atPath: cli.path(folder), withIntermediateDirectories: true)
        for i in 0..<count { try FileManager.default.copyItem(atPath: CLI.coffee, toPath: cli.path("\(folder)/p\(i).png")) }
    }

    func write(_ cli: CLI, _ name: String, _ text: String) throws {
        try text.write(toFile: cli.path(name), atomically: true, encoding: .utf8)
    }

    func menu(_ cli: CLI, _ file: String = "menu.csv", _ more: String...) throws -> Run {
        try cli.run(["menu", file, "--photos", "photos", "--projects", "menu"] + more)
    }

    func tags(_ cli: CLI, _ project: String) throws -> [[String: Any]] {
        try CLI.json(try cli("list", "menu/" + project, "--json"))["tags"] as! [[String: Any]]
    }

    func labels(_ cli: CLI, _ project: String) throws -> [String] {
        (try CLI.json(try cli("history", "menu/" + project, "--json"))["entries"] as! [[String: Any]]).map { $0["label"] as! String }
    }

    /// Each file's bytes and modification time.
    func snapshot(_ cli: CLI, _ folder: String = "menu") throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: cli.path(folder)) {
            let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("\(folder)/\(name)"))
            files[name] = "\((attributes[.modificationDate] as! Date).timeIntervalSince1970) \(cli.bytes("\(folder)/\(name)")!.hashValue)"
        }
        return files
    }

    /// Twenty rows over ten photos: p0…p4 with three dishes each, p5…p9 with one.
    static let twenty: String = {
        var rows = ["photo,dish,x,y"]
        for i in 0..<5 { rows += ["p\(i).png,Dish \(i)a,0.2,0.3", "p\(i).png,Dish \(i)b,,", "p\(i).png,Dish \(i)c,0.7,0.8"] }
        for i in 5..<10 { rows.append("p\(i).png,Dish \(i),,") }
        return rows.joined(separator: "\n") + "\n"
    }()

    @Test func twentyRowsOverTenPhotosBuildTenProjectsAndTheSameFileAgainRecordsNothing() throws {
        let cli = CLI()
        try photos(cli, 10)
        try write(cli, "menu.csv", Self.twenty)
        let run = try menu(cli)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let expected = (0..<10).map { "p\($0).tagproj: created, \($0 < 5 ? "3 dishes" : "1 dish") added" }
        #expect(run.stdout == expected.joined(separator: "\n") + "\n", "\(run)")
        for i in 0..<10 {
            let tags = try tags(cli, "p\(i).tagproj")
            #expect(tags.map { $0["text"] as! String } == (i < 5 ? ["Dish \(i)a", "Dish \(i)b", "Dish \(i)c"] : ["Dish \(i)"]))
            #expect(try labels(cli, "p\(i).tagproj") == ["menu: \(i < 5 ? "3 dishes" : "1 dish") added (menu.csv)"])
            #expect(try cli("check", "menu/p\(i).tagproj").status == 0)
        }
        let p0 = try tags(cli, "p0.tagproj")
        #expect(p0[0]["x"] as! Double == 0.2 && p0[0]["y"] as! Double == 0.3, "x,y place a dish that is added")
        let before = try snapshot(cli)
        Thread.sleep(forTimeInterval: 0.02)
        let again = try menu(cli)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        #expect(again.stdout == (0..<10).map { "p\($0).tagproj: unchanged\n" }.joined(), "\(again)")
        #expect(try snapshot(cli) == before, "no project is written")
        #expect(try labels(cli, "p0.tagproj").count == 1, "no entry recorded")
    }

    /// A project made from a photo that decodes whole over a small flaw says so as `new` says it,
    /// naming the photo, before the menu's own lines (the notice is the library's, worded once).
    @Test func aProjectMadeFromASlightlyDamagedPhotoSaysSoAsNewDoes() throws {
        let cli = CLI()
        try FileManager.default.createDirectory(atPath: cli.path("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Hostile.path("extraneous-bytes.jpg"), toPath: cli.path("photos/flawed.jpg"))
        try write(cli, "menu.csv", "photo,dish\nflawed.jpg,Soup\n")
        let run = try menu(cli)
        let made = try cli("new", "alone.tagproj", "photos/flawed.jpg")
        let said = made.errorLines.first { $0.hasPrefix("warning: ") }
        #expect(run.status == 0 && said != nil, "\(run) \(made)")
        #expect(run.errorLines == ["warning: flawed.tagproj: " + (said ?? "").dropFirst("warning: ".count)], "\(run)")
        #expect(said?.contains("is slightly damaged but decodes whole: ") == true && said?.contains("photos/flawed.jpg") == true, "\(made)")
    }

    @Test func aChangedDishChangesOnlyThatTagAndAMovedTagStaysMoved() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish,key,x,y\np0.png,Soup,s,0.2,0.3\np0.png,Tea,t,0.7,0.7\n")
        #expect(try menu(cli).status == 0)
        #expect(try cli("move", "menu/p0.tagproj", "1", "--to", "0.4,0.6").status == 0)
        let tea = try tags(cli, "p0.tagproj")[1]
        // Next month: the soup is renamed and its row says another place; the tea is as it was.
        try write(cli, "menu.csv", "photo,dish,key,x,y\np0.png,Tomato soup,s,0.9,0.9\np0.png,Tea,t,0.7,0.7\n")
        let run = try menu(cli)
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 1 dish renamed\n", "\(run)")
        let tags = try tags(cli, "p0.tagproj")
        #expect(tags.count == 2)
        #expect(tags[0]["text"] as! String == "Tomato soup" && tags[0]["id"] as! Int == 1)
        #expect(tags[0]["x"] as! Double == 0.4 && tags[0]["y"] as! Double == 0.6, "where the user moved it, not the row's x,y")
        #expect(NSDictionary(dictionary: tags[1]) == NSDictionary(dictionary: tea), "the other tag is untouched")
        #expect(try labels(cli, "p0.tagproj").last == "menu: 1 dish renamed (menu.csv)")
        // One entry: undo takes the whole run back.
        #expect(try cli("undo", "menu/p0.tagproj").status == 0)
        #expect(try self.tags(cli, "p0.tagproj")[0]["text"] as! String == "Soup")
    }

    @Test func aChangedPriceChangesOnlyThatTagsPrice() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish,price\np0.png,Soup,12\np0.png,Tea,5\np0.png,Rice,2\n")
        #expect(try menu(cli).status == 0)
        let before = try tags(cli, "p0.tagproj")
        #expect(before.map { $0["price"] as? String } == ["12.00", "5.00", "2.00"], "each dish carries its own price")
        // Tea's price stays as written ("5.00" would be drawn ¥5.00, another label than ¥5).
        try write(cli, "menu.csv", "photo,dish,price\np0.png,Soup,14.50\np0.png,Tea,5\np0.png,Rice,\n")
        let run = try menu(cli)
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 2 prices changed\n", "\(run)")
        let after = try tags(cli, "p0.tagproj")
        #expect(after.map { $0["price"] as? String } == ["14.50", "5.00", nil])
        #expect(NSDictionary(dictionary: after[1]) == NSDictionary(dictionary: before[1]), "Tea is untouched")
        for key in ["id", "text", "x", "y", "side"] {
            #expect(NSDictionary(dictionary: after[0])[key] as? NSObject == NSDictionary(dictionary: before[0])[key] as? NSObject, "\(key)")
        }
        #expect(try labels(cli, "p0.tagproj").last == "menu: 2 prices changed (menu.csv)")
        // A price the project does not write is an error naming its line, before anything is written.
        try write(cli, "menu.csv", "photo,dish,price\np0.png,Soup,14.50\np0.png,Tea,€5\n")
        let bytes = cli.bytes("menu/p0.tagproj")
        expectFailure(try menu(cli), 64, "menu.csv line 3: price: '€5' carries a currency symbol this project does not use")
        #expect(cli.bytes("menu/p0.tagproj") == bytes)
    }

    @Test func aDishRenamedInTheEditorIsStillThatDish() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish\np0.png,Soup\np0.png,Tea\n")
        #expect(try menu(cli).status == 0)
        #expect(try cli("edit", "menu/p0.tagproj", "1", "Soupe").status == 0)
        // The menu remembers which tag it gave "Soup": the tag gets its text back, none is added.
        let run = try menu(cli)
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 1 dish renamed\n", "\(run)")
        #expect(try tags(cli, "p0.tagproj").map { $0["text"] as! String } == ["Soup", "Tea"])
        // The memory is the project's own: a copy in another folder is still matched by key, and
        // the menu wrote nothing into the projects folder but projects.
        #expect(try cli("edit", "menu/p0.tagproj", "1", "Soupe").status == 0)
        try FileManager.default.createDirectory(atPath: cli.path("copy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli.path("menu/p0.tagproj"), toPath: cli.path("copy/p0.tagproj"))
        let copied = try cli.run(["menu", "menu.csv", "--photos", "photos", "--projects", "copy"])
        #expect(copied.stdout == "p0.tagproj: 1 dish renamed\n", "\(copied)")
        #expect(try CLI.json(try cli("list", "copy/p0.tagproj", "--json"))["tags"].map { ($0 as! [[String: Any]]).map { $0["text"] as! String } }
                == ["Soup", "Tea"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("menu")) == ["p0.tagproj"])
    }

    @Test func aMemoryOfAnotherProjectAtThatNameIsNotTrusted() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish,key\np0.png,Soup,s\n")
        #expect(try menu(cli).status == 0)
        // The project is made again by hand, with a tag of the user's own as #1.
        #expect(try cli("new", "menu/p0.tagproj", "photos/p0.png", "--force").status == 0)
        #expect(try cli("add", "menu/p0.tagproj", "dish", "Mine", "--at", "0.2,0.2").status == 0)
        let run = try menu(cli)
        #expect(run.stdout == "p0.tagproj: 1 dish added\n", "\(run)")
        #expect(try tags(cli, "p0.tagproj").map { $0["text"] as! String } == ["Mine", "Soup"])
    }

    @Test func pruneRemovesADishNoLongerOnTheMenu() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish\np0.png,Soup\np0.png,Tea\n")
        #expect(try menu(cli).status == 0)
        try write(cli, "menu.csv", "photo,dish\np0.png,Tea\n")
        let kept = try menu(cli)
        #expect(kept.stdout == "p0.tagproj: unchanged\n", "without --prune a dish stays: \(kept)")
        let run = try menu(cli, "menu.csv", "--prune")
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 1 dish deleted\n", "\(run)")
        #expect(try tags(cli, "p0.tagproj").map { $0["text"] as! String } == ["Tea"])
        #expect(try labels(cli, "p0.tagproj").last == "menu: 1 dish deleted (menu.csv)")
    }

    @Test func jsonLinesReadAsCSVDoesAndJSONOutputIsOneObject() throws {
        let cli = CLI()
        try photos(cli, 2)
        try write(cli, "menu.jsonl", """
            {"photo":"p0.png","dish":"Soup","x":0.25,"y":0.5,"side":"right"}
            {"photo":"p1.png","dish":"Tea"}

            {"photo":"p1.png","dish":"Cake","key":"c"}
            """)
        let run = try menu(cli, "menu.jsonl", "--json")
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        let json = try CLI.json(run)
        let projects = json["projects"] as! [[String: Any]]
        #expect(projects.map { $0["project"] as! String } == ["p0.tagproj", "p1.tagproj"])
        #expect(projects.map { $0["status"] as! String } == ["created", "created"])
        #expect(projects.map { $0["dishes_added"] as! Int } == [1, 2])
        #expect(projects[1]["entry"] as! String == "menu: 2 dishes added (menu.jsonl)")
        #expect(json["changed"] as! Int == 2)
        let soup = try tags(cli, "p0.tagproj")[0]
        #expect(soup["x"] as! Double == 0.25 && soup["side"] as! String == "right")
        let again = try CLI.json(try menu(cli, "menu.jsonl", "--json"))
        #expect((again["projects"] as! [[String: Any]]).map { $0["status"] as! String } == ["unchanged", "unchanged"])
        #expect((again["projects"] as! [[String: Any]]).allSatisfy { $0["entry"] is NSNull })
        #expect(again["changed"] as! Int == 0)
    }

    /// Each bad menu: its exit code and message, and nothing written anywhere.
    @Test(arguments: [
        ("photo,dish\np0.png,Soup\n\np9.png,Tea\n", 66, "menu.csv line 4: the photo 'photos/p9.png' is not there"),
        ("photo,dish\np0.png,Soup\np0.png, Soup\n", 64, "menu.csv line 3: the dish 'Soup' is on the photo 'p0.png' twice (first on line 2)"),
        ("photo,dish,key\np0.png,Soup,a\np0.png,Tea,a\n", 64, "menu.csv line 3: the key 'a' is on the photo 'p0.png' twice"),
        ("photo,dish\np0.png,Soup\nsub/p0.png,Tea\n", 64, "menu.csv line 3: the photo 'sub/p0.png' and 'p0.png' (line 2) would both be the project p0.tagproj"),
        ("photo,dish\np0.png,Soup\np0.jpg,Tea\n", 64, "menu.csv line 3: the photo 'p0.jpg' and 'p0.png' (line 2) would both be the project p0.tagproj"),
        ("photo,dish\n../p0.png,Soup\n", 64, "menu.csv line 2: the photo '../p0.png' is outside the photos folder"),
        ("photo,dish,side\np0.png,Soup,up\n", 64, "menu.csv line 2: unknown side 'up'; a side is left or right"),
        ("photo,dish,x,y\np0.png,Soup,0.5,\n", 64, "menu.csv line 2: x and y go together"),
        ("photo,dish,x,y\np0.png,Soup,0.5,abc\n", 64, "menu.csv line 2: "),
        ("photo,dish,x,y\np0.png,Soup,0.5,9\n", 64, "menu.csv line 2: "),
        ("photo,dish,colour,size\np0.png,Soup,red,big\n", 64, "menu.csv line 1: unknown columns 'colour', 'size'"),
        ("photo,text\np0.png,Soup\n", 64, "menu.csv line 1: unknown column 'text'"),
        ("photo,dish\np0.png,\n", 64, "menu.csv line 2: dish: tag text is empty"),
        ("photo,dish\nnot-a-photo.png,Soup\n", 65, "menu.csv line 2: 'photos/not-a-photo.png'"),
        ("photo,dish\np1.png,Soup\np0.png,\(String(repeating: "W", count: 64))\n", 1, "menu.csv line 3: p0.tagproj: "),
    ] as [(String, Int32, String)])
    func aBadMenuNamesItsLineAndWritesNothing(text: String, status: Int32, message: String) throws {
        let cli = CLI()
        try photos(cli, 2)
        try write(cli, "photos/not-a-photo.png", "hello")
        // p1 exists already, with a history of its own; nothing may change in it either.
        #expect(try cli("new", "p1.tagproj", "photos/p1.png").status == 0)
        try FileManager.default.createDirectory(atPath: cli.path("menu"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: cli.path("p1.tagproj"), toPath: cli.path("menu/p1.tagproj"))
        let before = try snapshot(cli)
        try write(cli, "menu.csv", text)
        let run = try menu(cli)
        expectFailure(run, status, message)
        #expect(!run.stderr.contains("usage:"), "a line of the menu is not a mistake in the command line: \(run)")
        #expect(try snapshot(cli) == before, "nothing written: \(run)")
    }

    @Test func aProjectThatFailsWhileWrittenIsLeftAsItWasAndTheOutputSaysWhichWereDone() throws {
        let cli = CLI()
        try photos(cli, 3)
        try write(cli, "menu.csv", "photo,dish\np0.png,Soup\np1.png,Tea\np2.png,Cake\n")
        #expect(try menu(cli).status == 0)
        try write(cli, "menu.csv", "photo,dish\np0.png,Soup\np0.png,Bread\np1.png,Tea\np1.png,Bread\np2.png,Cake\np2.png,Bread\n")
        // Another program holds p1's write lock for longer than the busy timeout.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        holder.arguments = ["-c", "import sqlite3,sys,time; c=sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN IMMEDIATE');"
                            + " print('locked', flush=True); time.sleep(10)", cli.path("menu/p1.tagproj")]
        let pipe = Pipe()
        holder.standardOutput = pipe
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        _ = pipe.fileHandleForReading.availableData
        let run = try cli.run(["menu", "menu.csv", "--photos", "photos", "--projects", "menu"], environment: ["TAGPROJ_BUSY_TIMEOUT_MS": "100"])
        #expect(run.status == 75, "\(run)")
        #expect(run.stdout == "p0.tagproj: 1 dish added\n", "what was done is said: \(run)")
        #expect(run.errorLines.first?.hasPrefix("error: p1.tagproj: ") == true, "\(run)")
        #expect(run.stderr.contains("hint: 1 project done (p0.tagproj); p1.tagproj left as it was; 1 not touched (p2.tagproj)"), "\(run)")
        holder.terminate()
        holder.waitUntilExit()
        #expect(try tags(cli, "p1.tagproj").map { $0["text"] as! String } == ["Tea"])
        #expect(try tags(cli, "p2.tagproj").map { $0["text"] as! String } == ["Cake"])
        // Run again once the cause is gone: p0 is unchanged, the others catch up.
        let again = try menu(cli)
        #expect(again.stdout == "p0.tagproj: unchanged\np1.tagproj: 1 dish added\np2.tagproj: 1 dish added\n", "\(again)")
    }

    @Test func theProjectsGetTheSettingsGivenAsNewWouldGiveThem() throws {
        let cli = CLI()
        try photos(cli, 1)
        try write(cli, "menu.csv", "photo,dish\np0.png,Soup\n")
        #expect(try menu(cli, "menu.csv", "--currency", "$", "--crop", "square").status == 0)
        let info = try CLI.json(try cli("info", "menu/p0.tagproj", "--json"))
        #expect(info["width"] as! Int == 400 && info["height"] as! Int == 400)
        #expect(try cli("info", "menu/p0.tagproj").stdout.contains("$"))
    }

    @Test func helpAndCompletionsKnowTheCommand() throws {
        let cli = CLI()
        let help = try cli("help", "menu")
        #expect(help.status == 0 && help.stdout.hasPrefix("menu: Keep one project per photo in step with a menu"), "\(help)")
        #expect(help.stdout.contains("--photos DIR") && help.stdout.contains("--prune") && help.stdout.contains("remembered in the project itself"))
        #expect(try cli("--help").stdout.contains("  menu "))
        #expect(try CompletionTests.bashCompletes(["menu", "menu.csv", "--pr"], in: cli) == ["--price-format", "--projects", "--prune"])
        try FileManager.default.createDirectory(atPath: cli.path("photos"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: cli.path("plates.txt"), contents: Data())
        #expect(try CompletionTests.bashCompletes(["menu", "menu.csv", "--photos", "p"], in: cli) == ["photos"], "folders only, not plates.txt")
        let usage = try menu(cli, "menu.csv", "--nope")
        expectFailure(usage, 64, "unknown option '--nope'")
        expectFailure(try cli("menu", "menu.csv", "--photos", "photos"), 64, "missing option --projects DIR")
    }
}
