/// The JSON shapes front ends share: the CLI's `--json` output and the editor's responses.

extension Tag {
    /// The tag as `list --json` shows it: `{"id":1,"kind":"dish","text":"…","x":0.5,"y":0.5,"side":"right"}`,
    /// and for a dish carrying a price `"price":"38.00"` (always two decimals) after its text.
    public var json: JSON {
        var members: [(String, JSON)] = [("id", .integer(id.rawValue)), ("kind", .string(kind.rawValue)), ("text", .string(text))]
        if let price { members.append(("price", .string(TagText.twoDecimals(price)))) }
        return .object(members + [("x", .number(anchor.x)), ("y", .number(anchor.y)), ("side", .string(side.rawValue))])
    }
}

extension Tag {
    /// The tag as `list --json` shows it on a `size` picture at tag scale `scale`: `json` plus the
    /// dot in pixels and the whole tag's box, normalized and in pixels:
    /// `…,"x_px":920,"y_px":800,"box":{"x":…,"y":…,"width":…,"height":…},"box_px":{…}}`.
    public func json(in size: PictureSize, scale: Double) -> JSON {
        guard case .object(var members) = json else { return json }
        let b = Placement.box(of: self, size: size, scale: scale)
        let w = Double(size.width), h = Double(size.height)
        func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> JSON {
            .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
        }
        members += [("x_px", .number(anchor.x * w)), ("y_px", .number(anchor.y * h)),
                    ("box", rect(b.minX / w, b.minY / h, b.width / w, b.height / h)),
                    ("box_px", rect(b.minX, b.minY, b.width, b.height))]
        return .object(members)
    }
}

extension ProjectInfo {
    /// The project as `info --json` (and `new --json`) shows it.
    public var json: JSON {
        let crop = JSON.object([("x", .number(crop.x)), ("y", .number(crop.y)), ("width", .number(crop.width)),
                                ("height", .number(crop.height))])
        return .object([
            ("width", .integer(Int64(width))), ("height", .integer(Int64(height))), ("format", .string(format)),
            ("tags", .integer(Int64(tags))), ("history", .integer(Int64(historyEntries))),
            ("cursor", .integer(cursor)), ("stored_width", .integer(Int64(storedWidth))),
            ("stored_height", .integer(Int64(storedHeight))), ("orientation", .integer(Int64(orientation))),
            ("crop", crop), ("icc_profile", .bool(hasICC)), ("source_bytes", .integer(Int64(sourceBytes))),
            ("source_file", sourceFile.map { .string($0) } ?? .null),
            ("currency", .string(settings.currency)), ("font", .string(settings.font)), ("language", .string(settings.language.tag)),
            ("price_format", .string(settings.priceFormat.example(currency: settings.currency))),
            ("tag_scale", .number(settings.tagScale)),
            ("origins", .object([("currency", origins.currency.json), ("price_format", origins.priceFormat.json),
                                 ("font", origins.font.json), ("language", origins.language.json), ("tag_scale", origins.tagScale.json)])),
            ("schema_version", .integer(Int64(schemaVersion))),
            ("fonts", .array(embeddedFonts.map {
                .object([("family", .string($0.family)), ("style", .string($0.style)), ("subsets", .integer(Int64($0.subsets))),
                         ("glyphs", .integer(Int64($0.glyphs))), ("bytes", .integer(Int64($0.bytes))), ("tags", .integer(Int64($0.tags)))])
            })),
            ("kept_views", .array(keptViews.map {
                .object([("width", .integer(Int64($0.size.width))), ("height", .integer(Int64($0.size.height))),
                         ("bytes", .integer(Int64($0.bytes)))])
            })),
        ])
    }
}

extension SettingOrigin {
    /// `{"from":"flag"}`, `{"from":"config","path":"…"}`, `{"from":"locale","locale":"de_DE.UTF-8"}`,
    /// `{"from":"default"}`, `{"from":"entry","seq":4,"label":"set currency “$”"}`, `{"from":"unknown"}`.
    public var json: JSON {
        switch self {
        case .flag: .object([("from", .string("flag"))])
        case .config(let path): .object([("from", .string("config")), ("path", .string(path))])
        case .locale(let name): .object([("from", .string("locale")), ("locale", .string(name))])
        case .builtIn: .object([("from", .string("default"))])
        case let .entry(seq, label): .object([("from", .string("entry")), ("seq", .integer(seq)), ("label", .string(label.stored))])
        case .unknown: .object([("from", .string("unknown"))])
        }
    }
}

extension ExportResult {
    /// What `export --json` prints for a file written to `path`; a lossless plan also carries
    /// `lossless`: `copied` (the untouched blocks copied bit for bit) or `new tables` (their
    /// coefficients kept, coded again with new Huffman tables), and `colour`: `added` when a
    /// greyscale photo gained colour planes for its tags, else `kept`.
    public func json(path: String?) -> JSON {
        var planJSON = plan.json
        if plan == .lossless, let coding, case .object(let members) = planJSON {
            planJSON = .object(members + [("lossless", .string(coding.rawValue)), ("colour", .string(gainedColour ? "added" : "kept"))])
        }
        return .object([("path", path.map(JSON.string) ?? .null), ("width", .integer(Int64(size.width))), ("height", .integer(Int64(size.height))),
                        ("format", .string(format.rawValue)), ("bytes", .integer(Int64(bytes))), ("plan", planJSON)])
    }
}

extension HistoryLog {
    /// The history as `history --json` shows it:
    /// `{"entries":[{"seq":1,"label":"…","undone":false,"parent":0,"time_ms":1764590000000,"user":"ana","front_end":"cli"}],"cursor":1}`;
    /// `time_ms`, `user` and `front_end` are null for entries made before the history recorded them.
    public var json: JSON { json(wordingLabels: false) }

    /// The history as `json` shows it; with `wordingLabels`, each entry also has `text`, its
    /// label worded in the current language (the editor's page shows it), after `label`, which is
    /// the stored English in every language.
    public func json(wordingLabels: Bool) -> JSON {
        func optional(_ text: String?) -> JSON { text.map { .string($0) } ?? .null }
        let entries = items.map { item in
            JSON.object([("seq", .integer(item.seq)), ("label", .string(item.label.stored))]
                        + (wordingLabels ? [("text", .string(item.label.description))] : [])
                        + [("undone", .bool(item.undone)),
                         ("parent", .integer(item.parent)), ("time_ms", item.origin.timeMS.map { .integer($0) } ?? .null),
                         ("user", optional(item.origin.user)), ("front_end", optional(item.origin.frontEnd))])
        }
        return .object([("entries", .array(entries)), ("cursor", .integer(cursor))])
    }
}

extension Array where Element == Tag {
    /// The tags as `list --json` shows them: `{"tags":[…]}`.
    public var json: JSON { .object([("tags", .array(map(\.json)))]) }
    /// The tags as `list --json` shows them on a `size` picture at tag scale `scale`, with pixels
    /// and boxes, and the scale: `{"tags":[…],"tag_scale":1}`.
    public func json(in size: PictureSize, scale: Double) -> JSON {
        .object([("tags", .array(map { $0.json(in: size, scale: scale) })), ("tag_scale", .number(scale))])
    }
}

extension Notice {
    /// The notice as a front end receives it: what happened as values, then its one wording and
    /// severity (which the editor's page shows as they are):
    /// `{"notice":"moved_to_stay_inside","id":3,"x":0.812,"y":0.4,"text":"#3 moved to …","severity":"warning"}`,
    /// `{"notice":"side_changed","id":1,"side":"left",…}`, `{"notice":"overlaps","id":3,"other":1,…}`,
    /// `{"notice":"more_overlaps","listed":100,…}`.
    public var json: JSON {
        func point(_ p: NormalizedPoint) -> [(String, JSON)] { [("x", .number(p.x)), ("y", .number(p.y))] }
        let members: [(String, JSON)]
        switch self {
        case let .movedToStayInside(id, p):
            members = [("notice", .string("moved_to_stay_inside")), ("id", .integer(id.rawValue))] + point(p)
        case let .sideChanged(id, side):
            members = [("notice", .string("side_changed")), ("id", .integer(id.rawValue)), ("side", .string(side.rawValue))]
        case let .overlaps(id, other):
            members = [("notice", .string("overlaps")), ("id", .integer(id.rawValue)), ("other", .integer(other.rawValue))]
        case let .moreOverlaps(listed):
            members = [("notice", .string("more_overlaps")), ("listed", .integer(Int64(listed)))]
        case let .arranged(id, p, side):
            members = [("notice", .string("arranged")), ("id", .integer(id.rawValue))] + point(p) + [("side", .string(side.rawValue))]
        case let .otherBranch(seq, label):
            members = [("notice", .string("other_branch")), ("seq", .integer(seq)), ("label", .string(label.stored))]
        case let .undidOthersEdit(seq, label, user, frontEnd, otherShell):
            members = [("notice", .string("undid_others_edit")), ("seq", .integer(seq)), ("label", .string(label.stored)),
                       ("user", .string(user)), ("front_end", .string(frontEnd)), ("other_shell", .bool(otherShell))]
        case let .photoSlightlyDamaged(project, problem):
            members = [("notice", .string("photo_slightly_damaged")), ("project", .string(project)), ("problem", .string(problem))]
        case let .madeFromSlightlyDamagedPhoto(photo, problem):
            members = [("notice", .string("made_from_slightly_damaged_photo")), ("photo", .string(photo)), ("problem", .string(problem))]
        case let .fontSubstituted(family, substitute):
            members = [("notice", .string("font_substituted")), ("family", .string(family)), ("substitute", .string(substitute))]
        case let .ignoredByFormat(field, format):
            members = [("notice", .string("ignored_by_format")), ("field", .string(field.rawValue)), ("format", .string(format.rawValue))]
        case let .drawnElsewhere(id, from, drawnAt):
            members = [("notice", .string("drawn_elsewhere")), ("id", .integer(id.rawValue))] + point(from)
                + [("drawn_x", .number(drawnAt.x)), ("drawn_y", .number(drawnAt.y))]
        }
        return .object(members + [("text", .string(message)), ("severity", .string(severity.rawValue))])
    }
}
