import Glibc

/// A project file's rows (see `Schema/README.md`): the only place that speaks SQL about a project.
///
/// `Project` orchestrates; this reads and writes, each method one typed question or one
/// transaction. Every value read is checked against its domain, since a project file is untrusted
/// input: a row that is out of range is reported by name instead of being acted on.
struct ProjectStore {
    let db: Database

    /// The file's path as given.
    var path: String { db.path }

    /// Opens an existing project. The file's header is checked before SQLite touches it, so a file
    /// that is not ours, or is from a newer tagproj, is refused without a byte written; an older
    /// schema is migrated (which needs a writable connection).
    static func open(_ path: String, forWriting: Bool, busyTimeoutMS: Int32) throws -> ProjectStore {
        let header = try ProjectHeader.check(path)
        let needsMigration = header.version < Migrator.latestVersion
        // A process killed mid-edit leaves a hot journal that the next reader must roll back, which
        // a read-only connection cannot do ("attempt to write a readonly database"). When a journal
        // is present, read through a read-write connection: SQLite rolls back only a journal that
        // no live writer holds, and a file we may not write still opens read-only.
        let recover = !forWriting && FileIO.exists(path + "-journal")
        // A document is one file: a project another program put in WAL mode (which keeps -wal and
        // -shm files beside it, and after a crash its latest writes in the -wal) is checkpointed
        // and put back to the rollback journal by the first connection that may write it.
        let leaveWAL = header.wal && (forWriting || access(path, W_OK) == 0)
        do {
            let db = try Database(path: path, readOnly: !forWriting && !needsMigration && !recover && !leaveWAL,
                                  busyTimeoutMS: busyTimeoutMS)
            diagnoseFailures(of: db)
            if leaveWAL { try db.execute("PRAGMA journal_mode = DELETE") }
            if forWriting || needsMigration { try db.execute("PRAGMA synchronous = FULL") }
            if needsMigration { try Migrator.migrate(db) }
            return ProjectStore(db: db)
        } catch var error as SQLiteError {
            error.context = "cannot open project '\(path)'"
            throw error
        }
    }

    /// What a new project stores of its photo.
    struct NewSource {
        var bytes: [UInt8]
        /// The base name of the file it was read from.
        var fileName: String?
        var info: ImageInfo
        var crop: Crop
        /// The picture as the user will see it.
        var size: PictureSize
    }

    /// Writes a whole new project file at `path` (which must not exist): the schema, the photo
    /// with its bytes unchanged, `settings`, no tags, an empty history.
    static func create(at path: String, source: NewSource, settings: ProjectSettings, origins: SettingOrigins = .unknown) throws {
        let db = try Database(path: path, create: true)
        try db.execute("PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL")
        try Migrator.migrate(db)
        let info = source.info, crop = source.crop
        try db.writeTransaction {
            try db.prepare("""
                INSERT INTO source (id, format, byte_count, stored_width, stored_height, orientation, has_icc,
                                    crop_x, crop_y, crop_w, crop_h, width, height, file_name)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(info.format.rawValue), .integer(Int64(source.bytes.count)),
                      .integer(Int64(info.storedWidth)), .integer(Int64(info.storedHeight)),
                      .integer(Int64(info.orientation.rawValue)), .integer(info.hasICC ? 1 : 0),
                      .real(crop.x), .real(crop.y), .real(crop.width), .real(crop.height),
                      .integer(Int64(source.size.width)), .integer(Int64(source.size.height)),
                      source.fileName.map { .text($0) } ?? .null]).run()
            try db.prepare("INSERT INTO source_bytes (id, bytes) VALUES (1, ?)", [.blob(source.bytes)]).run()
            try db.prepare("""
                INSERT INTO project (id, currency, font, next_tag_id, history_cursor, created_with)
                VALUES (1, ?, ?, 1, 0, ?)
                """, [.text(settings.currency), .text(settings.font), .text("tagproj \(TagKitVersion.string)")]).run()
            try ProjectStore.writeSettings(db, settings)
            try ProjectStore.writeOrigins(db, origins)
        }
    }

    // MARK: The project row

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
        guard let next = s.value(0).integer, next >= 1, next < Self.counterLimit else { throw damaged("the id counter is invalid") }
        guard let cursor = s.value(1).integer, cursor >= 0, cursor < Self.counterLimit else { throw damaged("the history cursor is invalid") }
        return Header(settings: settings, nextID: next, cursor: cursor)
    }

    /// The settings' columns of the `project` row, in the order `values(of:)` gives and
    /// `settings(from:at:)` reads; `history_settings` has each with `before_` and `after_`.
    /// The crop's four are the `source` row's (the header reads both rows).
    static let settingsColumns = ["currency", "font", "price_symbol", "price_space", "decimal_separator", "tag_scale",
                                  "crop_x", "crop_y", "crop_w", "crop_h"]
    /// `currency, font, …`, for the header's `SELECT`, which every command runs. Joined by a loop:
    /// `joined(separator:)` looks its element type up at run time, 0.1M instructions a process.
    static let settingsColumnList: String = {
        var list = ""
        for column in settingsColumns { list += (list.isEmpty ? "" : ", ") + column }
        return list
    }()

    /// Settings from columns `at…at+9` (`settingsColumns`), in the domain `Project.create` writes
    /// (`ProjectSettings.validated()`).
    func settings(from s: Statement, at: Int32) throws -> ProjectSettings {
        let crop: Crop
        do {
            crop = try Crop.validated(x: s.value(at + 6).real ?? .nan, y: s.value(at + 7).real ?? .nan,
                                      width: s.value(at + 8).real ?? .nan, height: s.value(at + 9).real ?? .nan)
        } catch { throw damaged("the crop is invalid") }
        guard let symbol = s.value(at + 2).text.flatMap(PriceFormat.SymbolPosition.init), let space = s.value(at + 3).integer,
              (0...1).contains(space), let separator = s.value(at + 4).text, separator.count == 1
        else { throw damaged("the price format is invalid") }
        do {
            return try ProjectSettings(currency: s.value(at).text ?? "\n", font: s.value(at + 1).text ?? "\n",
                                       priceFormat: PriceFormat(symbol: symbol, spaced: space == 1, decimalSeparator: separator.first!),
                                       tagScale: s.value(at + 5).real ?? .nan, crop: crop).validated()
        } catch {
            let what = switch error.setting {
            case .currency: "the currency"
            case .font: "the font name"
            case .tagScale: "the tag scale"
            case .decimalSeparator, .priceFormat: "the price format"
            case .crop: "the crop"
            }
            throw damaged("\(what) is invalid")
        }
    }

    /// The settings' values, in the order of `settingsColumns`.
    static func values(of settings: ProjectSettings) -> [SQLValue] {
        [.text(settings.currency), .text(settings.font), .text(settings.priceFormat.symbol.rawValue),
         .integer(settings.priceFormat.spaced ? 1 : 0), .text(String(settings.priceFormat.decimalSeparator)), .real(settings.tagScale),
         .real(settings.crop.x), .real(settings.crop.y), .real(settings.crop.width), .real(settings.crop.height)]
    }

    /// Writes `settings` into the project row, and the crop with the picture's size it makes
    /// into the source row (when it changes: the photo's upright size is read for it).
    static func writeSettings(_ db: Database, _ settings: ProjectSettings) throws {
        let values = values(of: settings)
        try db.prepare("UPDATE project SET \(settingsColumns.prefix(6).map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = 1",
                       Array(values.prefix(6))).run()
        let s = try db.prepare("SELECT stored_width, stored_height, orientation, crop_x, crop_y, crop_w, crop_h FROM source WHERE id = 1")
        guard try s.step(), let sw = s.value(0).integer, let sh = s.value(1).integer, let raw = s.value(2).integer,
              let orientation = Orientation(rawValue: Int(clamping: raw)), sides.contains(sw), sides.contains(sh)
        else { throw ProjectError.damaged(path: db.path, reason: "the source photo's row is invalid") }
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
        else { throw damaged("the source photo's row is invalid") }
        let upright = orientation.uprightSize(width: Int(sw), height: Int(sh))
        return PictureSize(width: upright.width, height: upright.height)
    }

    /// Refuses a counter that would hand out an id a tag already has: `add` would otherwise
    /// replace that tag. One index lookup, so every add can afford it; `check` also compares the
    /// counter with the ids in the history.
    func checkCounter(_ header: Header) throws {
        if let highest = try db.scalar("SELECT max(id) FROM tags")?.integer, highest >= header.nextID {
            throw damaged("the id counter is behind tag #\(highest)")
        }
    }

    func writeCounters(nextID: Int64, cursor: Int64) throws {
        try db.prepare("UPDATE project SET next_tag_id = ?, history_cursor = ? WHERE id = 1",
                       [.integer(nextID), .integer(cursor)]).run()
    }

    // MARK: The photo

    /// What the project knows of its photo, and how to turn it into the picture the user sees.
    struct Source {
        /// The stored photo's format: one this build reads.
        var format: ImageFormat
        /// The pixel grid as stored in the file, before orientation and crop.
        var storedWidth: Int, storedHeight: Int
        /// How the stored grid is turned upright.
        var orientation: Orientation
        var crop: Crop
        var hasICC: Bool
        /// The length of the stored photo.
        var byteCount: Int
        /// The picture as the user sees it.
        var size: PictureSize
        /// The base name of the file the photo came from, when the project was made at version 7
        /// or later.
        var fileName: String? = nil
    }

    /// The `source` row (never its bytes).
    func source() throws -> Source {
        let s = try db.prepare("""
            SELECT format, stored_width, stored_height, orientation, crop_x, crop_y, crop_w, crop_h, has_icc, byte_count
            FROM source WHERE id = 1
            """)
        guard try s.step() else { throw damaged("the source photo is missing") }
        guard let raw = s.value(3).integer, let orientation = Orientation(rawValue: Int(clamping: raw)) else {
            throw damaged("the source photo's orientation is invalid")
        }
        guard let sw = s.value(1).integer, let sh = s.value(2).integer, Self.sides.contains(sw), Self.sides.contains(sh) else {
            throw damaged("the source photo's stored size is invalid")
        }
        let crop: Crop
        do {
            crop = try Crop.validated(x: s.value(4).real ?? .nan, y: s.value(5).real ?? .nan,
                                      width: s.value(6).real ?? .nan, height: s.value(7).real ?? .nan)
        } catch { throw damaged("the crop is invalid") }
        guard let name = s.value(0).text, let icc = s.value(8).integer, let count = s.value(9).integer, count > 0 else {
            throw damaged("the source photo's row is invalid")
        }
        guard let format = ImageFormat(rawValue: name), Codecs.codec(for: format)?.canRead == true else {
            throw damaged("the source photo's format is unknown")
        }
        return Source(format: format, storedWidth: Int(sw), storedHeight: Int(sh), orientation: orientation, crop: crop,
                      hasICC: icc != 0, byteCount: Int(count), size: try pictureSize(), fileName: try sourceFileName())
    }

    /// The photo's file name (`file_name`), or nil when the project does not know it; a name that
    /// could not have been stored (a slash, a control character) is damage. The column is always
    /// there: `open` brings every file to the latest schema.
    func sourceFileName() throws -> String? {
        switch try db.scalar("SELECT file_name FROM source WHERE id = 1") {
        case nil, .null?: return nil
        case .text(let name)? where FileIO.isPlainName(name): return name
        default: throw damaged("the source photo's file name is invalid")
        }
    }

    /// The picture size as the user sees it (oriented and cropped): all an edit needs of the photo.
    func pictureSize() throws -> PictureSize {
        let s = try db.prepare("SELECT width, height FROM source WHERE id = 1")
        guard try s.step() else { throw damaged("the source photo is missing") }
        guard let w = s.value(0).integer, let h = s.value(1).integer, Self.sides.contains(w), Self.sides.contains(h)
        else { throw damaged("the source photo's size is invalid") }
        return PictureSize(width: Int(w), height: Int(h))
    }

    /// A side a project may store, in pixels, whatever the pixel limit.
    static let sides: ClosedRange<Int64> = 1...Int64(ImageDecoder.maximumSide)

    /// The photo's bytes, read straight from the blob into one array (`sqlite3_blob_read`), so
    /// the photo is in memory once, not also in a copy SQLite assembles from its overflow pages.
    /// Only export needs them. A lock held too long (busy) or memory running out says nothing
    /// about the file and passes up unchanged; any other failure means the blob is damaged.
    func sourceBytes() throws -> [UInt8] {
        try readSource { try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) }
    }

    /// The photo's bytes as `sourceBytes()` reads them, in memory a decoder can keep reading in
    /// place (`SharedBytes`), so that an export holds the compressed photo once.
    func sharedSourceBytes() throws -> SharedBytes {
        try readSource {
            try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) { count, read in
                try SharedBytes(count: count, fill: read)
            }
        }
    }

    /// The photo's bytes as `sourceBytes()` reads them, on pages a reader may use up as it goes
    /// (`ConsumableBytes`), so that the lossless export of a progressive photo never holds both the
    /// photo and its decoded blocks whole.
    func consumableSourceBytes() throws -> ConsumableBytes {
        try readSource {
            try db.readBlob(table: "source_bytes", column: "bytes", row: 1, limit: $0) { count, read in
                try ConsumableBytes(count: count, fill: read)
            }
        }
    }

    /// Calls `body` with the photo's blob open for reading a piece at a time, then closes it, which
    /// ends the read transaction: the project's lock is held only while `body` runs. Errors are
    /// those of `sourceBytes()`, whether they come from opening the blob or from a read in `body`.
    func withSourceBlob<T>(_ body: (BlobReader) throws -> T) throws -> T {
        try readSource { limit in
            let blob = try BlobReader(db, table: "source_bytes", column: "bytes", row: 1, limit: limit)
            defer { blob.close() }
            return try body(blob)
        }
    }

    private func readSource<Bytes>(_ read: (_ limit: Int) throws -> Bytes) throws -> Bytes {
        do {
            return try read(Int(Database.maximumBlobLength))
        } catch let error as SQLiteError where error.meaning != .busy && !error.isOutOfMemory {
            throw damaged("the photo cannot be read: \(error.reason)")
        }
    }

    // MARK: The file

    /// How many tags and history entries there are (two index counts).
    func counts() throws -> (tags: Int, historyEntries: Int) {
        (Int(try db.scalar("SELECT count(*) FROM tags")?.integer ?? 0),
         Int(try db.scalar("SELECT count(*) FROM history")?.integer ?? 0))
    }

    /// The schema version of the file (`PRAGMA user_version`).
    func schemaVersion() throws -> Int { try Migrator.currentVersion(db) }

    /// The tables and indexes the migrations make, each with its SQL, that the file lacks or holds
    /// in another form: a table without the migrations' CHECKs holds any row, since SQLite checks a
    /// CHECK only when a row is written. Compared with a fresh in-memory database brought to the
    /// file's own version by the same migrations (extra objects, such as a planted trigger, never
    /// run on tagproj's connection and are not counted here).
    func schemaProblems() throws -> [String] {
        let version = try Migrator.currentVersion(db)
        let reference = try Database(path: ":memory:", create: true)
        try Migrator.migrate(reference, to: version)
        func objects(_ db: Database) throws -> [String: String] {
            let rows = try db.prepare("SELECT type || ' ' || name, sql FROM sqlite_master WHERE type IN ('table', 'index') AND sql IS NOT NULL")
                .map { ($0.value(0).text ?? "", $0.value(1).text ?? "") }
            return Dictionary(rows.map { ($0.0, $0.1.split(whereSeparator: \.isWhitespace).joined(separator: " ")) }) { first, _ in first }
        }
        let expected = try objects(reference), found = try objects(db)
        return expected.keys.sorted().compactMap { key in
            guard let sql = found[key] else { return "the schema lacks \(key)" }
            return sql == expected[key] ? nil : "\(key) is not the one tagproj makes (a CHECK or a column differs)"
        }
    }

    /// SQLite's `quick_check`: nil when the file's structure is sound, else its first problems
    /// (a page so damaged that the check itself stops is one of them).
    func quickCheck() throws -> String? {
        var results: [String] = []
        do {
            let s = try db.prepare("PRAGMA quick_check")
            while try s.step() { results.append(s.value(0).text ?? "") }
        } catch let error as SQLiteError where error.meaning == .badData {
            results.append(error.reason)
        }
        return results == ["ok"] ? nil : results.prefix(3).joined(separator: "; ")
    }

    /// The project is damaged for `reason`.
    func damaged(_ reason: String) -> ProjectError { .damaged(path: db.path, reason: reason) }
}
