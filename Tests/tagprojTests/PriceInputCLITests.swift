import Foundation
import Testing

/// Prices typed as people type them, from the command line: the yuan's spellings, full-width
/// digits, and hints that suggest only commands that work.
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
}
