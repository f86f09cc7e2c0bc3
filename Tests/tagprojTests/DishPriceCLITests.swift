import Foundation
import Testing

/// A dish that carries its price, from the command line: `add --price`, `edit --price`, `list`,
/// `apply`, the history's labels, and the errors, each leaving the project untouched.
@Suite struct DishPriceCLITests {
    func tags(_ cli: CLI, _ project: String = "dinner.tagproj") throws -> [[String: Any]] {
        try CLI.json(try cli("list", project, "--json"))["tags"] as! [[String: Any]]
    }

    func labels(_ cli: CLI) throws -> [String] {
        (try CLI.json(try cli("history", "dinner.tagproj", "--json"))["entries"] as! [[String: Any]]).map { $0["label"] as! String }
    }

    @Test func aDishAddedWithItsPriceIsOneTagThatListShows() throws {
        let cli = CLI()
        try cli.newProject()
        let run = try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--price", "38", "--at", "0.3,0.4")
        #expect(run.status == 0 && run.stdout == "1\n" && run.stderr.isEmpty, "\(run)")
        try cli("add", "dinner.tagproj", "price", "12.5", "--at", "0.7,0.6", "--side", "left")
        let listed = try cli("list", "dinner.tagproj", "--json")
        #expect(listed.stdout.contains(#""kind":"dish","text":"宫保鸡丁","price":"38.00","x":0.3"#), "\(listed)")
        let all = try tags(cli)
        #expect(all.count == 2 && all[1]["price"] == nil, "a price tag carries no price key")
        #expect(try cli("list", "dinner.tagproj").stdout == """
            ID    KIND   SIDE   X      Y      PX          TEXT
            1     dish   right  0.300  0.400  180,160     宫保鸡丁 ¥38
            2     price  left   0.700  0.600  420,240     ¥12.50

            """)
        #expect(try labels(cli) == ["add dish #1 “宫保鸡丁” ¥38", "add price #2 “¥12.50”"])
        let json = try CLI.json(try cli("add", "dinner.tagproj", "dish", "Tea", "--price", "¥3.5", "--json"))
        #expect(json["price"] as? String == "3.50", "\(json)")
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func editSetsChangesAndRemovesThePriceAndUndoRedoFollow() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--at", "0.3,0.4")
        for args in [["--price", "38"], ["--price", "42"], ["麻婆豆腐", "--price", "30"], ["Tea"], ["--price", "none"]] {
            let run = try cli.run(["edit", "dinner.tagproj", "1"] + args)
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(args): \(run)")
        }
        #expect(try labels(cli) == ["add dish #1 “宫保鸡丁”", "edit #1 price → ¥38", "edit #1 price ¥38 → ¥42",
                                    "edit #1 “宫保鸡丁” → “麻婆豆腐”, price ¥42 → ¥30", "edit #1 “麻婆豆腐” → “Tea”", "edit #1 price removed"])
        #expect(try tags(cli)[0]["price"] == nil)
        #expect(try cli("undo", "dinner.tagproj").stderr == "undid edit #1 price removed\n")
        #expect(try tags(cli)[0]["price"] as? String == "30.00" && tags(cli)[0]["text"] as? String == "Tea")
        try cli("undo", "dinner.tagproj", "--steps", "3")
        #expect(try tags(cli)[0]["price"] as? String == "38.00" && tags(cli)[0]["text"] as? String == "宫保鸡丁")
        try cli("redo", "dinner.tagproj", "--steps", "4")
        #expect(try tags(cli)[0]["price"] == nil && tags(cli)[0]["text"] as? String == "Tea")
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test(arguments: [
        (["add", "dinner.tagproj", "price", "38", "--price", "40"], "error: a price tag's price is its text; only a dish tag carries a price of its own"),
        (["edit", "dinner.tagproj", "2", "--price", "40"], "error: a price tag's price is its text; only a dish tag carries a price of its own"),
        (["edit", "dinner.tagproj", "2", "--price", "none"], "error: a price tag's price is its text; only a dish tag carries a price of its own"),
        (["add", "dinner.tagproj", "dish", "Tea", "--price", "abc"], "error: 'abc' is not an amount; a price is a number such as 38 or 12.50"),
        (["edit", "dinner.tagproj", "1", "--price", "$3"], "error: '$3' carries a currency symbol this project does not use; it writes prices as ¥12.50"),
        (["edit", "dinner.tagproj", "1", "--price", ""], "error: the price is empty; a price is a number such as 38 or 12.50"),
        (["edit", "dinner.tagproj", "1"], "error: missing argument <text> or --price"),
        (["add", "dinner.tagproj", "dish", "Tea", "--price"], "error: option '--price' needs a value (AMOUNT)"),
    ])
    func aPriceThatCannotBeIsAUsageErrorAndChangesNothing(_ args: [String], _ message: String) throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "Soup", "--price", "8", "--at", "0.3,0.4")
        try cli("add", "dinner.tagproj", "price", "38", "--at", "0.7,0.6")
        let before = cli.bytes("dinner.tagproj")
        let run = try cli.run(args)
        #expect(run.status == 64 && run.stdout.isEmpty, "\(run)")
        #expect(run.errorLines.first == message, "\(run)")
        #expect(cli.bytes("dinner.tagproj") == before, "the project is untouched")
    }

    @Test func applyReadsPricesFromCSVAndListJSONSoReplaceCopiesThem() throws {
        let cli = CLI()
        try cli.newProject()
        try cli.newProject("copy.tagproj")
        try "kind,text,price,x,y\ndish,宫保鸡丁,38,0.3,0.4\ndish,Tea,,0.6,0.7\nprice,12.5,,0.8,0.2\n"
            .write(toFile: cli.path("menu.csv"), atomically: true, encoding: .utf8)
        let run = try cli("apply", "dinner.tagproj", "menu.csv")
        #expect(run.status == 0 && run.stderr == "applied 3 edits from menu.csv\n", "\(run)")
        #expect(try tags(cli).map { $0["price"] as? String } == ["38.00", nil, nil])
        try cli("add", "copy.tagproj", "dish", "Old", "--price", "1")
        let listed = try cli("list", "dinner.tagproj", "--json")
        let replaced = try cli.withInput(listed.stdout, "apply", "copy.tagproj", "-", "--replace")
        #expect(replaced.status == 0, "\(replaced)")
        let withoutIDs = { (run: Run) in run.stdout.replacingOccurrences(of: #""id":[0-9]+,"#, with: "", options: .regularExpression) }
        #expect(withoutIDs(try cli("list", "copy.tagproj", "--json")) == withoutIDs(listed), "the same tags, prices and all")
        #expect(try tags(cli, "copy.tagproj").map { $0["id"] as? Int } == [2, 3, 4])
        let lines = "{\"op\":\"edit\",\"id\":1,\"price\":\"42\"}\n{\"op\":\"edit\",\"id\":2,\"price\":\"5\"}\n{\"op\":\"edit\",\"id\":1,\"price\":null}\n"
        let edited = try cli.withInput(lines, "apply", "dinner.tagproj", "-")
        #expect(edited.status == 0, "\(edited)")
        #expect(try tags(cli).map { $0["price"] as? String } == [nil, "5.00", nil])
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func checkReplaysThePricesAndNamesATagWhoseStoredPriceTheHistoryDoesNotGive() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--price", "38")
        try cli("edit", "dinner.tagproj", "1", "--price", "42")
        #expect(try cli("check", "dinner.tagproj").status == 0)
        HostileProjectTests.plainSQL(cli.path("dinner.tagproj"), "UPDATE tags SET price = '38' WHERE id = 1")
        expectFailure(try cli("check", "dinner.tagproj"), 65, "replaying the history does not give tag #1 as stored")
    }
}
