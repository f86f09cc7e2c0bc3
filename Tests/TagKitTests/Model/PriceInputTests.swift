import Testing
@testable import TagKit

/// Prices as people type them: any spelling of the project's currency, full-width digits from an
/// input method, thousands grouped where the format groups them; and drawn without a full-width gap.
@Suite struct PriceInputTests {
    /// `input` read as a price tag's text in a project of `currency` and `format`.
    func price(_ input: String, _ currency: String = "¥", _ format: PriceFormat = PriceFormat()) throws -> String {
        try TagText.validate(input, kind: .price, currency: currency, format: format)
    }

    static let euro = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")
    static let groupedEuro = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",", groupingSeparator: ".")

    @Test(arguments: ["¥", "￥", "元", "RMB"], ["¥38", "￥38", "38元", "38 元", "RMB 38", "RMB38", "38 RMB", "¥ 38", "￥３８"])
    func everySpellingOfTheYuanIsAYuanProjectsSymbol(_ currency: String, _ input: String) throws {
        #expect(try price(input, currency) == "38")
        #expect(try TagText.price(input, kind: .dish, currency: currency) == "38")
    }

    @Test(arguments: [("$", "＄12.50", "12.50"), ("＄", "$12.50", "12.50"), ("£", "￡4.5", "4.50"), ("₩", "￦1200", "1200"),
                      ("￦", "1200₩", "1200"), ("¢", "￠50", "50")])
    func aCurrencysFullWidthSignIsItsSymbolToo(_ currency: String, _ input: String, _ amount: String) throws {
        #expect(try price(input, currency) == amount)
    }

    @Test func anotherCurrencysSpellingIsStillAnotherCurrency() {
        #expect(throws: TagTextError.otherCurrency("38元", symbol: "元", expected: "$12.50")) {
            try TagText.validate("38元", kind: .price, currency: "$")
        }
        #expect(throws: TagTextError.otherCurrency("＄3", symbol: "＄", expected: "¥12.50")) { try price("＄3") }
        #expect(throws: TagTextError.otherCurrency("US$3", symbol: "US$", expected: "¥12.50")) { try price("US$3") }
        #expect(throws: TagTextError.otherCurrency("38 USD", symbol: "USD", expected: "¥12.50")) { try price("38 USD") }
    }

    /// A letter that names no currency makes no amount: `set --currency x` would help nobody.
    @Test(arguments: ["12x", "x12", "12 kg", "约38"])
    func aStrayLetterIsNotAnAmount(_ input: String) {
        #expect(throws: TagTextError.notAnAmount(input)) { try TagText.validate(input, kind: .price, currency: "¥") }
    }

    @Test(arguments: [("１２", "12"), ("１２．５", "12.50"), ("￥１２．５０", "12.50"), ("３８元", "38"), ("０.５", "0.50")])
    func fullWidthDigitsAndPointsReadAsASCII(_ input: String, _ amount: String) throws {
        #expect(try TagText.validate(input, kind: .price, currency: "¥") == amount)
    }

    @Test func aFullWidthCommaIsACommaAndTheIdeographicFullStopNoDecimalPoint() throws {
        #expect(try price("１２，５ €", "€", Self.euro) == "12.50")
        #expect(throws: TagTextError.notAnAmount("１２。５")) { try price("１２。５") }
        #expect(throws: TagTextError.separator("１２，５", expected: "¥12.50")) { try price("１２，５") }
    }

    @Test(arguments: [
        ("¥1,280", "¥", PriceFormat(groupingSeparator: ","), "¥1,280.00"),
        ("¥1,280.00", "¥", PriceFormat(groupingSeparator: ","), "¥1,280.00"),
        ("1.280 €", "€", PriceInputTests.groupedEuro, "1.280,00 €"),
        ("1.280,50 €", "€", PriceInputTests.groupedEuro, "1.280,00 €"),
        ("1 280,50 €", "€", PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",", groupingSeparator: " "), "1 280,00 €"),
        ("1\u{202F}280,50 €", "€", PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",", groupingSeparator: "\u{202F}"),
         "1\u{202F}280,00 €"),
        ("12.505", "", PriceFormat(symbol: .after, decimalSeparator: ",", groupingSeparator: "."), "1.280,00"),
    ])
    func aSampleThatGroupsItsDigitsMakesAFormatThatGroupsThem(_ sample: String, _ symbol: String, _ expected: PriceFormat,
                                                              _ example: String) throws {
        let (format, currency) = try PriceFormat.sample(sample)
        #expect(format == expected && currency == symbol)
        #expect(format.example(currency: currency) == example)
        #expect(try ProjectSettings(currency: currency, priceFormat: format).validated().priceFormat == format)
    }

    @Test func aGroupingFormatReadsGroupedAndUngroupedAmountsAndDrawsThemGrouped() throws {
        let yuan = try PriceFormat.sample("¥1,280").format
        for input in ["1,280", "1280", "¥1,280", "１，２８０元", "RMB 1,280"] {
            #expect(try TagText.validate(input, kind: .price, currency: "¥", format: yuan) == "1280", "\(input)")
        }
        #expect(try price("1,234,567.5", "¥", yuan) == "1234567.50")
        #expect(try price("38", "¥", yuan) == "38")
        #expect(yuan.label(amount: "1280", currency: "¥") == "¥1,280")
        #expect(yuan.label(amount: "1234567.50", currency: "¥") == "¥1,234,567.50")
        #expect(yuan.label(amount: "999", currency: "¥") == "¥999")
        let euro = try PriceFormat.sample("1.280,50 €").format
        #expect(euro == Self.groupedEuro)
        #expect(try price("1.280,5", "€", euro) == "1280.50")
        #expect(euro.label(amount: "1280.50", currency: "€") == "1.280,50 €")
        #expect(throws: TagTextError.grouping("1,28", expected: "¥1,280.00")) { try price("1,28", "¥", yuan) }
        #expect(throws: TagTextError.grouping("12.50", expected: "1.280,00 €")) { try price("12.50", "€", euro) }
    }

    @Test func groupedDigitsWhereTheFormatGroupsNoneAreRefusedSayingHowToWriteThemAndHowToGroup() throws {
        #expect(throws: TagTextError.ungrouped("1,288", amount: "1288", format: "¥1,280.00")) { try price("1,288") }
        let euro = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")
        #expect(throws: TagTextError.ungrouped("1.288,5 €", amount: "1288.50", format: "1.280,00 €")) {
            try price("1.288,5 €", "€", euro)
        }
        #expect(TagTextError.ungrouped("1,288", amount: "1288", format: "¥1,280.00").message
            == "'1,288' groups its digits by thousands, which this project does not; write it as 1288")
        // The sample the error names is one `set --price-format` takes, and it groups as asked.
        let euros = ProjectSettings(currency: "€", priceFormat: Self.euro)
        #expect(try SettingsChange(priceFormat: "1.280,00 €").applied(to: euros).priceFormat == Self.groupedEuro)
        #expect(throws: TagTextError.separator("1,2888", expected: "¥12.50")) { try price("1,2888") }
    }

    @Test func aSampleWithoutSymbolChangesTheSeparatorsAndKeepsTheCurrency() throws {
        let yuan = ProjectSettings(currency: "元", priceFormat: PriceFormat(symbol: .after))
        let settings = try SettingsChange(priceFormat: "1,280.50").applied(to: yuan)
        #expect(settings.currency == "元" && settings.priceFormat == PriceFormat(symbol: .after, groupingSeparator: ","))
        #expect(settings.priceFormat.example(currency: settings.currency) == "1,280.00元")
    }

    @Test func aGroupingSeparatorThatIsTheDecimalOneOrNoSeparatorIsRefused() {
        for grouping: Character in [".", "'", "_"] {
            #expect(throws: SettingsError(setting: .groupingSeparator, problem: .notASeparator)) {
                try ProjectSettings(priceFormat: PriceFormat(groupingSeparator: grouping)).validated()
            }
        }
    }

    @Test func aFullWidthSignIsDrawnHalfWidth() {
        #expect(PriceFormat().label(amount: "38", currency: "￥") == "¥38")
        #expect(PriceFormat(spaced: true).label(amount: "3", currency: "HK＄") == "HK$ 3")
        #expect(PriceFormat(symbol: .after).label(amount: "38", currency: "元") == "38元")
        let tag = Tag(id: TagID(1), kind: .dish, text: "宫保鸡丁", price: "38", anchor: .centre, side: .left, labelEm: 0)
        #expect(tag.label(ProjectSettings(currency: "￥")) == "宫保鸡丁 ¥38")
    }

    @Test func theChineseLocalesFullWidthYuanBecomesTheHalfWidthSign() {
        let zh = LocalePriceFormat.mapping(locale: "zh_CN.UTF-8", symbol: "￥", precedes: 1, separatedBySpace: 0, decimalPoint: ".")
        #expect(zh == LocalePriceFormat(locale: "zh_CN.UTF-8", format: PriceFormat(), currency: "¥"))
    }
}
