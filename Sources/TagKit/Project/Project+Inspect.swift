/// What `info` reports about a project.
public struct ProjectInfo: Equatable, Sendable {
    /// The stored photo's format, as `ImageFormat`'s raw value (`jpeg`, `png`, `webp`, `heic`, `avif`).
    public var format: String
    /// The picture as the user sees it (oriented and cropped).
    public var width: Int, height: Int
    /// The photo as stored in the file, before orientation and crop.
    public var storedWidth: Int, storedHeight: Int
    /// The photo's EXIF orientation, 1–8.
    public var orientation: Int
    /// The part of the upright photo the project uses.
    public var crop: Crop
    /// Whether the photo carries an ICC colour profile.
    public var hasICC: Bool
    /// The stored photo's length in bytes.
    public var sourceBytes: Int
    /// Currency and font.
    public var settings: ProjectSettings
    /// How many tags there are.
    public var tags: Int
    /// How many history entries there are, undone ones included.
    public var historyEntries: Int
    /// The seq of the history entry whose state is current (0: the empty start, before any
    /// entry); after an undo, not the newest entry.
    public var cursor: Int64
    /// The file's schema version.
    public var schemaVersion: Int
    /// The font subsets the project carries, by family and style.
    public var embeddedFonts: [EmbeddedFaceSummary] = []
    /// The base name of the file the photo was read from (nil for a project made before schema 7).
    public var sourceFile: String? = nil
    /// Where each setting came from (`Project.settingOrigins()`).
    public var origins = SettingOrigins.unknown
    /// The editor's views kept for the next open (`views`), the one drawn last first.
    public var keptViews: [KeptViewSummary] = []
}

extension Project {
    /// The project's picture, settings and counts.
    public func info() throws -> ProjectInfo {
        let source = try store.source()
        let header = try store.header()
        let counts = try store.counts()
        return ProjectInfo(
            format: source.format.rawValue, width: source.size.width, height: source.size.height,
            storedWidth: source.storedWidth, storedHeight: source.storedHeight, orientation: source.orientation.rawValue,
            crop: source.crop, hasICC: source.hasICC, sourceBytes: source.byteCount, settings: header.settings,
            tags: counts.tags, historyEntries: counts.historyEntries, cursor: header.cursor,
            schemaVersion: try store.schemaVersion(), embeddedFonts: try store.embeddedFaceSummaries(),
            sourceFile: source.fileName, origins: try settingOrigins(), keptViews: try keptViews())
    }

    /// Verifies the project: SQLite's `quick_check`, the schema against the migrations', every
    /// row in its domain, every branch of the history replaying from the empty start
    /// (`HistoryReplay`), the cursor's state being exactly the stored tags and settings, the id
    /// counter being above every tag id the history names, and every embedded font subset opening
    /// cleanly (see ``checkFonts()``). Each part is checked even when
    /// an earlier one failed; when any did, throws ``CheckProblems`` listing every problem found
    /// (its first is what the project would be refused with). Returns the damaged subsets only the
    /// history refers to, which do not stop the project from working now.
    @discardableResult
    public func check() throws -> [DamagedHistoryFont] {
        var problems: [any TagProjError] = []
        /// Runs one part; damage it finds is recorded, anything else (a busy lock, a failed read)
        /// ends the check as it would end any command.
        func part<T>(_ body: () throws -> T) throws -> T? {
            do { return try body() } catch let error as any TagProjError where error.meaning == .badData {
                problems.append(error)
                return nil
            }
        }
        // TRANSLATORS: {problem} is SQLite's own words; quick_check is SQLite's name for the check, not translated.
        if let quick = try store.quickCheck() { problems.append(store.damaged(tr("quick_check: {problem}", ["problem": quick]))) }
        for problem in try store.schemaProblems() { problems.append(store.damaged(problem)) }
        let header = try part { try store.header() }
        _ = try part { try info() }
        let stored = try part { TagSet(try store.tags()) }
        let entries = try part { try store.entries() }
        if let header, let stored, let entries {
            let nodes = entries.map { HistoryReplay.Node(seq: $0.node.seq, parent: $0.node.parent, entry: $0.entry) }
            if let problem = HistoryReplay.problem(nodes, cursor: header.cursor, tags: stored, settings: header.settings) {
                problems.append(store.damaged(problem))
            }
        }
        if let header, let entries, let highest = entries.flatMap({ $0.entry.changes.map(\.id.rawValue) }).max(), highest >= header.nextID {
            problems.append(store.damaged(tr("the id counter is behind tag #{highest}", ["highest": highest])))
        }
        let fonts = try part { try checkFonts() }
        guard problems.isEmpty, let fonts else {
            // A row two parts read (the tags, which the fonts' check reads again) is told once.
            var seen = Set<String>()
            throw CheckProblems(problems: problems.filter { seen.insert($0.message).inserted })
        }
        return fonts
    }
}

/// Everything `check` found wrong with a project, in the order it checks: the first is what any
/// command would refuse the project with; its message, advice and meaning are the first's.
public struct CheckProblems: TagProjError {
    /// Each problem, as the part that found it reported it.
    public let problems: [any TagProjError]
    public var message: String { problems[0].message }
    public var advice: String? { problems[0].advice }
    public var meaning: ErrorMeaning { problems[0].meaning }
}
