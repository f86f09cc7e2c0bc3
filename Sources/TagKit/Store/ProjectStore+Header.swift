/// The `project` row: the counters and the settings, the picture's size upright, and the
/// counters' bounds (see `ProjectStore`).
extension ProjectStore {
    /// The counters and settings of the single `project` row.
    struct Header {
        var settings: ProjectSettings
        /// The id the next added tag gets.
        var nextID: Int64
        /// The seq of the last applied history entry.
        var cursor: Int64
    }

    /// The `project` row.
    func header() throws -> Header {
        let s = try db.prepare("""
            SELECT next_tag_id, history_cursor, \(Self.settingsColumnList) FROM project, source WHERE project.id = 1 AND source.id = 1
            """)
        guard try s.step() else {
            throw damaged(try db.scalar("SELECT count(*) FROM project")?.integer == 0 ? "the project row is missing" : "the source photo is missing")
        }
        let settings = try self.settings(from: s, at: 2)
        guard let next = s.value(0).integer, next >= 1, next < Self.counterLimit else { throw damaged(tr("the id counter is invalid")) }
        guard let cursor = s.value(1).integer, cursor >= 0, cursor < Self.counterLimit else { throw damaged(tr("the history cursor is invalid")) }
        return Header(settings: settings, nextID: next, cursor: cursor)
    }

    /// The settings' columns of the `project` row, in the order `values(of:)` gives and
    /// `settings(from:at:)` reads; `history_settings` has each with `before_` and `after_`.
    /// The crop's four are the `source` row's (the header reads both rows).
    static let settingsColumns = ["currency", "font", "price_symbol", "price_space", "decimal_separator", "tag_scale", "language",
                                  "grouping_separator", "crop_x", "crop_y", "crop_w", "crop_h"]
    /// `currency, font, …`, for the header's `SELECT`, which every command runs. Joined by a loop:
    /// `joined(separator:)` looks its element type up at run time, 0.1M instructions a process.
    static let settingsColumnList: String = {
        var list = ""
        for column in settingsColumns { list += (list.isEmpty ? "" : ", ") + column }
        return list
    }()

    /// Settings from columns `at…at+11` (`settingsColumns`), in the domain `Project.create` writes
    /// (`ProjectSettings.validated()`): a language is a tag `TextLanguage` reads.
    func settings(from s: Statement, at: Int32) throws -> ProjectSettings {
        let crop: Crop
        do {
            crop = try Crop.validated(x: s.value(at + 8).real ?? .nan, y: s.value(at + 9).real ?? .nan,
                                      width: s.value(at + 10).real ?? .nan, height: s.value(at + 11).real ?? .nan)
        } catch { throw damaged(tr("the crop is invalid")) }
        guard let tag = s.value(at + 6).text, let language = try? TextLanguage(parsing: tag) else { throw damaged(tr("the language is invalid")) }
        guard let symbol = s.value(at + 2).text.flatMap(PriceFormat.SymbolPosition.init), let space = s.value(at + 3).integer,
              (0...1).contains(space), let separator = s.value(at + 4).text, separator.count == 1,
              let grouping = s.value(at + 7).text, grouping.count <= 1
        else { throw damaged(tr("the price format is invalid")) }
        do {
            return try ProjectSettings(currency: s.value(at).text ?? "\n", font: s.value(at + 1).text ?? "\n", language: language,
                                       priceFormat: PriceFormat(symbol: symbol, spaced: space == 1, decimalSeparator: separator.first!,
                                                                groupingSeparator: grouping.first),
                                       tagScale: s.value(at + 5).real ?? .nan, crop: crop).validated()
        } catch {
            let what = switch error.setting {
            case .currency: tr("the currency is invalid")
            case .font: tr("the font name is invalid")
            case .language: tr("the language is invalid")
            case .tagScale: tr("the tag scale is invalid")
            case .decimalSeparator, .groupingSeparator, .priceFormat: tr("the price format is invalid")
            case .crop: tr("the crop is invalid")
            }
            throw damaged(what)
        }
    }

    /// The settings' values, in the order of `settingsColumns`.
    static func values(of settings: ProjectSettings) -> [SQLValue] {
        [.text(settings.currency), .text(settings.font), .text(settings.priceFormat.symbol.rawValue),
         .integer(settings.priceFormat.spaced ? 1 : 0), .text(String(settings.priceFormat.decimalSeparator)), .real(settings.tagScale),
         .text(settings.language.tag), .text(settings.priceFormat.groupingSeparator.map { String($0) } ?? ""),
         .real(settings.crop.x), .real(settings.crop.y), .real(settings.crop.width), .real(settings.crop.height)]
    }

    /// Writes `settings` into the project row, and the crop with the picture's size it makes
    /// into the source row (when it changes: the photo's upright size is read for it).
    static func writeSettings(_ db: Database, _ settings: ProjectSettings) throws {
        let values = values(of: settings)
        try db.prepare("UPDATE project SET \(settingsColumns.prefix(8).map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = 1",
                       Array(values.prefix(8))).run()
        let s = try db.prepare("SELECT stored_width, stored_height, orientation, crop_x, crop_y, crop_w, crop_h FROM source WHERE id = 1")
        guard try s.step(), let sw = s.value(0).integer, let sh = s.value(1).integer, let raw = s.value(2).integer,
              let orientation = Orientation(rawValue: Int(clamping: raw)), sides.contains(sw), sides.contains(sh)
        else { throw ProjectError.damaged(path: db.path, reason: tr("the source photo's row is invalid")) }
        let stored = Crop(x: s.value(3).real ?? .nan, y: s.value(4).real ?? .nan, width: s.value(5).real ?? .nan, height: s.value(6).real ?? .nan)
        guard stored != settings.crop else { return }
        let upright = orientation.uprightSize(width: Int(sw), height: Int(sh))
        let size = settings.crop.pixelRect(width: upright.width, height: upright.height)
        try db.prepare("UPDATE source SET crop_x = ?, crop_y = ?, crop_w = ?, crop_h = ?, width = ?, height = ? WHERE id = 1",
                       Array(values.suffix(4)) + [.integer(Int64(size.width)), .integer(Int64(size.height))]).run()
    }

    /// The photo upright, uncropped (its stored size turned by its orientation): what a crop is a part of.
    func uprightSize() throws -> PictureSize {
        let s = try db.prepare("SELECT stored_width, stored_height, orientation FROM source WHERE id = 1")
        guard try s.step(), let sw = s.value(0).integer, let sh = s.value(1).integer, let raw = s.value(2).integer,
              let orientation = Orientation(rawValue: Int(clamping: raw)), Self.sides.contains(sw), Self.sides.contains(sh)
        else { throw damaged(tr("the source photo's row is invalid")) }
        let upright = orientation.uprightSize(width: Int(sw), height: Int(sh))
        return PictureSize(width: upright.width, height: upright.height)
    }

    /// Refuses a counter that would hand out an id a tag already has: `add` would otherwise
    /// replace that tag. One index lookup, so every add can afford it; `check` also compares the
    /// counter with the ids in the history.
    func checkCounter(_ header: Header) throws {
        if let highest = try db.scalar("SELECT max(id) FROM tags")?.integer, highest >= header.nextID {
            throw damaged(tr("the id counter is behind tag #{highest}", ["highest": highest]))
        }
    }

    func writeCounters(nextID: Int64, cursor: Int64) throws {
        try db.prepare("UPDATE project SET next_tag_id = ?, history_cursor = ? WHERE id = 1",
                       [.integer(nextID), .integer(cursor)]).run()
    }
}
