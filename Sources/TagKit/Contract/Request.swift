/// Everything a front end asks of a project, as one value: a command line, a line of an `apply`
/// file, a gesture in the editor and a batch export's child all become a `Request`, carried out by
/// `Project.perform(_:fonts:)`, which answers with an `Answer`. `RequestCodec` reads and writes
/// both as JSON, so every front end speaks the same dialect.
///
/// Positions are kept as the user wrote them (`Position`: fractions or pixels); they are turned
/// into fractions of the picture inside the edit's transaction, where its size is known.
public enum Request: Equatable, Sendable {
    /// A new tag of `kind` saying `text` (for a price, an amount), its dot at `at` (nil: in free
    /// space), its bubble on `side` (nil: toward the middle, or the side that fits). A dish may
    /// carry `price` as the user wrote it (validated as a price tag's text is, against the
    /// project's currency and format); a price tag with one is refused.
    case add(kind: Kind, text: String, price: String? = nil, at: Position?, side: Side?)
    /// The tag's dot to a point, or by an offset.
    case move(TagID, Motion)
    /// The tag's bubble to the other side of its dot.
    case flip(TagID)
    /// The tag's text replaced, and (`price`) a dish's price set or removed; nil leaves that
    /// part as it is, and at least one must be given. A price tag's price is its text: `price`
    /// on one is refused.
    case edit(TagID, text: String?, price: PriceChange? = nil)
    /// The tag removed.
    case delete(TagID)
    /// Some of the project's settings changed; every tag whose label changes is fitted again.
    case set(SettingsChange)
    /// Every tag's faces cut again from the installed fonts, each tag measured and fitted again.
    case refreshFonts
    /// Overlaps resolved, sides first.
    case arrange
    /// Many edits as one transaction and one history entry, all or nothing.
    case batch(Batch)
    /// Back `steps` entries along the tree.
    case undo(steps: Int)
    /// Forward `steps` entries along the newest branch.
    case redo(steps: Int)
    /// To the state of entry `seq` (0: the empty start), as one new entry.
    case restore(to: Int64)
    /// The picture with its tags written to `to` (a file, standard output, or memory: the answer
    /// then holds it); with `at`, entry `at`'s state. The project is only read.
    case export(to: ExportDestination, options: ExportOptions, at: Int64?)
    /// The tags (with `at`, of entry `at`'s state).
    case list(at: Int64?)
    /// The history: the current branch, or (`tree`) every entry.
    case history(tree: Bool)
    /// The picture, settings, counts and fonts.
    case info

    /// How `move` goes.
    public enum Motion: Equatable, Sendable {
        /// The dot to this point.
        case to(Position)
        /// The dot by this offset.
        case by(Position)
    }

    /// Whether carrying it out writes the project.
    public var changesProject: Bool {
        switch self {
        case .export, .list, .history, .info: return false
        default: return true
        }
    }

    /// Whether it is one edit of the tags or settings, so that it may be part of a batch.
    public var isEdit: Bool {
        switch self {
        case .add, .move, .flip, .edit, .delete, .set, .arrange: return true
        default: return false
        }
    }

    /// Whether carrying it out measures text, so needs the installed fonts.
    public var measuresText: Bool {
        switch self {
        case .add, .edit, .set, .refreshFonts: return true
        case .batch(let batch): return batch.requests.contains(where: \.measuresText)
        default: return false
        }
    }

    /// The edit it asks for on a `size` picture: its positions turned into fractions of it, a
    /// crop resolved against `upright` (the photo upright, uncropped). Nil for a request that is
    /// not one edit.
    public func edit(in size: PictureSize, settings: ProjectSettings, upright: PictureSize? = nil) throws -> Edit? {
        switch self {
        case let .add(kind, text, price, at, side):
            return .add(kind: kind, text: text, price: price, at: at?.normalized(in: size), side: side)
        case let .move(id, .to(point)): return .move(id, .to(point.normalized(in: size)))
        case let .move(id, .by(offset)):
            let d = offset.normalized(in: size)
            return .move(id, .by(dx: d.x, dy: d.y))
        case .flip(let id): return .flip(id)
        case let .edit(id, text?, nil): return .setText(id, text)
        case let .edit(id, text, price): return .relabel(id, text: text, price: price)
        case .delete(let id): return .delete(id)
        case .set(let change): return .setSettings(try change.applied(to: settings, upright: upright))
        case .arrange: return .arrange
        default: return nil
        }
    }
}

/// Many edit requests carried out as one: what `apply` reads from a file.
public struct Batch: Equatable, Sendable {
    /// The edits, in order; each `isEdit`.
    public var requests: [Request]
    /// For each, the 1-based line of the text it came from, for errors.
    public var lines: [Int]
    /// Where they came from, for the history entry's label (`apply 3 edits from menu.csv`).
    public var source: String
    /// The entry's label when it says more than where the edits came from (`move #1 in and flip`).
    public var name: String?
    /// What the entry says when it says more than where the edits came from and is worded by
    /// tagproj (`tagproj menu`'s counts), so that it is shown in the reader's language; `name`
    /// is then its English. Nil for a batch a front end named (shown as given) or did not.
    public var wording: LabelWording?
    /// Whether every tag the project has is deleted first, so that its tags become exactly the
    /// ones the batch adds (`list --json | apply --replace` copies a layout instead of doubling it).
    public var replacing: Bool
    /// Which tag each of a menu's keys names once the batch is done, kept in the project in the
    /// batch's own transaction (`tagproj menu`); nil for every other batch.
    public var menuKeys: MenuKeyUpdate?

    /// A batch of `requests` from `source`; `lines` default to their positions.
    public init(_ requests: [Request], lines: [Int]? = nil, source: String, name: String? = nil, replacing: Bool = false,
                menuKeys: MenuKeyUpdate? = nil, wording: LabelWording? = nil) {
        self.wording = wording
        self.requests = requests
        self.lines = lines ?? requests.indices.map { $0 + 1 }
        self.source = source
        self.name = name
        self.replacing = replacing
        self.menuKeys = menuKeys
    }

    /// `apply 3 edits from menu.csv` (`, replacing every tag`), or the batch's name.
    public var label: String {
        name ?? "apply \(requests.count) edit\(requests.count == 1 ? "" : "s") from \(source)" + (replacing ? ", replacing every tag" : "")
    }

    /// The entry's label with what it did, to be worded when read: `wording`, else the name as
    /// given, else the count and source.
    public var entryLabel: EntryLabel {
        EntryLabel(label, wording: wording ?? name.map { .named($0) } ?? .batch(count: requests.count, source: source, replacing: replacing))
    }
}

/// Some of a project's settings, the others kept: what `set` asks for.
public struct SettingsChange: Equatable, Sendable {
    /// The currency symbol.
    public var currency: String?
    /// A sample of the price format (`12,50 €`, `¥1,280`); its symbol becomes the currency unless
    /// `currency` is given, and a sample without one (`12,50`, `1,280.50`) changes only the
    /// separators.
    public var priceFormat: String?
    /// The fontconfig family.
    public var font: String?
    /// The text's language, a BCP 47 tag as `TextLanguage(parsing:)` reads one (`zh-Hans`, `ja`).
    public var language: String?
    /// The tag scale.
    public var tagScale: Double?
    /// The crop, resolved against the upright photo (`set --crop square|W:H|X,Y,W,H|none`).
    public var crop: CropChoice?

    /// A change of the settings given.
    public init(currency: String? = nil, priceFormat: String? = nil, font: String? = nil, language: String? = nil,
                tagScale: Double? = nil, crop: CropChoice? = nil) {
        (self.currency, self.priceFormat, self.font, self.tagScale, self.crop) = (currency, priceFormat, font, tagScale, crop)
        self.language = language
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { currency == nil && priceFormat == nil && font == nil && language == nil && tagScale == nil && crop == nil }

    /// `settings` with this change made, checked by the settings' rules; a crop is resolved
    /// against `upright`, the photo's upright size (a crop change without it is refused).
    /// - Throws: `SettingsError` for a value out of its rules.
    public func applied(to settings: ProjectSettings, upright: PictureSize? = nil) throws(SettingsError) -> ProjectSettings {
        var settings = settings
        if let crop {
            guard let upright, let resolved = try? crop.crop(width: upright.width, height: upright.height) else {
                throw SettingsError(setting: .crop, problem: .outOfRange)
            }
            settings.crop = resolved
        }
        if let priceFormat {
            let (format, symbol) = try PriceFormat.sample(priceFormat)
            if symbol.isEmpty {
                settings.priceFormat.decimalSeparator = format.decimalSeparator
                settings.priceFormat.groupingSeparator = format.groupingSeparator
            } else {
                settings.priceFormat = format
                settings.currency = symbol
            }
        }
        if let currency { settings.currency = currency }
        if let font { settings.font = font }
        if let language { settings.language = try TextLanguage(parsing: language) }
        if let tagScale { settings.tagScale = tagScale }
        return try settings.validated()
    }
}
