// RequestCodec: requests to JSON, the objects `request(from:)` reads back.

extension RequestCodec {
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
            if let v = change.language { m.append(("language", .string(v))) }
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
}
