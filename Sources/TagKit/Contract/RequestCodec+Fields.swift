// Fields: the reader of a JSON object's typed members that RequestCodec (and EditScript) read
// requests and answers with.

/// The members of one JSON object, read by name with the codec's errors.
struct Fields {
    let members: [(String, JSON)]

    init(_ members: [(String, JSON)]) { self.members = members }

    func value(_ key: String) -> JSON? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return v
    }

    func string(_ key: String) throws(RequestCodingError) -> String {
        guard let s = try optionalString(key) else { throw RequestCodingError(tr("\"{key}\" must be a string", ["key": key])) }
        return s
    }

    func optionalString(_ key: String) throws(RequestCodingError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw RequestCodingError(tr("\"{key}\" must be a string", ["key": key])) }
        return s
    }

    func number(_ key: String) throws(RequestCodingError) -> Double? {
        switch value(key) {
        case nil: return nil
        case .integer(let i)?: return Double(i)
        case .number(let d)?: return d
        default: throw RequestCodingError(tr("\"{key}\" must be a number", ["key": key]))
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(RequestCodingError) -> Int? {
        guard let v = value(key) else { return nil }
        guard case .integer(let i) = v, let n = Int(exactly: i), range.contains(n) else {
            throw RequestCodingError(tr("\"{key}\" must be a whole number from {lowest} to {highest}", ["key": key, "lowest": range.lowerBound, "highest": range.upperBound]))
        }
        return n
    }

    func bool(_ key: String) throws(RequestCodingError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw RequestCodingError(tr("\"{key}\" must be true or false", ["key": key])) }
        return b
    }

    func id() throws(RequestCodingError) -> TagID {
        guard case .integer(let raw)? = value("id"), raw >= 1 else {
            throw RequestCodingError(tr("\"id\" must be a tag id (a positive whole number)"))
        }
        return TagID(raw)
    }

    func kind() throws(RequestCodingError) -> Kind {
        let name = try string("kind")
        guard let kind = Kind(rawValue: name) else { throw RequestCodingError(tr("unknown kind '{name}'; a kind is dish or price", ["name": name])) }
        return kind
    }

    /// A dish's `price` as written: a string (`"38"`, `"¥12.50"`) or a number; nil when absent or null.
    func price() throws(RequestCodingError) -> String? {
        switch value("price") {
        case nil: return nil
        case .string(let s)?: return s
        case .integer(let i)?: return String(i)
        case .number(let d)?: return String(d)
        default: throw RequestCodingError(tr("\"price\" must be a string such as \"12.50\""))
        }
    }

    /// An edit's `price`: `.set` for an amount, `.remove` for `null`, nil when absent.
    func priceChange() throws(RequestCodingError) -> PriceChange? {
        guard let member = members.first(where: { $0.0 == "price" }) else { return nil }
        if case .null = member.1 { return .remove }
        return try price().map(PriceChange.set)
    }

    func side() throws(RequestCodingError) -> Side? {
        guard let name = try optionalString("side") else { return nil }
        guard let side = Side(rawValue: name) else { throw RequestCodingError(tr("unknown side '{name}'; a side is left or right", ["name": name])) }
        return side
    }

    /// `key` as a position string (`"0.3,0.4"`, `"920px,800px"`), by `Position`'s rules.
    func position(_ key: String, offset: Bool = false) throws(RequestCodingError) -> Position? {
        guard let v = value(key) else { return nil }
        guard case .string(let text) = v else { throw RequestCodingError(tr("\"{key}\" must be a string such as \"0.3,0.4\"", ["key": key])) }
        do { return try Position.parse(text, offset: offset) } catch { throw RequestCodingError(positionError: error) }
    }

    /// `at` as a position string, or the `x` and `y` numbers (fractions, by `Position`'s range rule).
    func point() throws(RequestCodingError) -> Position? {
        if let at = try position("at") { return at }
        switch (try number("x"), try number("y")) {
        case (nil, nil): return nil
        case (let x?, let y?):
            do { return try Position.fractions(x, y) } catch { throw RequestCodingError(positionError: error) }
        default: throw RequestCodingError(tr("give both \"x\" and \"y\""))
        }
    }

    /// An export request's options, checked by `ExportOptions.validate()` when carried out.
    func exportOptions() throws(RequestCodingError) -> ExportOptions {
        var options = ExportOptions()
        if let name = try optionalString("format") {
            do { options.format = try ExportOptions.format(named: name) } catch { throw RequestCodingError(error.message) }
        }
        options.quality = try integer("quality", in: Int.min...Int.max)
        options.dpi = try integer("dpi", in: Int.min...Int.max)
        options.lossless = try bool("lossless") ?? false
        options.reencode = try bool("reencode") ?? false
        if let n = try integer("max_pixels", in: Int.min...Int.max) { options.maxPixels = n }
        if let n = try integer("png_compression", in: Int.min...Int.max) { options.pngCompression = n }
        var sizes: [ExportSize] = []
        if let s = try number("scale") { sizes.append(.scale(s)) }
        if let n = try integer("width", in: Int.min...Int.max) { sizes.append(.width(n)) }
        if let n = try integer("height", in: Int.min...Int.max) { sizes.append(.height(n)) }
        if let n = try integer("max_size", in: Int.min...Int.max) { sizes.append(.maxSize(n)) }
        if let box = try optionalString("box") {
            let parts = box.split(separator: "x").map { Int($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1] else { throw RequestCodingError(tr("\"box\" must be WIDTHxHEIGHT such as \"1200x630\"")) }
            sizes.append(.box(width: w, height: h))
        }
        do { options.size = try ExportSize.choosing(sizes) } catch { throw RequestCodingError(error.message) }
        return options
    }
}
