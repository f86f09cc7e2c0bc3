import Foundation
import Testing

/// What `tagproj menu` remembers of its keys lives in each project, written in the project's own
/// transaction: a projects folder from someone else (a link or a FIFO at the old memory file's
/// name) cannot make it write through a link or hang, and a run killed between projects forgets
/// nothing of what it did.
@Suite struct MenuMemoryTests {
    let menus = MenuTests()

    /// One photo and its project, made by `new`, with a menu of five keyed dishes not yet applied.
    func folder(_ cli: CLI) throws {
        try menus.photos(cli, 1)
        try FileManager.default.createDirectory(atPath: cli.path("menu"), withIntermediateDirectories: true)
        #expect(try cli("new", "menu/p0.tagproj", "photos/p0.png").status == 0)
        try menus.write(cli, "menu.csv", "photo,dish,key\n" + (1...5).map { "p0.png,Dish \($0),k\($0)\n" }.joined())
    }

    @Test func aLinkAtTheOldMemorysNameIsNeverWrittenThrough() throws {
        let cli = CLI()
        try folder(cli)
        #expect(try cli("new", "important.tagproj", "photos/p0.png").status == 0)
        #expect(try cli("add", "important.tagproj", "dish", "Mine").status == 0)
        try "export PATH=$PATH\n".write(toFile: cli.path("bashrc"), atomically: true, encoding: .utf8)
        for target in ["../important.tagproj", "../bashrc"] {
            let link = cli.path("menu/.tagproj-menu-keys.json")
            try? FileManager.default.removeItem(atPath: link)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
            let before = (cli.bytes("important.tagproj"), cli.bytes("bashrc"))
            let run = try menus.menu(cli)
            #expect(run.status == 0, "\(run)")
            #expect(cli.bytes("important.tagproj") == before.0 && cli.bytes("bashrc") == before.1, "the linked file is untouched: \(run)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target, "the link is still the link")
            #expect(try cli("check", "important.tagproj").status == 0)
        }
        #expect(try menus.tags(cli, "p0.tagproj").count == 5)
    }

    @Test func aFIFOAtTheOldMemorysNameNeitherHangsNorIsWritten() throws {
        let cli = CLI()
        try folder(cli)
        #expect(mkfifo(cli.path("menu/.tagproj-menu-keys.json"), 0o600) == 0)
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["menu", "menu.csv", "--photos", "photos", "--projects", "menu"], timeout: 60)
        #expect(ending == .exit(0), "\(stderr)")
        var info = stat()
        #expect(lstat(cli.path("menu/.tagproj-menu-keys.json"), &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still the FIFO")
        #expect(try menus.tags(cli, "p0.tagproj").count == 5)
    }

    @Test func aRunKilledAfterItsFirstProjectForgetsNothingItDid() throws {
        let cli = CLI()
        try folder(cli)
        // Killed as soon as p0's transaction has committed: where the old memory file, written
        // after every project, was lost.
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["menu", "menu.csv", "--photos", "photos", "--projects", "menu"],
                                                                  environment: ["TAGPROJ_TEST_KILL_AT": "committed"])
        #expect(ending == .signal(SIGKILL), "\(stderr)")
        #expect(try menus.tags(cli, "p0.tagproj").count == 5)
        // The menu renames every dish under the same keys: each tag is renamed, none added.
        try menus.write(cli, "menu.csv", "photo,dish,key\n" + (1...5).map { "p0.png,Plat \($0),k\($0)\n" }.joined())
        let run = try menus.menu(cli)
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 5 dishes renamed\n", "\(run)")
        #expect(try menus.tags(cli, "p0.tagproj").map { $0["text"] as! String } == (1...5).map { "Plat \($0)" })
    }

    @Test func anOlderVersionsMemoryFileIsCarriedIntoTheProjectAndNeverWritten() throws {
        let cli = CLI()
        try folder(cli)
        #expect(try menus.menu(cli).status == 0)
        // What an older version knew: its file beside the projects, and nothing in the project.
        let history = try CLI.json(try cli("history", "menu/p0.tagproj", "--json"))
        let entry = (history["entries"] as! [[String: Any]]).last!
        let keys = (1...5).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let old = "{\"format\":1,\"projects\":{\"p0.tagproj\":{\"entry\":\(entry["seq"] as! Int),\"time_ms\":\(entry["time_ms"] as! Int),\"keys\":{\(keys)}}}}\n"
        try old.write(toFile: cli.path("menu/.tagproj-menu-keys.json"), atomically: true, encoding: .utf8)
        #expect(try cli.run(program: "/usr/bin/sqlite3", [cli.path("menu/p0.tagproj"), "DELETE FROM menu_keys"]).status == 0)
        try menus.write(cli, "menu.csv", "photo,dish,key\n" + (1...5).map { "p0.png,Plat \($0),k\($0)\n" }.joined())
        let run = try menus.menu(cli)
        #expect(run.status == 0 && run.stdout == "p0.tagproj: 5 dishes renamed\n", "\(run)")
        #expect(try String(contentsOfFile: cli.path("menu/.tagproj-menu-keys.json"), encoding: .utf8) == old, "never written again")
        // Now the project knows by itself: without the file, a rename is still a rename.
        try FileManager.default.removeItem(atPath: cli.path("menu/.tagproj-menu-keys.json"))
        try menus.write(cli, "menu.csv", "photo,dish,key\n" + (1...5).map { "p0.png,Piatto \($0),k\($0)\n" }.joined())
        #expect(try menus.menu(cli).stdout == "p0.tagproj: 5 dishes renamed\n")
        #expect(try menus.tags(cli, "p0.tagproj").count == 5)
    }
}
