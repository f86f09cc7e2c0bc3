// RequestCodec: answers and failures to JSON, failures from JSON, and the names of error
// meanings they carry.

extension RequestCodec {
    /// `answer` to `request` as JSON: `ok`, the request's `op`, `said`, the notices with their
    /// wording, and the result's members.
    public static func json(_ answer: Answer, to request: Request) -> JSON {
        var m: [(String, JSON)] = [("ok", .bool(true)), ("op", .string(request.name)),
                                   ("said", .array(Messages.speaking(.english) { answer.said }.map { .string($0) })), ("notices", .array(answer.notices.map(\.json)))]
        if let entry = answer.entry { m.append(("entry", .integer(entry))) }
        func members(_ value: JSON) { if case .object(let more) = value { m += more } }
        switch answer.result {
        case let .edited(tag, label):
            m.append(("label", .string(label.stored)))
            m.append(("tag", tag?.json ?? .null))
        case let .batch(label, changes):
            m += [("label", .string(label.stored)), ("changed", .integer(Int64(changes.count)))]
        case .undone(let labels): m.append(("undone", .array(labels.map { .string($0.stored) })))
        case .redone(let labels): m.append(("redone", .array(labels.map { .string($0.stored) })))
        case let .restored(seq, label): m += [("restored", .integer(seq)), ("label", .string(label.stored))]
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
        guard case .object(let members) = value else { throw RequestCodingError(tr("an answer is a JSON object")) }
        let f = Fields(members)
        guard let ok = try f.bool("ok") else { throw RequestCodingError(tr("an answer carries \"ok\"")) }
        if ok { return nil }
        let name = try f.string("meaning")
        guard let meaning = ErrorMeaning.allCases.first(where: { $0.name == name }) else { throw RequestCodingError(tr("unknown meaning '{name}'", ["name": name])) }
        return AnswerFailure(message: try f.string("error"), advice: try f.optionalString("hint"), meaning: meaning)
    }
}

extension ErrorMeaning {
    /// The meaning as JSON names it: `invalid_request`, `bad_data`, `not_found`, …
    public var name: String {
        var out = ""
        for c in rawValue { if c.isUppercase { out += "_" + c.lowercased() } else { out.append(c) } }
        return out
    }
}
