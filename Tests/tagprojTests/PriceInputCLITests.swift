import Foundation
import Testing

/// Prices typed as people type them, from the command line: the yuan's spellings, full-width
/// digits, thousands grouped, and hints that suggest only commands that work.
@Suite struct PriceInputCLITests {
    func texts(_ cli: CLI) throws -> [String] {
        try cli("list", "dinner.tagproj").stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: " ").last!) }
    }

    @Test func aYuanProjectTakesEverySpellingOfTheYuanAndFullWidthDigits() throws {
        let cli = CLI()
        try cli.newProject()
        for price in ["¥38", "￥38", "38元", "RMB 38", "３８", "￥１２．５"] {
            let run = try cli("add", "dinner.tagproj", "price", price)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(price): \(run)")
        }
        try cli("add", "dinner.tagproj", "dish", "宫保鸡丁", "--price", "３８元")
        try cli("edit", "dinner.tagproj", "7", "--price", "RMB４２")
        #expect(try texts(cli) == ["¥38", "¥38", "¥38", "¥38", "¥38", "¥12.50", "¥42"])
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func aStrayLetterIsNotAnAmountAndNoCurrencyIsSuggested() throws {
        let cli = CLI()
        try cli.newProject()
        let run = try cli("add", "dinner.tagproj", "price", "12x")
        #expect(run.status == 64 && run.stdout.isEmpty && run.errorLines.first == "error: '12x' is not an amount; a price is a number such as 38 or 12.50",
                "\(run)")
        #expect(!run.stderr.contains("hint:"), "\(run)")
        let dollars = try cli("add", "dinner.tagproj", "price", "＄12")
        #expect(dollars.status == 64 && dollars.errorLines.prefix(2) == [
            "error: '＄12' carries a currency symbol this project does not use; it writes prices as ¥12.50",
            "hint: tagproj set dinner.tagproj --currency '＄'",
        ], "\(dollars)")
    }

    @Test func groupedThousandsAreRefusedWithAHintWhoseCommandWorksAndThenRead() throws {
        let cli = CLI()
        try cli.newProject()
        let run = try cli("add", "dinner.tagproj", "price", "1,288")
        #expect(run.status == 64 && run.errorLines.prefix(2) == [
            "error: '1,288' groups its digits by thousands, which this project does not; write it as 1288",
            "hint: write 1288, or group thousands: tagproj set dinner.tagproj --price-format '¥1,280.00'",
        ], "\(run)")
        // A separator `set` could not take as a sample is not suggested as one.
        let odd = try cli("add", "dinner.tagproj", "price", "1,2888")
        #expect(odd.status == 64 && odd.errorLines.prefix(2) == [
            "error: '1,2888' has a decimal separator this project does not use; it writes prices as ¥12.50",
            "hint: write the amount as this project does",
        ], "\(odd)")
        let set = try cli("set", "dinner.tagproj", "--price-format", "¥1,280.00")
        #expect(set.status == 0 && set.stderr == "set prices as ¥1,280.00\n", "\(set)")
        #expect(try cli("add", "dinner.tagproj", "price", "1,288").status == 0)
        #expect(try cli("add", "dinner.tagproj", "price", "１２８０元").status == 0)
        #expect(try texts(cli) == ["¥1,288", "¥1,280"])
        let json = try CLI.json(try cli("list", "dinner.tagproj", "--json"))
        #expect((json["tags"] as? [[String: Any]])?.map { $0["text"] as? String } == ["1288", "1280"], "stored canonically")
        #expect(try CLI.json(try cli("info", "dinner.tagproj", "--json"))["price_format"] as? String == "¥1,280.00")
        #expect(try cli("info", "dinner.tagproj").stdout.contains("price format: ¥1,280.00\n"))
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func aNewProjectMayGroupByFlagOrConfig() throws {
        let cli = CLI()
        #expect(try cli("new", "euro.tagproj", CLI.coffee, "--price-format", "1.280,50 €").status == 0)
        #expect(try cli("add", "euro.tagproj", "price", "1.280,5").status == 0)
        #expect(try cli("list", "euro.tagproj").stdout.hasSuffix("1.280,50 €\n"))
        #expect(try cli("config", "new.price-format", "¥1,280").status == 0)
        #expect(try cli("new", "yuan.tagproj", CLI.coffee).status == 0)
        #expect(try CLI.json(try cli("info", "yuan.tagproj", "--json"))["price_format"] as? String == "¥1,280.00")
    }
}
