// RequestCodec: the enum, the JSON dialect it documents, and requests from JSON. Requests to
// JSON are in +Encoding, answers and failures in +Answers, the member reader in +Fields.

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
///   "language":"zh-Hans","tag_scale":1.5,"crop":"square"}` (`crop`: `square`, `4:5`, `X,Y,W,H` or `none`), `{"op":"refresh_fonts"}`, `{"op":"arrange"}`,
///   `{"op":"batch","source":"menu","requests":[…]}`;
/// - `{"op":"undo","steps":2}`, `{"op":"redo"}`, `{"op":"restore","to":4}`;
/// - `{"op":"export","to":"out.webp","format":"webp","quality":85,"max_size":1080,"at":3}` (one of
///   `scale`, `width`, `height`, `max_size`, `box` `"1200x630"`; `dpi`, `lossless`, `reencode`,
///   `max_pixels`);
/// - `{"op":"list","at":3}`, `{"op":"history","tree":true}`, `{"op":"info"}`.
///
/// Positions are strings as on the command line (fractions or `px`), read by `Position`.
/// Answers: `{"ok":true,"op":"move","said":[…],"notices":[{…,"text":"…","severity":"warning"}],…}`
/// with the result's members (for a front end that shows the tags, also `"sentences":[…]` and each
/// notice's `"sentence"`, naming tags by their text: `json(_:to:naming:)`); a failure is `{"ok":false,"error":"…","hint":"…","meaning":"not_found"}`.
public enum RequestCodec {
    /// The request `value` holds.
    /// - Throws: `RequestCodingError` saying which member is missing or wrong.
    public static func request(from value: JSON) throws(RequestCodingError) -> Request {
        guard case .object(let members) = value else { throw RequestCodingError(tr("a request is a JSON object")) }
        let f = Fields(members)
        let name = try f.string("op")
        guard let op = Request.Op(rawValue: name) else {
            // TRANSLATORS: {ops} are the requests' names, not translated (add, move, flip…).
            throw RequestCodingError(tr("unknown op '{name}'; an op is one of {ops}", ["name": name, "ops": Request.names.joined(separator: ", ")]))
        }
        switch op {  // exhaustive over Request.Op: a new kind of request does not compile until it is read here
        case .add:
            return .add(kind: try f.kind(), text: try f.string("text"), price: try f.price(), at: try f.point(), side: try f.side())
        case .move:
            let id = try f.id()
            if let to = try f.position("to") { return .move(id, .to(to)) }
            if let by = try f.position("by", offset: true) { return .move(id, .by(by)) }
            if let at = try f.point() { return .move(id, .to(at)) }
            throw RequestCodingError(tr("a move needs \"to\" or \"by\""))
        case .flip: return .flip(try f.id())
        case .edit:
            let id = try f.id(), text = try f.optionalString("text"), price = try f.priceChange()
            guard text != nil || price != nil else { throw RequestCodingError(tr("an edit needs \"text\", \"price\" or both")) }
            return .edit(id, text: text, price: price)
        case .delete: return .delete(try f.id())
        case .set:
            var crop: CropChoice?
            if let text = try f.optionalString("crop") {
                do { crop = try CropChoice.parse(text) } catch { throw RequestCodingError(tr("\"crop\": {error}", ["error": error.message])) }
            }
            let change = SettingsChange(currency: try f.optionalString("currency"), priceFormat: try f.optionalString("price_format"),
                                        font: try f.optionalString("font"), language: try f.optionalString("language"),
                                        tagScale: try f.number("tag_scale"), crop: crop)
            guard !change.isEmpty else {
                throw RequestCodingError(tr("a set needs \"currency\", \"price_format\", \"font\", \"language\", \"tag_scale\" or \"crop\""))
            }
            return .set(change)
        case .refreshFonts: return .refreshFonts
        case .arrange: return .arrange
        case .batch:
            guard case .array(let items)? = f.value("requests") else { throw RequestCodingError(tr("\"requests\" must be an array")) }
            var requests: [Request] = []
            for item in items { requests.append(try request(from: item)) }
            return .batch(Batch(requests, source: try f.optionalString("source") ?? "a batch", name: try f.optionalString("name"),
                                replacing: try f.bool("replace") ?? false))
        case .undo: return .undo(steps: try f.integer("steps", in: 1...1_000_000) ?? 1)
        case .redo: return .redo(steps: try f.integer("steps", in: 1...1_000_000) ?? 1)
        case .restore:
            guard let seq = try f.integer("to", in: 0...Int(Int64.max)) else { throw RequestCodingError(tr("a restore needs \"to\": an entry's seq")) }
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
}
