/// What a project answers a `Request`: the result as a value, the notices the library worded, and
/// what was done, in words, for a front end to show as it likes (a line on stderr, a status bar).
public struct Answer: Equatable, Sendable {
    /// What the request produced.
    public enum Result: Equatable, Sendable {
        /// One edit (or `set`, `arrange`, a font refresh): the tag as it now is (nil when the
        /// edit touched no single tag, or deleted it) and the history entry's label.
        case edited(tag: Tag?, label: EntryLabel)
        /// A batch: its entry's label and each tag it touched, before and after.
        case batch(label: EntryLabel, changes: [TagChange])
        /// The labels of the entries undone, latest first.
        case undone([EntryLabel])
        /// The labels of the entries redone, in order.
        case redone([EntryLabel])
        /// The state of entry `seq` restored as a new entry labelled `label`.
        case restored(seq: Int64, label: EntryLabel)
        /// The picture written to `to` (to memory, the result holds it).
        case exported(ExportResult, to: ExportDestination)
        /// The tags of a state, with what their boxes are measured against.
        case tags([Tag], size: PictureSize, settings: ProjectSettings)
        /// The history, as asked (the branch or the whole tree).
        case history(HistoryLog)
        /// The project's facts, and the path a JPEG export of it would take.
        case info(ProjectInfo, plan: ExportPlan)
        /// A project made (`Creation`), called `name`, and its facts.
        case created(name: String, ProjectInfo)
    }

    /// What the request produced.
    public var result: Result
    /// What it did that the user did not ask for in so many words.
    public var notices: [Notice]
    /// The history entry it appended (an edit, a batch, a restore), for a front end that follows
    /// the history by entry number; nil when it appended none.
    public var entry: Int64?

    /// An answer of `result` and `notices`, and the `entry` it appended.
    public init(_ result: Result, notices: [Notice] = [], entry: Int64? = nil) {
        self.result = result
        self.notices = notices
        self.entry = entry
    }

    /// What was done, one line each, as every front end says it: the entry's label for an edit
    /// (`move #1 to 0.500,0.500`), `undid delete #1 “Soup”` for each entry undone, `redid …`,
    /// `restored the state of #4`, `applied 3 edits from menu.csv`, `wrote out.jpg: jpeg 4000×3000,
    /// 2345678 bytes (lossless outside the tags)`, `created dinner.tagproj: png 600×400`. Empty for
    /// a read. In the current language: JSON carries it in English (`RequestCodec.json`).
    public var said: [String] {
        switch result {
        case .edited(_, let label): return [label.description]
        case .batch(let label, _): return [label.said]
        // TRANSLATORS: {label} is the history entry's label, e.g. "flip #2".
        case .undone(let labels): return labels.map { tr("undid {label}", ["label": $0]) }
        // TRANSLATORS: {label} is the history entry's label, e.g. "flip #2".
        case .redone(let labels): return labels.map { tr("redid {label}", ["label": $0]) }
        case .restored(let seq, _): return [tr("restored the state of #{seq}", ["seq": seq])]
        case let .exported(result, destination):
            let name = destination.description
            // A JPEG says which path it took; any other format has only the one.
            let facts: MessageArguments = ["path": name, "format": result.format.rawValue, "width": result.size.width,
                                           "height": result.size.height, "bytes": result.bytes]
            guard result.format == .jpeg else {
                return [trn("wrote {path}: {format} {width}×{height}, {bytes} byte", "wrote {path}: {format} {width}×{height}, {bytes} bytes",
                            count: result.bytes, facts)]
            }
            guard let reason = result.plan.wordedReason else {
                return [trn("wrote {path}: {format} {width}×{height}, {bytes} byte (lossless outside the tags)",
                            "wrote {path}: {format} {width}×{height}, {bytes} bytes (lossless outside the tags)", count: result.bytes, facts)]
            }
            // TRANSLATORS: {reason} says why the JPEG was re-encoded whole (e.g. "a size was asked for").
            return [filled(trn("wrote {path}: {format} {width}×{height}, {bytes} byte (re-encoded: {reason})",
                               "wrote {path}: {format} {width}×{height}, {bytes} bytes (re-encoded: {reason})", count: result.bytes, facts),
                           ["reason": reason])]
        case let .created(name, info):
            return [tr("created {path}: {format} {width}×{height}", ["path": name, "format": info.format, "width": info.width, "height": info.height])]
        case .tags, .history, .info: return []
        }
    }
}

/// A request that failed, as an answer carries it across a process or a network: the library's
/// wording of the error, its advice, and its meaning (which each front end turns into an exit
/// code or an HTTP status).
public struct AnswerFailure: TagProjError, Equatable {
    /// The one-line explanation.
    public var message: String
    /// What to do about it, if anything.
    public var advice: String?
    /// What kind of failure it is.
    public var meaning: ErrorMeaning
    /// The message for a front end that shows the picture, where it differs (no coordinates).
    public var messageOnThePicture: String?
    /// What would do what was asked, if there is one thing: a label for a button, and the request.
    public var fix: Fix?

    /// A request that would do what the failed one asked, offered to the user.
    public struct Fix: Equatable, Sendable {
        /// `Move the dot in and flip`.
        public var label: String
        /// The request to send when the user takes it.
        public var request: Request
    }

    /// A failure with these parts.
    public init(message: String, advice: String? = nil, meaning: ErrorMeaning) {
        (self.message, self.advice, self.meaning) = (message, advice, meaning)
    }

    /// The failure `error` describes (a batch's failure is its edit's, with the line).
    public init(_ error: any TagProjError) {
        // A failure already worded (a front end's, `init(_:naming:)`) is kept as it is.
        if let failure = error as? AnswerFailure {
            self = failure
            return
        }
        self.init(message: error.message, advice: error.advice, meaning: error.meaning)
        let cause = (error as? BatchError)?.error ?? error
        if let placement = cause as? PlacementError {
            messageOnThePicture = placement.messageOnThePicture
            fix = placement.fix.map { Fix(label: $0.label, request: $0.request) }
        }
    }
}
