import Testing
@testable import TagKit

@Suite struct TagTextTests {
    @Test func dishNamesAreNormalizedToNFCAndTrimmed() throws {
        let decomposed = "  Cafe\u{301} au lait \n"
        #expect(try TagText.validate(decomposed, kind: .dish, currency: "¥") == "Café au lait")
        #expect(try TagText.validate("宫保鸡丁", kind: .dish, currency: "¥") == "宫保鸡丁")
    }

    @Test func lengthCountsGraphemeClustersUpToSixtyFour() throws {
        let family = "👨‍👩‍👧"  // one cluster of five scalars
        #expect(try TagText.validate(String(repeating: family, count: 64), kind: .dish, currency: "") .count == 64)
        #expect(throws: TagTextError.tooLong(65)) { try TagText.validate(String(repeating: "a", count: 65), kind: .dish, currency: "") }
    }

    @Test(arguments: ["", "   ", "\t"])
    func emptyTextIsRefused(_ text: String) {
        #expect(throws: TagTextError.empty) { try TagText.validate(text, kind: .dish, currency: "¥") }
    }

    @Test(arguments: ["two\nlines", "bell\u{7}", "tab\tinside", "line\u{2028}sep"])
    func controlCharactersAndLineBreaksAreRefused(_ text: String) {
        #expect(throws: TagTextError.self) { try TagText.validate(text, kind: .dish, currency: "¥") }
    }

    @Test(arguments: [("38", "38"), ("12.5", "12.50"), ("12.50", "12.50"), ("007", "7"), ("0.5", "0.50"), ("¥38", "38"), ("¥ 26", "26")])
    func pricesAreStoredCanonically(_ input: String, _ expected: String) throws {
        #expect(try TagText.validate(input, kind: .price, currency: "¥") == expected)
    }

    @Test(arguments: ["abc", "12.345", "-3", "1e3", "12.", ".5", "$38", "3 8", "1234567890123"])
    func nonNumericAmountsAreRefused(_ input: String) {
        #expect(throws: TagTextError.self) { try TagText.validate(input, kind: .price, currency: "¥") }
        #expect((try? TagText.validate(input, kind: .price, currency: "¥")) == nil)
    }

    /// A letter or symbol between digits makes no amount, not an amount in another currency
    /// (`1e3` is no price in the currency `e`); one before or after the digits is a symbol.
    @Test(arguments: ["1e3", "1$2", "12€50", "3 8"])
    func aSymbolBetweenDigitsIsNotAnAmount(_ input: String) {
        #expect(throws: TagTextError.notAnAmount(input)) { try TagText.validate(input, kind: .price, currency: "¥") }
    }

    @Test func priceLabelCarriesTheCurrency() {
        let tag = Tag(id: TagID(1), kind: .price, text: "12.50", anchor: .centre, side: .left, labelEm: 0)
        #expect(tag.label(currency: "$") == "$12.50")
        #expect(Tag(id: TagID(2), kind: .dish, text: "Soup", anchor: .centre, side: .left, labelEm: 0).label(currency: "$") == "Soup")
    }
}

@Suite struct ModelTests {
    @Test func sideFacesTheMiddleOfThePicture() {
        #expect(Side.facingCentre(from: NormalizedPoint(x: 0.2, y: 0.9)) == .right)
        #expect(Side.facingCentre(from: NormalizedPoint(x: 0.7, y: 0.1)) == .left)
        #expect(Side.left.flipped == .right && Side.right.flipped == .left)
    }

    @Test func pointsPrintWithThreeDecimals() {
        #expect(NormalizedPoint(x: 0.8119, y: 0.4).formatted == "0.812,0.400")
        #expect(NormalizedPoint(x: 1, y: 0).formatted == "1.000,0.000")
    }

    @Test func centredSquareCropOfLandscapeAndPortrait() {
        let landscape = Crop.centredSquare(width: 600, height: 400)
        #expect(landscape.pixelRect(width: 600, height: 400) == (100, 0, 400, 400))
        let portrait = Crop.centredSquare(width: 300, height: 500)
        #expect(portrait.pixelRect(width: 300, height: 500) == (0, 100, 300, 300))
    }

    @Test func cropsOutsideThePictureAreRefused() {
        #expect(throws: CropError.self) { try Crop.validated(x: 0.5, y: 0, width: 0.6, height: 1) }
        #expect(throws: CropError.self) { try Crop.validated(x: 0, y: 0, width: 0, height: 1) }
        #expect(throws: CropError.self) { try Crop.validated(x: .nan, y: 0, width: 1, height: 1) }
    }
}
