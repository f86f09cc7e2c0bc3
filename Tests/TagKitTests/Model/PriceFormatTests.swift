import Testing
@testable import TagKit

/// Prices as people write them: the format is a setting, amounts are stored canonically.
@Suite struct PriceFormatTests {
    @Test(arguments: [("¥38", "¥", "38"), ("$12.50", "$", "12.50"), ("38元", "元", "38"), ("12,50 €", "€", "12.50"), ("€ 4.50", "€", "4.50")])
    func everySampleIsDrawnAsWritten(_ sample: String, _ symbol: String, _ amount: String) throws {
        let (format, currency) = try PriceFormat.sample(sample)
        #expect(currency == symbol)
        #expect(format.label(amount: amount, currency: currency) == sample)
        // What the user typed, with or without the symbol, is accepted and stored canonically.
        #expect(try TagText.validate(sample, kind: .price, currency: currency, format: format) == amount)
        #expect(try TagText.validate(format.label(amount: amount, currency: ""), kind: .price, currency: currency, format: format) == amount)
    }

    @Test func anotherCurrencyOrSeparatorIsRefusedSayingWhatTheProjectExpects() {
        #expect(throws: TagTextError.otherCurrency("$12.50", symbol: "$", expected: "¥12.50")) {
            try TagText.validate("$12.50", kind: .price, currency: "¥")
        }
        #expect(throws: TagTextError.separator("1,50", expected: "¥12.50")) { try TagText.validate("1,50", kind: .price, currency: "¥") }
        #expect(throws: TagTextError.notAnAmount("cheap")) { try TagText.validate("cheap", kind: .price, currency: "¥") }
    }

    @Test(arguments: ["", "€", "12.5050", "1.2.3", "€12€", "1,2,3", "12,34.5", "1234,567", "1,280,50", "1,2.280"])
    func aSampleThatShowsNoFormatIsRefused(_ sample: String) {
        #expect(throws: SettingsError(setting: .priceFormat, problem: .notASample)) { try PriceFormat.sample(sample) }
    }

    @Test func settingTheFormatRemeasuresThePricesAndIsOneEntryThatUndoes() throws {
        let price = Tag(id: TagID(1), kind: .price, text: "38", anchor: NormalizedPoint(x: 0.3, y: 0.5), side: .right, labelEm: 1.8)
        let dish = Tag(id: TagID(2), kind: .dish, text: "Soup", anchor: NormalizedPoint(x: 0.3, y: 0.2), side: .right, labelEm: 2.4)
        let document = Document(tags: TagSet([price, dish]), size: PictureSize(width: 600, height: 400), nextID: TagID(3))
        let euro = ProjectSettings(currency: "€", priceFormat: PriceFormat(symbol: .after, spaced: true, decimalSeparator: ","))
        let outcome = try document.applying(.setSettings(euro), measurer: FixedWidthMeasurer())
        #expect(outcome.document.settings == euro)
        #expect(outcome.entry.label == "set currency “€”, prices as 12,50 €")
        let after = try #require(outcome.document.tags[TagID(1)])
        #expect(after.labelEm == 0.6 * 4 && after.label(euro) == "38 €")
        #expect(outcome.entry.changes == [TagChange(id: TagID(1), before: price, after: after)], "the dish's label did not change")
        #expect(outcome.entry.reverted.settings?.after == ProjectSettings())
    }
}
