/// A restaurant's menu as `tagproj menu` reads it: one row per dish, each naming the photo it is
/// on. Reading is pure (text in, rows out); every problem is found here, before any project is
/// touched, and names its line.
///
/// Two forms, told apart by the first non-blank character (a suffix is not needed, so standard
/// input works too):
/// - CSV (anything else): a header naming the columns, any order, then one dish per row; fields
///   may be quoted (`"Soup, hot"`, `""` for a quote). A UTF-8 byte order mark is skipped.
/// - JSON Lines (`{`): one object per line whose members are the columns
///   (`{"photo":"duck.jpg","dish":"Roast duck","price":38}`); prices and positions may be numbers.
///
/// Columns: `photo` and `dish` are required; `price`, `x`, `y`, `side` and `key` are optional;
/// any other column is an error naming it. Blank lines are skipped.
public struct Menu: Equatable, Sendable {
    /// A column a menu may have.
    public enum Column: String, CaseIterable, Sendable {
        case photo, dish, price, x, y, side, key
    }

    /// One dish of the menu.
    public struct Row: Equatable, Sendable {
        /// The 1-based line it is on.
        public var line: Int
        /// The photo's path inside the photos folder, as written (`mains/duck.jpg`), `./` and
        /// doubled slashes removed.
        public var photo: String
        /// The dish's name, by `TagText`'s rules (NFC, trimmed, 1 to 64 characters).
        public var dish: String
        /// The price as written (checked against each project's price format when planned); nil
        /// when the cell is empty or the menu has no price column.
        public var price: String?
        /// Where the dot goes when the dish is added (nil: free space); never used to move a tag.
        public var at: Position?
        /// The side the bubble takes when the dish is added (nil: placement chooses).
        public var side: Side?
        /// What matches the row to its tag: the `key` cell, or the dish's name when there is none.
        public var key: String
    }

    /// The rows, in the order of the text.
    public var rows: [Row]
    /// The columns the menu has.
    public var columns: Set<Column>

    /// Whether the menu says each dish's price: with a price column an empty cell removes a
    /// price; without one, prices are left as they are.
    public var hasPrices: Bool { columns.contains(.price) }

    /// The most bytes of menu `tagproj menu` reads.
    public static let maximumBytes = 16 << 20

    /// Reads `text`; `source` (`menu.csv`) names it in errors.
    /// - Throws: `MenuError` naming the first line that is not a dish.
    public static func parse(_ text: String, source: String) throws(MenuError) -> Menu {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
        guard let first = lines.firstIndex(where: { !$0.trimmedSpaces.isEmpty }) else {
            throw MenuError(source: source, line: 1, reason: tr("the menu is empty; it needs a header naming photo and dish"))
        }
        var cells: [(line: Int, cells: [Column: String])] = []
        let columns: Set<Column>
        if lines[first].trimmedSpaces.hasPrefix("{") {
            var seen = Set<Column>()
            for (index, line) in lines.enumerated() where !line.trimmedSpaces.isEmpty {
                let row = try jsonCells(line, line: index + 1, source: source)
                seen.formUnion(row.keys)
                cells.append((index + 1, row))
            }
            columns = seen
            for row in cells {
                for required in [Column.photo, .dish] where row.cells[required] == nil {
                    throw MenuError(source: source, line: row.line, reason: tr("the row has no \"{required}\"", ["required": required.rawValue]))
                }
            }
        } else {
            let header = try csvHeader(lines[first], line: first + 1, source: source)
            columns = Set(header)
            for index in (first + 1)..<lines.count where !lines[index].trimmedSpaces.isEmpty {
                let fields: [String]
                do { fields = try EditScript.fields(lines[index], line: index + 1) } catch {
                    throw MenuError(source: source, line: index + 1, reason: error.reason)
                }
                guard fields.count == header.count else {
                    throw MenuError(source: source, line: index + 1, reason: tr("{count} fields where the header has {header}", ["count": fields.count, "header": header.count]))
                }
                cells.append((index + 1, Dictionary(uniqueKeysWithValues: zip(header, fields))))
            }
        }
        guard !cells.isEmpty else { throw MenuError(source: source, line: first + 1, reason: tr("the menu has a header but no dishes")) }
        var rows: [Row] = []
        for (line, row) in cells { rows.append(try Self.row(row, line: line, source: source)) }
        let menu = Menu(rows: rows, columns: columns)
        try menu.checkKeys(source: source)
        return menu
    }

    /// The header's columns, each known and named once.
    static func csvHeader(_ text: String, line: Int, source: String) throws(MenuError) -> [Column] {
        let names: [String]
        do { names = try EditScript.fields(text, line: line).map { $0.trimmedSpaces.lowercased() } } catch {
            throw MenuError(source: source, line: line, reason: error.reason)
        }
        let unknown = names.filter { Column(rawValue: $0) == nil }
        if !unknown.isEmpty { throw MenuError(source: source, line: line, reason: unknownColumns(unknown)) }
        let columns = names.compactMap(Column.init(rawValue:))
        if let twice = columns.first(where: { c in columns.filter { $0 == c }.count > 1 }) {
            throw MenuError(source: source, line: line, reason: tr("the column '{column}' is named twice", ["column": twice.rawValue]))
        }
        for required in [Column.photo, .dish] where !columns.contains(required) {
            throw MenuError(source: source, line: line, reason: tr("the header must name the columns photo and dish (price, x, y, side and key are optional)"))
        }
        return columns
    }

    /// `unknown columns 'colour', 'size'; a menu has …`.
    static func unknownColumns(_ names: [String]) -> String {
        // TRANSLATORS: {names} are the unknown columns' names, quoted ('colour', 'size'); {columns} the known ones, not translated.
        trn("unknown column {names}; a menu's columns are {columns}", "unknown columns {names}; a menu's columns are {columns}", count: names.count,
            ["names": names.map { "'\($0)'" }.joined(separator: ", "), "columns": Column.allCases.map(\.rawValue).joined(separator: ", ")])
    }

    /// One JSON Lines row's cells: strings, or numbers written as JSON writes them.
    static func jsonCells(_ text: String, line: Int, source: String) throws(MenuError) -> [Column: String] {
        let value: JSON
        do { value = try JSONParser().parse(text) } catch { throw MenuError(source: source, line: line, reason: error.message) }
        guard case .object(let members) = value else { throw MenuError(source: source, line: line, reason: tr("a row is a JSON object")) }
        let unknown = members.map(\.0).filter { Column(rawValue: $0) == nil }
        if !unknown.isEmpty { throw MenuError(source: source, line: line, reason: unknownColumns(unknown)) }
        var cells: [Column: String] = [:]
        for (name, member) in members {
            let column = Column(rawValue: name)!
            guard cells[column] == nil else { throw MenuError(source: source, line: line, reason: tr("\"{name}\" is given twice", ["name": name])) }
            switch member {
            case .string(let s): cells[column] = s
            case .integer, .number: cells[column] = member.text
            case .null: cells[column] = ""
            default: throw MenuError(source: source, line: line, reason: tr("\"{name}\" must be a string or a number", ["name": name]))
            }
        }
        return cells
    }

    /// A row from its cells, each checked.
    static func row(_ cells: [Column: String], line: Int, source: String) throws(MenuError) -> Row {
        func fail(_ reason: String) -> MenuError { MenuError(source: source, line: line, reason: reason) }
        let photo = try photoPath(cells[.photo] ?? "", line: line, source: source)
        let dish: String
        do { dish = try TagText.validate(cells[.dish] ?? "", kind: .dish, currency: "") } catch {
            // TRANSLATORS: "dish" is the menu's column, not translated; {error} says what is wrong with the dish's name.
            throw fail(tr("dish: {error}", ["error": (error as? any TagProjError)?.message ?? "\(error)"]))
        }
        let price = (cells[.price]?.trimmedSpaces).flatMap { $0.isEmpty ? nil : $0 }
        var at: Position?
        let xs = cells[.x]?.trimmedSpaces ?? "", ys = cells[.y]?.trimmedSpaces ?? ""
        if !xs.isEmpty || !ys.isEmpty {
            guard !xs.isEmpty, !ys.isEmpty else { throw fail(tr("x and y go together: give both, or neither for free space")) }
            do { at = try Position.parse(xs + "," + ys) } catch { throw fail(RequestCodingError(positionError: error).message) }
        }
        var side: Side?
        if let s = cells[.side]?.trimmedSpaces, !s.isEmpty {
            guard let known = Side(rawValue: s.lowercased()) else { throw fail(tr("unknown side '{side}'; a side is left or right", ["side": s])) }
            side = known
        }
        var key = dish
        if let k = cells[.key].map(TagText.normalized), !k.isEmpty {
            guard !k.unicodeScalars.contains(where: TagText.isForbidden) else { throw fail(tr("the key contains a control character or line break")) }
            key = k
        }
        return Row(line: line, photo: photo, dish: dish, price: price, at: at, side: side, key: key)
    }

    /// `photo` as a path inside the photos folder: relative, without `..`, `./` and doubled
    /// slashes dropped; an absolute path or one leaving the folder is an error.
    static func photoPath(_ raw: String, line: Int, source: String) throws(MenuError) -> String {
        let text = raw.trimmedSpaces
        func fail(_ reason: String) -> MenuError { MenuError(source: source, line: line, reason: reason) }
        guard !text.isEmpty else { throw fail(tr("the photo is empty")) }
        guard !text.unicodeScalars.contains(where: TagText.isForbidden) else { throw fail(tr("the photo's name contains a control character")) }
        guard !text.hasPrefix("/") else { throw fail(tr("the photo '{text}' is outside the photos folder; name it relative to that folder", ["text": text])) }
        let parts = text.split(separator: "/").filter { $0 != "." }
        guard !parts.contains("..") else { throw fail(tr("the photo '{text}' is outside the photos folder; name it relative to that folder", ["text": text])) }
        guard !parts.isEmpty, !text.hasSuffix("/") else { throw fail(tr("the photo '{text}' is a folder, not a file", ["text": text])) }
        return parts.joined(separator: "/")
    }

    /// Refuses a key given twice for one photo.
    func checkKeys(source: String) throws(MenuError) {
        var first: [String: [String: Int]] = [:]
        for row in rows {
            if let earlier = first[row.photo]?[row.key] {
                let arguments: MessageArguments = ["key": row.key, "photo": row.photo, "line": earlier]
                throw MenuError(source: source, line: row.line, reason: columns.contains(.key)
                    ? tr("the key '{key}' is on the photo '{photo}' twice (first on line {line}); each dish of a photo needs its own key", arguments)
                    : tr("the dish '{key}' is on the photo '{photo}' twice (first on line {line}); each dish of a photo needs its own key", arguments))
            }
            first[row.photo, default: [:]][row.key] = row.line
        }
    }
}

/// A line of a menu that is not a dish, or a menu that cannot be carried out as it stands:
/// nothing is written anywhere.
public struct MenuError: TagProjError, Equatable {
    /// The menu's name, as errors show it (`menu.csv`).
    public let source: String
    /// The 1-based line.
    public let line: Int
    /// What is wrong with it.
    public let reason: String
    /// Bad input is a usage error, as a bad option value is; a photo that is not there is missing input.
    public var meaning: ErrorMeaning = .invalidRequest

    /// An error on `line` of `source`.
    public init(source: String, line: Int, reason: String, meaning: ErrorMeaning = .invalidRequest) {
        (self.source, self.line, self.reason, self.meaning) = (source, line, reason, meaning)
    }

    /// `menu.csv line 3: unknown side 'up'; a side is left or right`.
    public var message: String {
        // TRANSLATORS: {source} is the menu's file name; {reason} what is wrong on that line.
        tr("{source} line {line}: {reason}", ["source": source, "line": line, "reason": reason])
    }
}
