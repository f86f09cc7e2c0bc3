/// The one JSON dialect of requests and answers: what `apply` reads line by line, what the
/// editor's page posts, and what a batch export's child is handed and answers.
///
/// Requests, one object each, by `op`:
/// - `{"op":"add","kind":"dish","text":"Soup","price":"38","at":"0.3,0.4","side":"left"}` (`price`,
///   a dish's, and `at` optional; `x` and `y` numbers may stand for `at`, by the same range rule),
///   `{"op":"move","id":1,"to":"0.5,0.5"}` or `"by":"-40px,0"`, `{"op":"flip","id":1}`,
///   `{"op":"edit","id":1,"text":"Tea"}`, `{"op":"edit","id":1,"price":"42"}` (`"price":null`
///   removes a dish's price; an edit names `text`, `price` or both),
///   `{"op":"delete","id":1}`, `{"op":"set","currency":"€","price_format":"12,50 €","font":"…",
///   "tag_scale":1.5,"crop":"square"}` (`crop`: `square`, `4:5`, `X,Y,W,H` or `none`), `{"op":"refresh_fonts"}`, `{"op":"arrange"}`,
///   `{"op":"batch","source":"menu","requests":[…]}`;
/// - `{"op":"undo","steps":2}`, `{"op":"redo"}`, `{"op":"restore","to":4}`;
/// - `{"op":"export","to":"out.webp","format":"webp","quality":85,"max_size":1080,"at":3}` (one of
///   `scale`, `width`, `height`, `max_size`, `box` `"1200x630"`; `dpi`, `lossless`, `reencode`,
///   `max_pixels`);
/// - `{"op":"list","at":3}`, `{"op":"history","tree":true}`, `{"op":"info"}`.
///
/// Positions are strings as on the command line (fractions or `px`), read by `Position`.
/// Answers: `{"ok":true,"op":"move","said":[…],"notices":[{…,"text":"…","severity":"warning"}],…}`
/// with the result's members; a failure is `{"ok":false,"error":"…","hint":"…","meaning":"not_found"}`.
public enum RequestCodec {
    // MARK: Requests from JSON

    /// The request `value` holds.
    /// - Throws: `RequestCodingError` saying which member is missing or wrong.
    public static func request(from value: JSON) throws(RequestCodingError) -> Request {
        guard case .object(let members) = value else { throw RequestCodingError("a request is a JSON object") }
        let f = Fields(members)
        let name = try f.string("op")
        guard let op = Request.Op(rawValue: name) else {
            throw RequestCodingError("unknown op '\(name)'; an op is one of " + Request.names.joined(separator: ", "))
        }
        switch op {  // exhaustive over Request.Op: a new kind of request does not compile until it is read here
        case .add:
            return .add(kind: try f.kind(), text: try f.string("text"), price: try f.price(), at: try f.point(), side: try f.side())
        case .move:
            let id = try f.id()
            if let to = try f.position("to") { return .move(id, .to(to)) }
            if let by = try f.position("by", offset: true) { return .move(id, .by(by)) }
            if let at = try f.point() { return .move(id, .to(at)) }
            throw RequestCodingError("a move needs \"to\" or \"by\"")
        case .flip: return .flip(try f.id())
        case .edit:
            let id = try f.id(), text = try f.optionalString("text"), price = try f.priceChange()
            guard text != nil || price != nil else { throw RequestCodingError("an edit needs \"text\", \"price\" or both") }
            return .edit(id, text: text, price: price)
        case .delete: return .delete(try f.id())
        case .set:
            var crop: CropChoice?
            if let text = try f.optionalString("crop") {
                do { crop = try CropChoice.parse(text) } catch { throw RequestCodingError("\"crop\": " + error.message) }
            }
            let change = SettingsChange(currency: try f.optionalString("currency"), priceFormat: try f.optionalString("price_format"),
                                        font: try f.optionalString("font"), tagScale: try f.number("tag_scale"), crop: crop)
            guard !change.isEmpty else {
                throw RequestCodingError("a set needs \"currency\", \"price_format\", \"font\", \"tag_scale\" or \"crop\"")
            }
            return .set(change)
        case .refreshFonts: return .refreshFonts
        case .arrange: return .arrange
        case .batch:
            guard case .array(let items)? = f.value("requests") else { throw RequestCodingError("\"requests\" must be an array") }
            var requests: [Request] = []
            for item in items { requests.append(try request(from: item)) }
            return .batch(Batch(requests, source: try f.optionalString("source") ?? "a batch", name: try f.optionalString("name"),
                                replacing: try f.bool("replace") ?? false))
        case .undo: return .undo(steps: try f.integer("steps", in: 1...1_000_000) ?? 1)
        case .redo: return .redo(steps: try f.integer("steps", in: 1...1_000_000) ?? 1)
        case .restore:
            guard let seq = try f.integer("to", in: 0...Int(Int64.max)) else { throw RequestCodingError("a restore needs \"to\": an entry's seq") }
            return .restore(to: Int64(seq))
        case .export:
            // Without `to`, into memory: the editor's Download and previews, which name no file.
            return .export(to: try f.optionalString("to").map(ExportDestination.init(naming:)) ?? .memory, options: try f.exportOptions(),
                           at: try f.integer("at", in: 0...Int(Int64.max)).map(Int64.init))
        case .list: return .list(at: try f.integer("at", in: 0...Int(Int64.max)).map(Int64.init))
        case .history: return .history(tree: try f.bool("tree") ?? false)
        case .info: return .info
        }
    }

    // MARK: Requests to JSON

    /// `request` as the object `request(from:)` reads back.
    public static func json(_ request: Request) -> JSON {
        var m: [(String, JSON)] = [("op", .string(request.name))]
        func id(_ id: TagID) { m.append(("id", .integer(id.rawValue))) }
        switch request {
        case let .add(kind, text, price, at, side):
            m += [("kind", .string(kind.rawValue)), ("text", .string(text))]
            if let price { m.append(("price", .string(price))) }
            if let at { m.append(("at", .string(at.text))) }
            if let side { m.append(("side", .string(side.rawValue))) }
        case let .move(tag, .to(p)): id(tag); m.append(("to", .string(p.text)))
        case let .move(tag, .by(p)): id(tag); m.append(("by", .string(p.text)))
        case .flip(let tag), .delete(let tag): id(tag)
        case let .edit(tag, text, price):
            id(tag)
            if let text { m.append(("text", .string(text))) }
            switch price {
            case .set(let amount)?: m.append(("price", .string(amount)))
            case .remove?: m.append(("price", .null))
            case nil: break
            }
        case .set(let change):
            if let v = change.currency { m.append(("currency", .string(v))) }
            if let v = change.priceFormat { m.append(("price_format", .string(v))) }
            if let v = change.font { m.append(("font", .string(v))) }
            if let v = change.tagScale { m.append(("tag_scale", .number(v))) }
            if let v = change.crop { m.append(("crop", .string(v.text))) }
        case .refreshFonts, .arrange, .info: break
        case .batch(let batch):
            m.append(("source", .string(batch.source)))
            if let name = batch.name { m.append(("name", .string(name))) }
            if batch.replacing { m.append(("replace", .bool(true))) }
            m.append(("requests", .array(batch.requests.map(json))))
        case .undo(let steps), .redo(let steps): m.append(("steps", .integer(Int64(steps))))
        case .restore(let seq): m.append(("to", .integer(seq)))
        case let .export(destination, options, at):
            if let name = destination.commandLineName { m.append(("to", .string(name))) }
            m += exportMembers(options)
            if let at { m.append(("at", .integer(at))) }
        case .list(let at): if let at { m.append(("at", .integer(at))) }
        case .history(let tree): m.append(("tree", .bool(tree)))
        }
        return .object(m)
    }

    /// The options that differ from the defaults, as the export request's members.
    static func exportMembers(_ options: ExportOptions) -> [(String, JSON)] {
        var m: [(String, JSON)] = []
        let defaults = ExportOptions()
        if let format = options.format { m.append(("format", .string(format.rawValue))) }
        if let quality = options.quality { m.append(("quality", .integer(Int64(quality)))) }
        switch options.size {
        case .full: break
        case .scale(let s): m.append(("scale", .number(s)))
        case .width(let n): m.append(("width", .integer(Int64(n))))
        case .height(let n): m.append(("height", .integer(Int64(n))))
        case .maxSize(let n): m.append(("max_size", .integer(Int64(n))))
        case .box(let w, let h): m.append(("box", .string("\(w)x\(h)")))
        }
        if let dpi = options.dpi { m.append(("dpi", .integer(Int64(dpi)))) }
        if options.lossless { m.append(("lossless", .bool(true))) }
        if options.reencode { m.append(("reencode", .bool(true))) }
        if options.maxPixels != defaults.maxPixels { m.append(("max_pixels", .integer(Int64(options.maxPixels)))) }
        if options.pngCompression != defaults.pngCompression { m.append(("png_compression", .integer(Int64(options.pngCompression)))) }
        return m
    }

    // MARK: Answers

    /// `answer` to `request` as JSON: `ok`, the request's `op`, `said`, the notices with their
    /// wording, and the result's members.
    public static func json(_ answer: Answer, to request: Request) -> JSON {
        var m: [(String, JSON)] = [("ok", .bool(true)), ("op", .string(request.name)),
                                   ("said", .array(answer.said.map { .string($0) })), ("notices", .array(answer.notices.map(\.json)))]
        if let entry = answer.entry { m.append(("entry", .integer(entry))) }
        func members(_ value: JSON) { if case .object(let more) = value { m += more } }
        switch answer.result {
        case let .edited(tag, label):
            m.append(("label", .string(label)))
            m.append(("tag", tag?.json ?? .null))
        case let .batch(label, changes):
            m += [("label", .string(label)), ("changed", .integer(Int64(changes.count)))]
        case .undone(let labels): m.append(("undone", .array(labels.map { .string($0) })))
        case .redone(let labels): m.append(("redone", .array(labels.map { .string($0) })))
        case let .restored(seq, label): m += [("restored", .integer(seq)), ("label", .string(label))]
        case let .exported(result, destination): members(result.json(path: destination.commandLineName))
        case let .tags(tags, size, settings): members(tags.json(in: size, scale: settings.tagScale))
        case .history(let log): members(log.json)
        case let .info(info, plan): members(info.json); m.append(("plan", plan.json))
        case let .created(_, info): members(info.json)
        }
        return .object(m)
    }

    /// A failure as JSON: `{"ok":false,"error":"…","hint":"…","meaning":"not_found"}`, then where
    /// there are some `"on_the_picture":"…"` and `"fix":{"label":"…","request":{…}}`.
    public static func json(_ failure: AnswerFailure) -> JSON {
        var m: [(String, JSON)] = [("ok", .bool(false)), ("error", .string(failure.message)), ("hint", failure.advice.map { .string($0) } ?? .null),
                                   ("meaning", .string(failure.meaning.name))]
        if let text = failure.messageOnThePicture { m.append(("on_the_picture", .string(text))) }
        if let fix = failure.fix { m.append(("fix", .object([("label", .string(fix.label)), ("request", json(fix.request))]))) }
        return .object(m)
    }

    /// The failure a JSON answer holds, or nil for a successful answer.
    /// - Throws: `RequestCodingError` when it is neither.
    public static func failure(from value: JSON) throws(RequestCodingError) -> AnswerFailure? {
        guard case .object(let members) = value else { throw RequestCodingError("an answer is a JSON object") }
        let f = Fields(members)
        guard let ok = try f.bool("ok") else { throw RequestCodingError("an answer carries \"ok\"") }
        if ok { return nil }
        let name = try f.string("meaning")
        guard let meaning = ErrorMeaning.allCases.first(where: { $0.name == name }) else { throw RequestCodingError("unknown meaning '\(name)'") }
        return AnswerFailure(message: try f.string("error"), advice: try f.optionalString("hint"), meaning: meaning)
    }
}

/// A JSON request or answer that does not say what it must.
public struct RequestCodingError: TagProjError, Equatable {
    /// What is wrong: `"id" must be a tag id (a positive whole number)`.
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    /// What a front end with no memory to hand a picture to (the command line's `request`) says of
    /// an export that names no output.
    public static let exportNamesNoOutput = RequestCodingError("an export request names its output here: \"to\" is a path, or \"-\" for standard output")

    /// The reason.
    public var message: String { reason }
    /// The request is malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}

extension Request {
    /// Each kind of request, by the `op` that names it in the JSON dialect, in the order the codec
    /// documents them: the one list the names, the reading and the writing all come from.
    public enum Op: String, CaseIterable, Sendable {
        case add, move, flip, edit, delete, set, refreshFonts = "refresh_fonts", arrange, batch,
             undo, redo, restore, export, list, history, info
    }

    /// The `op` of each kind of request, in the order the codec documents them.
    public static let names = Op.allCases.map(\.rawValue)

    /// Its kind.
    public var op: Op {
        switch self {
        case .add: .add
        case .move: .move
        case .flip: .flip
        case .edit: .edit
        case .delete: .delete
        case .set: .set
        case .refreshFonts: .refreshFonts
        case .arrange: .arrange
        case .batch: .batch
        case .undo: .undo
        case .redo: .redo
        case .restore: .restore
        case .export: .export
        case .list: .list
        case .history: .history
        case .info: .info
        }
    }

    /// Its `op`: `add`, `move`, `undo`, `export`, …
    public var name: String { op.rawValue }
}

extension ErrorMeaning {
    /// The meaning as JSON names it: `invalid_request`, `bad_data`, `not_found`, …
    public var name: String {
        var out = ""
        for c in rawValue { if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) } }
        return out
    }
}

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
        guard let s = try optionalString(key) else { throw RequestCodingError("\"\(key)\" must be a string") }
        return s
    }

    func optionalString(_ key: String) throws(RequestCodingError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw RequestCodingError("\"\(key)\" must be a string") }
        return s
    }

    func number(_ key: String) throws(RequestCodingError) -> Double? {
        switch value(key) {
        case nil: return nil
        case .integer(let i)?: return Double(i)
        case .number(let d)?: return d
        default: throw RequestCodingError("\"\(key)\" must be a number")
        }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(RequestCodingError) -> Int? {
        guard let v = value(key) else { return nil }
        guard case .integer(let i) = v, let n = Int(exactly: i), range.contains(n) else {
            throw RequestCodingError("\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    func bool(_ key: String) throws(RequestCodingError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw RequestCodingError("\"\(key)\" must be true or false") }
        return b
    }

    func id() throws(RequestCodingError) -> TagID {
        guard case .integer(let raw)? = value("id"), raw >= 1 else {
            throw RequestCodingError("\"id\" must be a tag id (a positive whole number)")
        }
        return TagID(raw)
    }

    func kind() throws(RequestCodingError) -> Kind {
        let name = try string("kind")
        guard let kind = Kind(rawValue: name) else { throw RequestCodingError("unknown kind '\(name)'; a kind is dish or price") }
        return kind
    }

    /// A dish's `price` as written: a string (`"38"`, `"¥12.50"`) or a number; nil when absent or null.
    func price() throws(RequestCodingError) -> String? {
        switch value("price") {
        case nil: return nil
        case .string(let s)?: return s
        case .integer(let i)?: return String(i)
        case .number(let d)?: return String(d)
        default: throw RequestCodingError("\"price\" must be a string such as \"12.50\"")
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
        guard let side = Side(rawValue: name) else { throw RequestCodingError("unknown side '\(name)'; a side is left or right") }
        return side
    }

    /// `key` as a position string (`"0.3,0.4"`, `"920px,800px"`), by `Position`'s rules.
    func position(_ key: String, offset: Bool = false) throws(RequestCodingError) -> Position? {
        guard let v = value(key) else { return nil }
        guard case .string(let text) = v else { throw RequestCodingError("\"\(key)\" must be a string such as \"0.3,0.4\"") }
        do { return try Position.parse(text, offset: offset) } catch { throw RequestCodingError(positionError: error) }
    }

    /// `at` as a position string, or the `x` and `y` numbers (fractions, by `Position`'s range rule).
    func point() throws(RequestCodingError) -> Position? {
        if let at = try position("at") { return at }
        switch (try number("x"), try number("y")) {
        case (nil, nil): return nil
        case (let x?, let y?):
            do { return try Position.fractions(x, y) } catch { throw RequestCodingError(positionError: error) }
        default: throw RequestCodingError("give both \"x\" and \"y\"")
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
            guard parts.count == 2, let w = parts[0], let h = parts[1] else { throw RequestCodingError("\"box\" must be WIDTHxHEIGHT such as \"1200x630\"") }
            sizes.append(.box(width: w, height: h))
        }
        do { options.size = try ExportSize.choosing(sizes) } catch { throw RequestCodingError(error.message) }
        return options
    }
}

extension RequestCodingError {
    /// A position that does not parse, with its advice (`write 920px,800px`).
    init(positionError error: PositionError) {
        self.init(error.message + (error.advice.map { " (\($0))" } ?? ""))
    }
}
