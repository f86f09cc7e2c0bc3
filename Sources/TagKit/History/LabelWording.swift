/// What a history entry did, kept so that its label is worded when it is read, in the reader's
/// language (`text`, with `tr`), not once in English when the edit was made.
///
/// Stored beside the English label (`history.wording`, migration 015) as compact JSON with a
/// version (`encoded`): `{"v":1,"do":"move","id":3,"to":"0.400,0.520"}`. The arguments are kept
/// as the label showed them when the edit was made (a price as the project's format wrote it
/// then, a point to three decimals), so the worded label says what the English one says. An entry
/// stored by an older tagproj has none and shows its stored label; so does a wording this
/// version cannot read (a newer one's).
///
/// Under `LC_ALL=C` (`MessageLanguage.english`), `text` is exactly the label older versions
/// stored: `english` is what the `label` column keeps.
public enum LabelWording: Equatable, Sendable {
    /// `add dish #3 “宫保鸡丁” ¥38`: the new tag, its text and, for a dish, its price as drawn.
    case add(kind: Kind, id: TagID, text: String, price: String?)
    /// `move #3 to 0.400,0.520`: where the dot ended up.
    case move(id: TagID, to: String)
    /// `move #3: nothing changed, still at 0.989,0.500` (said, never stored).
    case moveUnchanged(id: TagID, at: String)
    /// `flip #2`.
    case flip(id: TagID)
    /// `edit #3 “Soup” → “Tea”, price ¥38 → ¥42`: the text's change when it was edited, the
    /// price's when it was (from nil: set where there was none; to nil: removed).
    case edit(id: TagID, text: TextChange?, price: PriceChange?)
    /// `delete #3 “宫保鸡丁” ¥38`: the tag as it was.
    case delete(id: TagID, text: String, price: String?)
    /// `set currency “$”, tag scale 1.5`: the settings changed, in order; none: `set nothing new`.
    case set([SettingChange])
    /// `arrange 3 tags`.
    case arrange(count: Int)
    /// `arrange: nothing overlapped` (said, never stored).
    case arrangeNothingOverlapped
    /// `arrange: no overlap could be resolved` (said, never stored).
    case arrangeUnresolved
    /// `apply 3 edits from menu.csv` (`, replacing every tag`).
    case batch(count: Int, source: String, replacing: Bool)
    /// A batch with a name its front end gave it: shown as given, in every language.
    case named(String)
    /// `menu: 2 prices changed, 1 dish added (menu.csv)`: what `tagproj menu` changed.
    case menu(MenuChanges, source: String)
    /// `restore #4`: the entry whose state was restored (0: the empty start).
    case restore(target: Int64)
    /// `refresh fonts`.
    case refreshFonts

    /// A text edited: from what to what (each as the label showed it).
    public struct TextChange: Equatable, Sendable {
        public var from: String
        public var to: String
        public init(from: String, to: String) { self.from = from; self.to = to }
    }

    /// A dish's price edited: nil `from` when it had none, nil `to` when it was removed.
    public struct PriceChange: Equatable, Sendable {
        public var from: String?
        public var to: String?
        public init(from: String?, to: String?) { self.from = from; self.to = to }
    }

    /// One setting a `set` changed, with its new value as the label shows it.
    public enum SettingChange: Equatable, Sendable {
        /// `currency “$”`.
        case currency(String)
        /// `font “Noto Serif”`; empty for the default font (`font “default”`).
        case font(String)
        /// `language zh-Hans`.
        case language(String)
        /// `prices as ¥12.50`: the format's example.
        case prices(String)
        /// `tag scale 1.5`.
        case tagScale(String)
        /// `crop 0.125,0,0.75,1` (`none` for the whole picture).
        case crop(String)
        /// `crop square`: the centred square.
        case cropSquare
    }

    /// How many tags each kind of change of `tagproj menu` touched.
    public struct MenuChanges: Equatable, Sendable {
        public var prices: Int, texts: Int, added: Int, deleted: Int
        public init(prices: Int, texts: Int, added: Int, deleted: Int) {
            (self.prices, self.texts, self.added, self.deleted) = (prices, texts, added, deleted)
        }
    }
}

// MARK: Wording

extension LabelWording {
    /// The label in the current language (`Messages.current`).
    public var text: String {
        switch self {
        case let .add(kind, id, text, price):
            switch (kind, price) {
            case (.dish, nil):
                // TRANSLATORS: a history entry: a dish tag (the dish's name) added. {id} is the tag's id, such as #3;
                // {text} the dish's name.
                return tr("add dish {id} “{text}”", ["id": id, "text": text])
            case (.dish, let price?):
                // TRANSLATORS: a history entry: a dish tag added with its price. {id} is the tag's id, such as #3;
                // {text} the dish's name; {price} its price as drawn, such as ¥38.
                return tr("add dish {id} “{text}” {price}", ["id": id, "text": text, "price": price])
            case (.price, _):
                // TRANSLATORS: a history entry: a price tag added. {id} is the tag's id, such as #3; {text} the price as
                // drawn, such as ¥38.
                return tr("add price {id} “{text}”", ["id": id, "text": text])
            }
        case let .move(id, point):
            // TRANSLATORS: a history entry: a tag moved. {id} is the tag's id, such as #3; {point} where its dot ended
            // up, as x,y fractions of the picture (0.400,0.520).
            return tr("move {id} to {point}", ["id": id, "point": point])
        case let .moveUnchanged(id, point):
            // TRANSLATORS: said when a move left the tag where it was (an arrow key at the picture's edge). {id} is the
            // tag's id; {point} where its dot is, as x,y fractions of the picture.
            return tr("move {id}: nothing changed, still at {point}", ["id": id, "point": point])
        case let .flip(id):
            // TRANSLATORS: a history entry: a tag's bubble flipped to the other side of its dot. {id} is the tag's id.
            return tr("flip {id}", ["id": id])
        case let .edit(id, text, price):
            return Self.edit(id, text, price)
        case let .delete(id, text, price):
            if let price {
                // TRANSLATORS: a history entry: a dish tag deleted. {id} is the tag's id; {text} the dish's name;
                // {price} its price as drawn, such as ¥38.
                return tr("delete {id} “{text}” {price}", ["id": id, "text": text, "price": price])
            }
            // TRANSLATORS: a history entry: a tag deleted. {id} is the tag's id; {text} what it said (a dish's name or
            // a price).
            return tr("delete {id} “{text}”", ["id": id, "text": text])
        case let .set(changes):
            guard !changes.isEmpty else {
                // TRANSLATORS: a history entry: `set` asked for the settings the project already had.
                return tr("set nothing new")
            }
            // TRANSLATORS: a history entry: project settings changed. {changes} is a list of them, such as
            // “currency “$”, tag scale 1.5”.
            return tr("set {changes}", ["changes": Self.list(changes.map(\.text))])
        case let .arrange(count):
            // TRANSLATORS: a history entry: `arrange` moved or flipped {count} tags so that they overlap less.
            return trn("arrange {count} tag", "arrange {count} tags", count: count)
        case .arrangeNothingOverlapped:
            // TRANSLATORS: said when `arrange` found no tags overlapping, so it did nothing.
            return tr("arrange: nothing overlapped")
        case .arrangeUnresolved:
            // TRANSLATORS: said when `arrange` found overlapping tags but could move none of them apart.
            return tr("arrange: no overlap could be resolved")
        case let .batch(count, source, replacing):
            if replacing {
                // TRANSLATORS: a history entry: many edits read from a file done as one step, after deleting every
                // tag. {source} is the file's name (or "stdin"); keep it untranslated.
                return trn("apply {count} edit from {source}, replacing every tag", "apply {count} edits from {source}, replacing every tag",
                           count: count, ["source": source])
            }
            // TRANSLATORS: a history entry: many edits read from a file done as one step. {source} is the file's
            // name (or "stdin"); keep it untranslated.
            return trn("apply {count} edit from {source}", "apply {count} edits from {source}", count: count, ["source": source])
        case let .named(name):
            return name
        case let .menu(changes, source):
            // TRANSLATORS: a history entry: `tagproj menu` brought the tags in line with a menu file. {changes} is
            // a list such as “2 prices changed, 1 dish added”; {source} the menu file's name.
            return tr("menu: {changes} ({source})", ["changes": changes.text, "source": source])
        case let .restore(target):
            // TRANSLATORS: a history entry: the project went back to the state after entry {entry} (such as #4;
            // #0 is the empty start), as a new entry.
            return tr("restore {entry}", ["entry": "#\(target)"])
        case .refreshFonts:
            // TRANSLATORS: a history entry: every tag measured again with the fonts installed now.
            return tr("refresh fonts")
        }
    }

    /// The label in English, as the `label` column stores it and `--json` shows it.
    public var english: String { Messages.speaking(.english) { text } }

    /// What a front end says once the entry is made, where that is not the label itself: a batch
    /// from a file is `applied 3 edits from menu.csv`. Nil for every other entry (the label is said).
    public var said: String? {
        guard case let .batch(count, source, replacing) = self else { return nil }
        if replacing {
            // TRANSLATORS: said after many edits read from a file were done as one step, after deleting every tag.
            // {source} is the file's name (or "stdin").
            return trn("applied {count} edit from {source}, replacing every tag", "applied {count} edits from {source}, replacing every tag",
                       count: count, ["source": source])
        }
        // TRANSLATORS: said after many edits read from a file were done as one step. {source} is the file's name
        // (or "stdin").
        return trn("applied {count} edit from {source}", "applied {count} edits from {source}", count: count, ["source": source])
    }

    /// `edit #3 …`: one message per shape of what changed.
    private static func edit(_ id: TagID, _ text: TextChange?, _ price: PriceChange?) -> String {
        switch (text, price) {
        case (let text?, nil):
            // TRANSLATORS: a history entry: a tag's text changed. {id} is the tag's id; {from} and {to} the old and
            // new text.
            return tr("edit {id} “{from}” → “{to}”", ["id": id, "from": text.from, "to": text.to])
        case (nil, let price?):
            switch (price.from, price.to) {
            case (_, nil):
                // TRANSLATORS: a history entry: a dish's price removed. {id} is the tag's id.
                return tr("edit {id} price removed", ["id": id])
            case (nil, let to?):
                // TRANSLATORS: a history entry: a price given to a dish that had none. {id} is the tag's id; {to} the
                // price as drawn, such as ¥42.
                return tr("edit {id} price → {to}", ["id": id, "to": to])
            case (let from?, let to?):
                // TRANSLATORS: a history entry: a dish's price changed. {id} is the tag's id; {from} and {to} the old
                // and new price as drawn, such as ¥38 and ¥42.
                return tr("edit {id} price {from} → {to}", ["id": id, "from": from, "to": to])
            }
        case (let text?, let price?):
            switch (price.from, price.to) {
            case (_, nil):
                // TRANSLATORS: a history entry: a dish renamed and its price removed. {id} is the tag's id; {from}
                // and {to} the old and new name.
                return tr("edit {id} “{from}” → “{to}”, price removed", ["id": id, "from": text.from, "to": text.to])
            case (nil, let to?):
                // TRANSLATORS: a history entry: a dish renamed and given a price. {id} is the tag's id; {from} and
                // {to} the old and new name; {price} the new price as drawn.
                return tr("edit {id} “{from}” → “{to}”, price → {price}", ["id": id, "from": text.from, "to": text.to, "price": to])
            case (let was?, let now?):
                // TRANSLATORS: a history entry: a dish renamed and its price changed. {id} is the tag's id; {from}
                // and {to} the old and new name; {old_price} and {new_price} the old and new price as drawn.
                return tr("edit {id} “{from}” → “{to}”, price {old_price} → {new_price}",
                          ["id": id, "from": text.from, "to": text.to, "old_price": was, "new_price": now])
            }
        case (nil, nil):
            // An edit changes its text or its price (`TagTextError.nothingToEdit`); a stored wording
            // saying neither is read as nothing this version knows.
            return tr("edit {id}", ["id": id])
        }
    }

    /// Items of a label's list (`currency “$”, tag scale 1.5`), in order.
    static func list(_ items: [String]) -> String {
        // TRANSLATORS: what stands between the items of a list inside a history entry's label, such as the
        // settings a `set` changed (“currency “$”, tag scale 1.5”). In Chinese, “，”.
        items.joined(separator: trc("separator of a list in a history label", ", "))
    }
}

extension LabelWording.SettingChange {
    /// `currency “$”`, `font “default”`, `prices as ¥12.50`… in the current language.
    var text: String {
        switch self {
        case .currency(let symbol):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the currency symbol.
            return tr("currency “{currency}”", ["currency": symbol])
        case .font(let family) where family.isEmpty:
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the font family, back to the default.
            return tr("font “default”")
        case .font(let family):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the font family, by its name.
            return tr("font “{font}”", ["font": family])
        case .language(let tag):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the language of the tags' text,
            // {language} a BCP 47 tag such as zh-Hans.
            return tr("language {language}", ["language": tag])
        case .prices(let example):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the price format, {example} a
            // price written in it, such as ¥12.50 or 12,50 €.
            return tr("prices as {example}", ["example": example])
        case .tagScale(let scale):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: how large tags are drawn, {scale}
            // a number such as 1.5.
            return tr("tag scale {scale}", ["scale": scale])
        case .crop(let crop):
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the part of the photo used, {crop}
            // as x,y,width,height fractions, or "none" for the whole photo (keep "none" untranslated).
            return tr("crop {crop}", ["crop": crop])
        case .cropSquare:
            // TRANSLATORS: one setting a `set` changed, in a history entry's list: the photo cropped to the centred square.
            return tr("crop square")
        }
    }
}

extension LabelWording.MenuChanges {
    /// `2 prices changed, 1 dish added`; `no changes` when there are none: in the current language.
    public var text: String {
        var parts: [String] = []
        if prices > 0 {
            // TRANSLATORS: part of a `tagproj menu` history entry: how many dishes' prices changed.
            parts.append(trn("{count} price changed", "{count} prices changed", count: prices))
        }
        if texts > 0 {
            // TRANSLATORS: part of a `tagproj menu` history entry: how many dishes were renamed.
            parts.append(trn("{count} dish renamed", "{count} dishes renamed", count: texts))
        }
        if added > 0 {
            // TRANSLATORS: part of a `tagproj menu` history entry: how many dishes were added.
            parts.append(trn("{count} dish added", "{count} dishes added", count: added))
        }
        if deleted > 0 {
            // TRANSLATORS: part of a `tagproj menu` history entry: how many dishes were deleted.
            parts.append(trn("{count} dish deleted", "{count} dishes deleted", count: deleted))
        }
        // TRANSLATORS: part of a `tagproj menu` history entry when the menu changed nothing.
        return parts.isEmpty ? trc("what a menu changed, in a history label", "no changes") : LabelWording.list(parts)
    }
}

// MARK: Storage

extension LabelWording {
    /// The version of `encoded`'s form; a reader refuses (reads as none) any other.
    static let version: Int64 = 1

    /// The compact JSON the `history.wording` column keeps.
    public var encoded: String {
        var members: [(String, JSON)] = [("v", .integer(Self.version))]
        func add(_ key: String, _ value: String?) { if let value { members.append((key, .string(value))) } }
        func add(_ id: TagID) { members.append(("id", .integer(id.rawValue))) }
        switch self {
        case let .add(kind, id, text, price):
            members += [("do", .string("add")), ("kind", .string(kind.rawValue))]
            add(id); add("text", text); add("price", price)
        case let .move(id, point):
            members.append(("do", .string("move"))); add(id); add("to", point)
        case let .moveUnchanged(id, point):
            members.append(("do", .string("move_unchanged"))); add(id); add("at", point)
        case let .flip(id):
            members.append(("do", .string("flip"))); add(id)
        case let .edit(id, text, price):
            members.append(("do", .string("edit"))); add(id)
            if let text { members.append(("text", .array([.string(text.from), .string(text.to)]))) }
            if let price { members.append(("price", .array([price.from.map(JSON.string) ?? .null, price.to.map(JSON.string) ?? .null]))) }
        case let .delete(id, text, price):
            members.append(("do", .string("delete"))); add(id); add("text", text); add("price", price)
        case let .set(changes):
            members += [("do", .string("set")), ("changes", .array(changes.map { change in
                switch change {
                case .currency(let value): .array([.string("currency"), .string(value)])
                case .font(let value): .array([.string("font"), .string(value)])
                case .language(let value): .array([.string("language"), .string(value)])
                case .prices(let value): .array([.string("prices"), .string(value)])
                case .tagScale(let value): .array([.string("tag_scale"), .string(value)])
                case .crop(let value): .array([.string("crop"), .string(value)])
                case .cropSquare: .array([.string("crop_square")])
                }
            }))]
        case let .arrange(count):
            members += [("do", .string("arrange")), ("count", .integer(Int64(count)))]
        case .arrangeNothingOverlapped:
            members.append(("do", .string("arrange_nothing_overlapped")))
        case .arrangeUnresolved:
            members.append(("do", .string("arrange_unresolved")))
        case let .batch(count, source, replacing):
            members += [("do", .string("batch")), ("count", .integer(Int64(count))), ("source", .string(source)), ("replacing", .bool(replacing))]
        case let .named(name):
            members += [("do", .string("named")), ("name", .string(name))]
        case let .menu(changes, source):
            members += [("do", .string("menu")), ("prices", .integer(Int64(changes.prices))), ("texts", .integer(Int64(changes.texts))),
                        ("added", .integer(Int64(changes.added))), ("deleted", .integer(Int64(changes.deleted))), ("source", .string(source))]
        case let .restore(target):
            members += [("do", .string("restore")), ("target", .integer(target))]
        case .refreshFonts:
            members.append(("do", .string("refresh_fonts")))
        }
        return JSON.object(members).text
    }

    /// The longest `encoded` a project may hold (a label quotes at most two tag texts, two prices).
    static let maximumEncodedBytes = 8192

    /// The wording `encoded` holds; nil for text that is not one this version writes (damaged, or
    /// a newer version's), which the reader shows as the stored label instead.
    public init?(encoded: String) {
        guard encoded.utf8.count <= Self.maximumEncodedBytes, case .object(let members)? = try? JSONParser().parse(encoded) else { return nil }
        var fields: [String: JSON] = [:]
        for (key, value) in members { fields[key] = value }
        guard case .integer(Self.version)? = fields["v"], case .string(let action)? = fields["do"] else { return nil }
        func string(_ key: String) -> String? {
            guard case .string(let value)? = fields[key], Self.isShowable(value) else { return nil }
            return value
        }
        func count(_ key: String) -> Int? {
            guard case .integer(let value)? = fields[key], value >= 0, value < 1 << 53 else { return nil }
            return Int(value)
        }
        let id: TagID? = {
            guard case .integer(let value)? = fields["id"], value >= 1, value < 1 << 53 else { return nil }
            return TagID(value)
        }()
        func optionalString(_ value: JSON) -> String?? {
            switch value {
            case .null: return .some(nil)
            case .string(let text) where Self.isShowable(text): return .some(text)
            default: return nil
            }
        }
        switch action {
        case "add":
            guard let id, let kindName = string("kind"), let kind = Kind(rawValue: kindName), let text = string("text") else { return nil }
            if fields["price"] != nil, string("price") == nil { return nil }
            self = .add(kind: kind, id: id, text: text, price: string("price"))
        case "move":
            guard let id, let point = string("to") else { return nil }
            self = .move(id: id, to: point)
        case "move_unchanged":
            guard let id, let point = string("at") else { return nil }
            self = .moveUnchanged(id: id, at: point)
        case "flip":
            guard let id else { return nil }
            self = .flip(id: id)
        case "edit":
            guard let id else { return nil }
            var text: TextChange?, price: PriceChange?
            if let value = fields["text"] {
                guard case .array(let pair) = value, pair.count == 2, case .string(let from) = pair[0], case .string(let to) = pair[1],
                      Self.isShowable(from), Self.isShowable(to) else { return nil }
                text = TextChange(from: from, to: to)
            }
            if let value = fields["price"] {
                guard case .array(let pair) = value, pair.count == 2, let from = optionalString(pair[0]), let to = optionalString(pair[1])
                else { return nil }
                price = PriceChange(from: from, to: to)
            }
            guard text != nil || price != nil else { return nil }
            self = .edit(id: id, text: text, price: price)
        case "delete":
            guard let id, let text = string("text") else { return nil }
            if fields["price"] != nil, string("price") == nil { return nil }
            self = .delete(id: id, text: text, price: string("price"))
        case "set":
            guard case .array(let items)? = fields["changes"] else { return nil }
            var changes: [SettingChange] = []
            for item in items {
                guard case .array(let pair) = item, case .string(let name)? = pair.first else { return nil }
                if name == "crop_square", pair.count == 1 { changes.append(.cropSquare); continue }
                guard pair.count == 2, case .string(let value) = pair[1], Self.isShowable(value) else { return nil }
                switch name {
                case "currency": changes.append(.currency(value))
                case "font": changes.append(.font(value))
                case "language": changes.append(.language(value))
                case "prices": changes.append(.prices(value))
                case "tag_scale": changes.append(.tagScale(value))
                case "crop": changes.append(.crop(value))
                default: return nil
                }
            }
            self = .set(changes)
        case "arrange":
            guard let n = count("count") else { return nil }
            self = .arrange(count: n)
        case "arrange_nothing_overlapped": self = .arrangeNothingOverlapped
        case "arrange_unresolved": self = .arrangeUnresolved
        case "batch":
            guard let n = count("count"), let source = string("source"), case .bool(let replacing)? = fields["replacing"] else { return nil }
            self = .batch(count: n, source: source, replacing: replacing)
        case "named":
            guard let name = string("name") else { return nil }
            self = .named(name)
        case "menu":
            guard let prices = count("prices"), let texts = count("texts"), let added = count("added"), let deleted = count("deleted"),
                  let source = string("source") else { return nil }
            self = .menu(MenuChanges(prices: prices, texts: texts, added: added, deleted: deleted), source: source)
        case "restore":
            guard case .integer(let target)? = fields["target"], target >= 0, target < 1 << 53 else { return nil }
            self = .restore(target: target)
        case "refresh_fonts": self = .refreshFonts
        default: return nil
        }
    }

    /// Whether a string read back may reach a terminal: no control characters or line breaks, and
    /// no longer than a label may be.
    private static func isShowable(_ text: String) -> Bool {
        text.utf8.count <= 4096 && TagText.isPrintableName(text)
    }
}

/// A history entry's label as it is read back: the English the project stores (what `--json`
/// shows, in every language) and, when the entry was stored with it, what the entry did, worded
/// in the reader's language when shown (`description`, so `"\(label)"` and message arguments
/// word it). Two labels are equal when their stored English is.
public struct EntryLabel: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The label as stored: English, or whatever an older version stored.
    public var stored: String
    /// What the entry did, when it was stored with it.
    public var wording: LabelWording?

    /// The label `stored`, worded from `wording` when there is one.
    public init(_ stored: String, wording: LabelWording? = nil) { self.stored = stored; self.wording = wording }

    /// A label made now from `wording`: its English is stored.
    public init(_ wording: LabelWording) { self.init(wording.english, wording: wording) }

    /// A label with no wording, shown as it is.
    public init(stringLiteral value: String) { self.init(value) }

    /// The label in the current language (`Messages.current`); the stored text when the entry has
    /// no wording (an older version made it).
    public var description: String { wording?.text ?? stored }

    /// What a front end says once the entry is made: `applied 3 edits from menu.csv` for a batch
    /// from a file, else the label (in the current language).
    public var said: String {
        switch wording {
        case let wording?:
            if let said = wording.said { return said }
            guard case .named = wording else { return wording.text }
        case nil: break
        }
        // A label without wording, or a batch's own name: what older versions said.
        return stored.hasPrefix("apply ") && stored.contains(" from ") ? "applied " + stored.dropFirst(6) : stored
    }

    public static func == (a: EntryLabel, b: EntryLabel) -> Bool { a.stored == b.stored }
    public func hash(into hasher: inout Hasher) { hasher.combine(stored) }
}
