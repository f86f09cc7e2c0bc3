import Testing
@testable import TagKit

/// Prices as people type them: any spelling of the project's currency, full-width digits from an
/// input method; and drawn without a full-width gap.
@Suite struct PriceInputTests {
    /// `input` read as a price tag's text in a project of `currency` and `format`.
    func price(_ input: String, _ currency: String = "¥", _ format: PriceFormat = PriceFormat()) throws -> String {
        try TagText.validate(input, kind: .price, currency: currency, format: format)
    }

    static let euro = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")

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
