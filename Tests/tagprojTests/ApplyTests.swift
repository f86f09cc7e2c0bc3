import Foundation
import Testing

/// `tagproj apply`: a menu at once, one history entry, all or nothing.
@Suite struct ApplyTests {
    func tags(_ cli: CLI, _ project: String) throws -> [[String: Any]] {
        try CLI.json(try cli("list", project, "--json"))["tags"] as! [[String: Any]]
    }

    @Test func aCSVMenuIsOneHistoryEntryThatUndoTakesBackWhole() throws {
        let cli = CLI()
        try cli.newProject()
        try "kind,text,x,y,side\ndish,宫保鸡丁,0.3,0.4,\nprice,38,0.7,0.6,left\ndish,\"Soup, hot\",,,\n"
            .write(toFile: cli.path("menu.csv"), atomically: true, encoding: .utf8)
        let run = try cli("apply", "dinner.tagproj", "menu.csv")
        #expect(run.status == 0 && run.stdout.isEmpty && run.stderr == "applied 3 edits from menu.csv\n", "\(run)")
        let history = try CLI.json(try cli("history", "dinner.tagproj", "--json"))["entries"] as! [[String: Any]]
        #expect(history.map { $0["label"] as! String } == ["apply 3 edits from menu.csv"])
        #expect(try tags(cli, "dinner.tagproj").map { $0["text"] as! String } == ["宫保鸡丁", "38", "Soup, hot"])
        #expect(try cli("undo", "dinner.tagproj").status == 0)
        #expect(try tags(cli, "dinner.tagproj").isEmpty)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func listJSONPipedIntoApplyCopiesALayout() throws {
        let cli = CLI()
        try cli.newProject("a.tagproj")
        try cli.newProject("b.tagproj")
        try cli("add", "a.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        try cli("add", "a.tagproj", "price", "12.5", "--at", "0.9,0.6")
        try cli("add", "a.tagproj", "dish", "Tea", "--at", "0.2,0.8", "--side", "right")
        let listed = try cli("list", "a.tagproj", "--json")
        let run = try cli.withInput(listed.stdout, "apply", "b.tagproj", "-")
        #expect(run.status == 0 && run.stderr == "applied 3 edits from standard input\n", "\(run)")
        #expect(try cli("list", "b.tagproj", "--json").stdout == listed.stdout)
    }

    @Test func replaceMakesTheTagsExactlyTheOnesGivenAsOneEntry() throws {
        let cli = CLI()
        try cli.newProject("a.tagproj")
        try cli.newProject("b.tagproj")
        try cli("add", "a.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        try cli("add", "a.tagproj", "price", "12.5", "--at", "0.9,0.6")
        try cli("add", "b.tagproj", "dish", "Old", "--at", "0.5,0.5")
        let listed = try cli("list", "a.tagproj", "--json")
        let run = try cli.withInput(listed.stdout, "apply", "b.tagproj", "-", "--replace")
        #expect(run.status == 0 && run.stderr == "applied 2 edits from standard input, replacing every tag\n", "\(run)")
        let tags = try CLI.json(try cli("list", "b.tagproj", "--json"))["tags"] as! [[String: Any]]
        #expect(tags.map { $0["text"] as! String } == ["宫保鸡丁", "12.50"], "the copy, not the copy beside the old tags")
        #expect(tags.map { $0["id"] as! Int } == [2, 3], "ids are never reused")
        #expect((try CLI.json(try cli("history", "b.tagproj", "--json"))["entries"] as! [Any]).count == 2, "one entry")
        #expect(try cli("undo", "b.tagproj").status == 0)
        #expect(try cli("list", "b.tagproj").stdout.contains("Old"))
        // Twice is the same as once: the layout is copied, not doubled.
        try cli.withInput(listed.stdout, "apply", "b.tagproj", "-", "--replace")
        try cli.withInput(listed.stdout, "apply", "b.tagproj", "-", "--replace")
        #expect((try CLI.json(try cli("list", "b.tagproj", "--json"))["tags"] as! [Any]).count == 2)
    }

    @Test func aBadLineIsAnErrorNamingItAndNothingIsApplied() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup", "--at", "0.3,0.4")
        let before = cli.bytes("dinner.tagproj")
        let edits = """
            {"op":"add","kind":"dish","text":"Tea","at":"100px,100px"}
            {"op":"flip","id":9}
            """
        let unknown = try cli.withInput(edits, "apply", "dinner.tagproj", "-")
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "error: line 2: no tag #9 in 'dinner.tagproj'\nhint: run 'tagproj list dinner.tagproj' to see the tag ids\n", "\(unknown)")
        let garbage = try cli.withInput("{\"op\":\"flip\",\"id\":1}\n{\"op\":\"add\",\"kind\":\"drink\",\"text\":\"x\"}\n", "apply", "dinner.tagproj", "-")
        #expect(garbage.status == 65 && garbage.stderr.hasPrefix("error: line 2: unknown kind 'drink'"), "\(garbage)")
        let text = try cli.withInput("{\"op\":\"edit\",\"id\":1,\"text\":\"\"}\n", "apply", "dinner.tagproj", "-")
        #expect(text.status == 64 && text.stderr.hasPrefix("error: line 1: tag text is empty"), "\(text)")
        #expect(cli.bytes("dinner.tagproj") == before, "nothing of a failed batch is written")
    }
}
