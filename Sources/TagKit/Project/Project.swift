/// An open project file: the façade through which commands read and edit a project.
///
/// Every front end comes in through `perform(_:fonts:environment:)`, one `Request` answered with one
/// `Answer`; the other public methods serve readers beside it (the editor's views, the gallery's
/// thumbnails, `check`). The façade orchestrates and holds no SQL: it asks the store
/// (`ProjectStore`) for what a request needs, applies an edit with the pure
/// `Document.applying(_:measurer:)`, and has the store write the outcome, tags and history entry
/// together, in one `BEGIN IMMEDIATE` transaction. Only drawing decodes the photo: an export, a
/// view of it for the editor, a thumbnail for the gallery.
public final class Project {
    /// The file's path as given.
    public let path: String
    /// The file's rows.
    let store: ProjectStore
    /// For a project just made by `create`: what its photo's check says, for the answer of the
    /// `Creation` (`Notice.madeFromSlightlyDamagedPhoto` when the decoder stepped over a problem
    /// of the photo without losing pixels: stray bytes, a missing end marker).
    var creationNotices: [Notice] = []
    /// For a project just made by `create` with `NewProjectOptions.keepsPicture`: its photo as the
    /// check decoded it, when every view of it is a whole decode (see `VerifiedPhoto.picture`),
    /// to draw its first view from (`view(size:reuse:drawnBefore:decoded:)`).
    public internal(set) var pictureDecodedAtCreation: DecodedPicture?
    /// The front end recorded with every history entry this project makes: `cli`, `apply`,
    /// `editor`; `tagkit` for a program that links the library.
    public let frontEnd: String

    /// `application_id` of every tagproj project: `'TAGP'`.
    public static let applicationID: UInt32 = 0x5441_4750
    /// How long a command waits for another process's lock before giving up with exit 75.
    /// `TAGPROJ_BUSY_TIMEOUT_MS` overrides the default of 5 s.
    public static var defaultBusyTimeoutMS: Int32 {
        guard let raw = Environment.value("TAGPROJ_BUSY_TIMEOUT_MS"), let ms = Int32(raw), ms >= 0 else { return 5000 }
        return ms
    }

    init(path: String, store: ProjectStore, frontEnd: String = "tagkit") {
        self.path = path
        self.store = store
        self.frontEnd = frontEnd
    }

    /// Opens an existing project. The file's header is checked before SQLite touches it, so a file
    /// that is not ours, or is from a newer tagproj, is refused without a byte written. The
    /// entries it makes are recorded as made through `frontEnd`.
    public static func open(_ path: String, forWriting: Bool, busyTimeoutMS: Int32 = defaultBusyTimeoutMS,
                            frontEnd: String = "tagkit") throws -> Project {
        Project(path: path, store: try ProjectStore.open(path, forWriting: forWriting, busyTimeoutMS: busyTimeoutMS), frontEnd: frontEnd)
    }

    /// This process, now, through this project's front end: what a new history entry records.
    var origin: EntryOrigin { .here(frontEnd: frontEnd) }

    /// The project's settings (currency, font).
    public func settings() throws -> ProjectSettings { try store.header().settings }

    /// The picture's size as the user sees it (oriented and cropped).
    public func pictureSize() throws -> PictureSize { try store.pictureSize() }

    /// The part of the upright photo the picture is (`new --crop`, `set --crop`).
    public func crop() throws -> Crop { try store.source().crop }

    /// The tags, in id order.
    public func tags() throws -> [Tag] { try store.tags() }

    /// The current branch of the history: from the start to the cursor, then on along the newest
    /// entries (what redo would apply, marked undone).
    public func history() throws -> HistoryLog { try store.historyBranch() }

    /// Every entry of the history tree, in seq order, those not in the current state marked undone.
    public func historyTree() throws -> HistoryLog { try store.historyTree() }
    /// The entries newer than `seq`, and the cursor (see `ProjectStore.historyTree(after:)`).
    public func historyTree(after seq: Int64) throws -> HistoryLog { try store.historyTree(after: seq) }
    /// The newest entry's seq and the cursor, which every change of the history changes.
    public func historyMark() throws -> (newest: Int64, cursor: Int64) { try store.historyMark() }
}
