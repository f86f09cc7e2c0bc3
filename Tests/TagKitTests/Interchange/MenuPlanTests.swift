import Testing
@testable import TagKit

/// `Menu` and `MenuPlan`: reading a menu, and the one batch that makes a project say what it says.
@Suite struct MenuPlanTests {
    func dish(_ id: Int64, _ text: String, price: String? = nil, at x: Double = 0.3) -> Tag {
        Tag(id: TagID(id), kind: .dish, text: text, price: price, anchor: NormalizedPoint(x: x, y: 0.4), side: .right, labelEm: 3)
    }

    func photo(_ text: String) throws -> (MenuPhoto, Menu) {
        let menu = try Menu.parse(text, source: "menu.csv")
        return (try menu.photos(source: "menu.csv")[0], menu)
    }

    @Test func csvAndJSONLinesGiveTheSameRows() throws {
        let csv = try Menu.parse("\u{FEFF}Photo,Dish,Price,X,Y,Side,Key\r\n./a.jpg,\"Soup, hot\",12.5,0.25,0.5,LEFT,s1\r\n\r\nb//c.jpg, Tea ,,,,,\n",
                                 source: "m.csv")
        let jsonl = try Menu.parse("""
            {"photo":"./a.jpg","dish":"Soup, hot","price":"12.5","x":0.25,"y":0.5,"side":"left","key":"s1"}

            {"photo":"b//c.jpg","dish":" Tea ","price":null}
            """, source: "m.jsonl")
        #expect(csv.rows.map(\.photo) == ["a.jpg", "b/c.jpg"])
        #expect(csv.rows.map(\.dish) == ["Soup, hot", "Tea"])
        #expect(csv.rows.map(\.key) == ["s1", "Tea"], "without a key the dish's name is the key")
        #expect(csv.rows.map(\.line) == [2, 4])
        #expect(csv.rows[0].at == Position(x: .fraction(0.25), y: .fraction(0.5)) && csv.rows[0].side == .left)
        #expect(csv.rows[1].price == nil && csv.rows[1].at == nil && csv.rows[1].side == nil)
        #expect(jsonl.rows.map(\.photo) == csv.rows.map(\.photo) && jsonl.rows.map(\.dish) == csv.rows.map(\.dish))
        #expect(jsonl.rows.map(\.key) == csv.rows.map(\.key) && jsonl.rows.map(\.price) == csv.rows.map(\.price))
        #expect(jsonl.rows[0].at == csv.rows[0].at && jsonl.rows.map(\.line) == [1, 3])
        let plain = try Menu.parse("photo,dish\na.jpg,Soup\n", source: "m")
        #expect(csv.hasPrices && !plain.hasPrices)
    }

    @Test(arguments: [
        ("", 1, "the menu is empty"),
        ("photo,dish\n", 1, "the menu has a header but no dishes"),
        ("photo,name\n", 1, "unknown column 'name'"),
        ("photo,dish,photo\n", 1, "the column 'photo' is named twice"),
        ("photo,price\na.jpg,3\n", 1, "the header must name the columns photo and dish"),
        ("photo,dish\na.jpg,Soup,extra\n", 2, "3 fields where the header has 2"),
        ("photo,dish\n/etc/a.jpg,Soup\n", 2, "outside the photos folder"),
        ("photo,dish\nsub/,Soup\n", 2, "is a folder"),
        ("photo,dish,x,y\na.jpg,Soup,,0.5\n", 2, "x and y go together"),
        ("{\"photo\":\"a.jpg\"}\n", 1, "the row has no \"dish\""),
        ("{\"photo\":\"a.jpg\",\"dish\":\"S\",\"colour\":1}\n", 1, "unknown column 'colour'"),
        ("{\"photo\":\"a.jpg\",\"dish\":[1]}\n", 1, "\"dish\" must be a string or a number"),
        ("photo,dish\na.jpg,Soup\nb.jpg,Soup\na.jpg,Soup\n", 4, "the dish 'Soup' is on the photo 'a.jpg' twice (first on line 2)"),
    ] as [(String, Int, String)])
    func aBadMenuNamesItsLine(text: String, line: Int, reason: String) {
        #expect {
            try Menu.parse(text, source: "menu.csv")
        } throws: { error in
            guard let error = error as? MenuError else { return false }
            return error.line == line && error.reason.contains(reason) && error.message.hasPrefix("menu.csv line \(line): ")
        }
    }

    @Test func aDishNotThereIsAddedAndOneThatIsStaysAsItIs() throws {
        let (photo, _) = try photo("photo,dish,price,x,y\na.jpg,Soup,12,,\na.jpg,Tea,5,0.7,0.2\n")
        let plan = try photo.plan(tags: [dish(1, "Soup", price: "12")], settings: ProjectSettings(), prices: true, prune: false, source: "menu.csv")
        #expect(plan.requests == [.add(kind: .dish, text: "Tea", price: "5", at: Position(x: .fraction(0.7), y: .fraction(0.2)), side: nil)])
        #expect(plan.lines == [3])
        #expect(plan.label(source: "menu.csv") == "menu: 1 dish added (menu.csv)")
        #expect(plan.keyUpdate.keys(after: [TagChange(id: TagID(2), before: nil, after: dish(2, "Tea"))]) == ["Soup": TagID(1), "Tea": TagID(2)])
        let same = try photo.plan(tags: [dish(1, "Soup", price: "12"), dish(2, "Tea", price: "5")], settings: ProjectSettings(), prices: true,
                                  prune: false, source: "menu.csv")
        #expect(same.isEmpty && same.counts.phrase == "no changes")
    }

    @Test func aChangedPriceIsOneEditOfThatDishAndAPriceAsWrittenDiffersFromNone() throws {
        let (photo, _) = try photo("photo,dish,price\na.jpg,Soup,¥14.5\na.jpg,Tea,5.00\na.jpg,Rice,\n")
        let tags = [dish(1, "Soup", price: "12"), dish(2, "Tea", price: "5.00"), dish(3, "Rice", price: "2")]
        let plan = try photo.plan(tags: tags, settings: ProjectSettings(), prices: true, prune: false, source: "menu.csv")
        #expect(plan.requests == [.edit(TagID(1), text: nil, price: .set("14.50")), .edit(TagID(3), text: nil, price: .remove)])
        #expect(plan.lines == [2, 4])
        #expect(plan.label(source: "menu.csv") == "menu: 2 prices changed (menu.csv)")
        // Without a price column, prices are the project's business.
        let (plain, _) = try self.photo("photo,dish\na.jpg,Soup\na.jpg,Tea\na.jpg,Rice\n")
        #expect(try plain.plan(tags: tags, settings: ProjectSettings(), prices: false, prune: false, source: "m").isEmpty)
    }

    @Test func aPriceIsCheckedAgainstTheProjectsOwnFormat() throws {
        let (photo, _) = try photo("photo,dish,price\na.jpg,Soup,$12.50\n")
        var euro = ProjectSettings()
        euro.currency = "€"
        euro.priceFormat = PriceFormat(symbol: .after, spaced: true, decimalSeparator: ",")
        #expect(throws: MenuError.self) {
            try photo.plan(tags: [], settings: euro, prices: true, prune: false, source: "menu.csv")
        }
        let (ok, _) = try self.photo("photo,dish,price\na.jpg,Soup,\"12,50 €\"\n")
        let plan = try ok.plan(tags: [], settings: euro, prices: true, prune: false, source: "menu.csv")
        #expect(plan.requests == [.add(kind: .dish, text: "Soup", price: "12.50", at: nil, side: nil)])
    }

    @Test func aRememberedKeyFindsItsTagWhateverItsTextAndATextFindsAnUnclaimedOne() throws {
        let (photo, _) = try photo("photo,dish,key\na.jpg,Soup,s\na.jpg,Tea,t\n")
        // #1 was given "s" and renamed since; #2 says "Tea" but #3 was given "t".
        let tags = [dish(1, "Soupe"), dish(2, "Tea"), dish(3, "Thé")]
        let plan = try photo.plan(tags: tags, remembered: ["s": TagID(1), "t": TagID(3), "x": TagID(9)], settings: ProjectSettings(),
                                  prices: false, prune: true, source: "m")
        #expect(plan.requests == [.edit(TagID(1), text: "Soup", price: nil), .edit(TagID(3), text: "Tea", price: nil), .delete(TagID(2))])
        #expect(plan.counts == MenuPlan.Counts(prices: 0, texts: 2, added: 0, deleted: 1))
        #expect(plan.label(source: "m") == "menu: 2 dishes renamed, 1 dish deleted (m)")
        // Forgotten, the text decides: "Tea" is #2; "Soup" is new; #1 and #3 are off the menu.
        let fresh = try photo.plan(tags: tags, settings: ProjectSettings(), prices: false, prune: false, source: "m")
        #expect(fresh.requests == [.add(kind: .dish, text: "Soup", price: nil, at: nil, side: nil)])
        #expect(fresh.matched.map(\.id) == [TagID(2)])
    }

    @Test func pruneDeletesDishesNoRowClaimsButNeverAPriceTag() throws {
        let (photo, _) = try photo("photo,dish\na.jpg,Soup\n")
        let price = Tag(id: TagID(3), kind: .price, text: "38", anchor: .centre, side: .left, labelEm: 2)
        let tags = [dish(1, "Soup"), dish(2, "Old"), price]
        let kept = try photo.plan(tags: tags, settings: ProjectSettings(), prices: false, prune: false, source: "m")
        #expect(kept.isEmpty)
        let pruned = try photo.plan(tags: tags, settings: ProjectSettings(), prices: false, prune: true, source: "m")
        #expect(pruned.requests == [.delete(TagID(2))] && pruned.lines == [2])
    }

    @Test func photosOfOneProjectNameMustBeOneFile() throws {
        let menu = try Menu.parse("photo,dish\nduck.jpg,A\n./duck.jpg,B\nsoup.png,C\n", source: "m")
        let photos = try menu.photos(source: "m")
        #expect(photos.map(\.projectName) == ["duck.tagproj", "soup.tagproj"])
        #expect(photos[0].rows.map(\.dish) == ["A", "B"])
        let clash = try Menu.parse("photo,dish\nduck.jpg,A\nmains/duck.jpg,B\n", source: "m")
        #expect(throws: MenuError.self) { try clash.photos(source: "m") }
    }
}
