extension EditScript {
    /// Rows of `kind,text,x,y[,side][,price]` under the header at `header`, each a tag to add.
    static func csv(_ lines: [String], header: Int) throws(EditScriptError) -> Parsed {
        let names = try fields(lines[header], line: header + 1).map { $0.trimmedSpaces.lowercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let kindColumn = column("kind"), let textColumn = column("text") else {
            throw EditScriptError(line: header + 1, reason: tr("the CSV header must name the columns kind,text,x,y (side and price optional)"))
        }
        let x = column("x"), y = column("y"), sideColumn = column("side"), priceColumn = column("price")
        var parsed = Parsed(requests: [], lines: [])
        for index in (header + 1)..<lines.count where !lines[index].trimmedSpaces.isEmpty {
            let line = index + 1
            let row = try fields(lines[index], line: line)
            guard row.count == names.count else {
                throw EditScriptError(line: line, reason: tr("{count} fields where the header has {header}", ["count": row.count, "header": names.count]))
            }
            guard let kind = Kind(rawValue: row[kindColumn].trimmedSpaces) else {
                throw EditScriptError(line: line, reason: tr("unknown kind '{name}'; a kind is dish or price", ["name": row[kindColumn]]))
            }
            var at: Position?
            let xs = x.map { row[$0].trimmedSpaces } ?? "", ys = y.map { row[$0].trimmedSpaces } ?? ""
            if !xs.isEmpty || !ys.isEmpty {
                at = try position(xs + "," + ys, line: line)
            }
            var side: Side?
            if let sideColumn, !row[sideColumn].trimmedSpaces.isEmpty {
                guard let s = Side(rawValue: row[sideColumn].trimmedSpaces) else {
                    throw EditScriptError(line: line, reason: tr("unknown side '{name}'; a side is left or right", ["name": row[sideColumn]]))
                }
                side = s
            }
            let price = priceColumn.map { row[$0].trimmedSpaces }.flatMap { $0.isEmpty ? nil : $0 }
            parsed.requests.append(.add(kind: kind, text: row[textColumn], price: price, at: at, side: side))
            parsed.lines.append(line)
        }
        guard !parsed.requests.isEmpty else { throw EditScriptError(line: header + 1, reason: tr("the CSV has a header but no rows")) }
        return parsed
    }

    /// The fields of one CSV line (RFC 4180 quoting: `"a, b"`, `""` inside quotes for `"`).
    static func fields(_ text: String, line: Int) throws(EditScriptError) -> [String] {
        var fields: [String] = [], current = "", quoted = false, index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            if quoted {
                if c == "\"" {
                    if index < text.endIndex, text[index] == "\"" { current.append("\""); index = text.index(after: index) } else { quoted = false }
                } else {
                    current.append(c)
                }
            } else if c == "\"" && current.trimmedSpaces.isEmpty {
                (current, quoted) = ("", true)
            } else if c == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        if quoted { throw EditScriptError(line: line, reason: tr("a quoted field is not closed")) }
        fields.append(current)
        return fields
    }
}
