import Testing
@testable import TagKit

/// A dish tag carrying its price: one tag, one bubble, the price validated as a price tag's text,
/// measured as part of the label, named in the history labels, and carried by the JSON dialect.
@Suite struct DishPriceTests {
    let measurer = FixedWidthMeasurer()
    let empty = Document(size: PictureSize(width: 600, height: 400))

    func dish(_ price: String? = "38") throws -> EditOutcome {
        try empty.applying(.add(kind: .dish, text: "宫保鸡丁", price: price, at: NormalizedPoint(x: 0.3, y: 0.5), side: nil), measurer: measurer)
    }

    @Test func aDishAddedWithAPriceCarriesItCanonicallyAndIsMeasuredAsOneBubble() throws {
        let outcome = try dish("¥38.5")
        let tag = try #require(outcome.tag)
        #expect(tag.price == "38.50" && tag.text == "宫保鸡丁")
        #expect(tag.label(empty.settings) == "宫保鸡丁 ¥38.50")
        #expect(tag.labelParts(empty.settings) == ("宫保鸡丁", "¥38.50"))
        let expected = try measurer.labelEm("宫保鸡丁", font: "", language: .undetermined) + TagStyle.priceGapEm + measurer.labelEm("¥38.50", font: "", language: .undetermined)
        #expect(abs(tag.labelEm - expected) < 1e-12)
        #expect(outcome.entry.label == "add dish #1 “宫保鸡丁” ¥38.50")
        #expect(outcome.document.tags.count == 1)
    }

    @Test func aDishWithoutAPriceIsAsBefore() throws {
        let tag = try #require(try dish(nil).tag)
        #expect(tag.price == nil && tag.label(empty.settings) == "宫保鸡丁")
        #expect(tag.labelEm == (try measurer.labelEm("宫保鸡丁", font: "", language: .undetermined)))
    }

    @Test(arguments: [("abc", TagTextError.notAnAmount("abc")), ("", .emptyPrice), ("12,50", .separator("12,50", expected: "¥12.50")),
                      ("$3", .otherCurrency("$3", symbol: "$", expected: "¥12.50"))])
    func aPriceThatIsNotAnAmountIsRefused(_ raw: String, _ error: TagTextError) {
        #expect(throws: error) { try dish(raw) }
    }

    @Test func aPriceTagCannotCarryAPriceOfItsOwn() throws {
        #expect(throws: TagTextError.priceOfPriceTag) {
            try empty.applying(.add(kind: .price, text: "38", price: "40", at: nil, side: nil), measurer: measurer)
        }
        let document = try empty.applying(.add(kind: .price, text: "38", at: nil, side: nil), measurer: measurer).document
        for change in [PriceChange.set("40"), .remove] {
            #expect(throws: TagTextError.priceOfPriceTag) { try document.applying(.relabel(TagID(1), text: nil, price: change), measurer: measurer) }
        }
        #expect(TagTextError.priceOfPriceTag.advice != nil && TagTextError.priceOfPriceTag.meaning == .invalidRequest)
    }

    @Test func anEditSetsChangesAndRemovesThePriceWithLabelsSayingSo() throws {
        let start = try dish(nil).document
        let set = try start.applying(.relabel(TagID(1), text: nil, price: .set("38")), measurer: measurer)
        #expect(set.tag?.price == "38" && set.entry.label == "edit #1 price → ¥38")
        let changed = try set.document.applying(.relabel(TagID(1), text: nil, price: .set("42")), measurer: measurer)
        #expect(changed.tag?.price == "42" && changed.entry.label == "edit #1 price ¥38 → ¥42")
        #expect(changed.tag!.labelEm > (try start.tags[TagID(1)]!.labelEm))
        let both = try changed.document.applying(.relabel(TagID(1), text: "麻婆豆腐", price: .set("30")), measurer: measurer)
        #expect(both.tag?.text == "麻婆豆腐" && both.entry.label == "edit #1 “宫保鸡丁” → “麻婆豆腐”, price ¥42 → ¥30")
        let text = try both.document.applying(.setText(TagID(1), "Tea"), measurer: measurer)
        #expect(text.tag?.price == "30" && text.entry.label == "edit #1 “麻婆豆腐” → “Tea”", "a new text keeps the price")
        let removed = try text.document.applying(.relabel(TagID(1), text: nil, price: .remove), measurer: measurer)
        #expect(removed.tag?.price == nil && removed.entry.label == "edit #1 price removed")
        #expect(removed.tag?.labelEm == (try measurer.labelEm("Tea", font: "", language: .undetermined)))
        let deleted = try text.document.applying(.delete(TagID(1)), measurer: measurer)
        #expect(deleted.entry.label == "delete #1 “Tea” ¥30")
        #expect(throws: TagTextError.nothingToEdit) { try start.applying(.relabel(TagID(1), text: nil, price: nil), measurer: measurer) }
    }

    @Test func aNewPriceFormatMeasuresADishsPriceAgain() throws {
        let document = try dish("12.5").document
        var settings = document.settings
        settings.priceFormat = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")
        settings.currency = "€€€"
        let outcome = try document.applying(.setSettings(settings), measurer: measurer)
        let tag = try #require(outcome.document.tags[TagID(1)])
        #expect(tag.label(settings) == "宫保鸡丁 12,50 €€€")
        #expect(abs(tag.labelEm - (try measurer.labelEm(of: tag, settings: settings))) < 1e-12)
        #expect(tag.labelEm > document.tags[TagID(1)]!.labelEm)
    }

    @Test func theRequestsCarryThePriceAndReadBackAsWritten() throws {
        let requests: [Request] = [
            .add(kind: .dish, text: "宫保鸡丁", price: "38", at: nil, side: nil), .edit(TagID(1), text: nil, price: .set("42")),
            .edit(TagID(1), text: nil, price: .remove), .edit(TagID(1), text: "Tea", price: .set("3.50")), .edit(TagID(1), text: "Tea"),
        ]
        for request in requests {
            let text = RequestCodec.json(request).text
            #expect(try RequestCodec.request(from: JSONParser().parse(text)) == request, "\(text)")
        }
        #expect(RequestCodec.json(requests[0]).text == #"{"op":"add","kind":"dish","text":"宫保鸡丁","price":"38"}"#)
        #expect(RequestCodec.json(requests[2]).text == #"{"op":"edit","id":1,"price":null}"#)
        #expect(try RequestCodec.request(from: JSONParser().parse(#"{"op":"add","kind":"dish","text":"Tea","price":12}"#))
                == .add(kind: .dish, text: "Tea", price: "12", at: nil, side: nil))
        #expect { try RequestCodec.request(from: JSONParser().parse(#"{"op":"edit","id":1}"#)) } throws: {
            ($0 as? RequestCodingError)?.reason == #"an edit needs "text", "price" or both"#
        }
        #expect { try RequestCodec.request(from: JSONParser().parse(#"{"op":"add","kind":"dish","text":"Tea","price":true}"#)) } throws: {
            ($0 as? RequestCodingError)?.reason == #""price" must be a string such as "12.50""#
        }
    }

    @Test func listJSONWritesThePriceWithTwoDecimalsAndApplyReadsItBack() throws {
        let tag = Tag(id: TagID(1), kind: .dish, text: "宫保鸡丁", price: "38", anchor: .centre, side: .right, labelEm: 5)
        let plain = Tag(id: TagID(2), kind: .price, text: "12.50", anchor: .centre, side: .left, labelEm: 3)
        let listed = [tag, plain].json.text
        #expect(listed.contains(#""text":"宫保鸡丁","price":"38.00","x""#))
        #expect(!listed.contains(#""text":"12.50","price""#), "a price tag has no price key")
        let parsed = try EditScript.parse(listed)
        #expect(parsed.requests == [.add(kind: .dish, text: "宫保鸡丁", price: "38", at: Position(NormalizedPoint.centre), side: .right),
                                    .add(kind: .price, text: "12.50", at: Position(NormalizedPoint.centre), side: .left)])
        #expect(TagText.twoDecimals("12.50") == "12.50" && TagText.twoDecimals("0") == "0.00")
    }

    @Test func aCSVMayHaveAPriceColumn() throws {
        let parsed = try EditScript.parse("kind,text,price,x,y\ndish,Soup,12.5,0.2,0.3\ndish,Tea,,,\n")
        #expect(parsed.requests.map { request -> String? in
            if case let .add(_, _, price, _, _) = request { return price } else { return "?" }
        } == ["12.5", nil])
    }

    @Test func thePriceCountsForWhereTheBubbleFitsAndWhatItOverlaps() throws {
        // Near the right edge the name alone fits on the right; with its price the bubble does not.
        let at = NormalizedPoint(x: 0.867, y: 0.5)
        let alone = try empty.applying(.add(kind: .dish, text: "Tea", at: at, side: .right), measurer: measurer)
        #expect(alone.tag?.side == .right)
        #expect {
            try empty.applying(.add(kind: .dish, text: "Tea", price: "12.50", at: at, side: .right), measurer: measurer)
        } throws: { error in
            if case .sideDoesNotFit(_, .right, _, _)? = error as? PlacementError { return true } else { return false }
        }
        let placed = try empty.applying(.add(kind: .dish, text: "Tea", price: "12.50", at: NormalizedPoint(x: 0.3, y: 0.5), side: nil),
                                        measurer: measurer)
        #expect(placed.tag?.side == .right)
        let moved = try placed.document.applying(.move(TagID(1), .to(at)), measurer: nil)
        #expect(moved.tag?.side == .left && moved.tag?.anchor == at && moved.notices == [.sideChanged(TagID(1), .left)])
        // Free space keeps a second priced dish clear of the first's whole bubble.
        var document = try dish().document
        document = try document.applying(.add(kind: .dish, text: "麻婆豆腐", price: "30", at: nil, side: nil), measurer: measurer).document
        let boxes = document.tags.sorted.map { document.box(of: $0) }
        #expect(!Placement.overlap(boxes[0], boxes[1]))
        #expect(boxes[0].width > document.box(of: Tag(id: TagID(9), kind: .dish, text: "宫保鸡丁", anchor: .centre, side: .right,
                                                     labelEm: try measurer.labelEm("宫保鸡丁", font: "", language: .undetermined))).width)
    }
}
