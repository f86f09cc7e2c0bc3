/// The CLI's wording of every notice (`#3`, positions), shared by the front ends that speak it: the
/// CLI prints it as a `warning:` or `note:` line, JSON carries it as `text`. The editor's status
/// shows the other wording, `sentence(naming:)` (`Notice+Sentence.swift`).

extension Notice {
    /// `moved to 0.812,0.400 to stay inside the photo`,
    /// `#1: bubble moved to the left to stay inside the photo`, `#3 overlaps #1`,
    /// `more tags overlap than the 100 overlaps listed`,
    /// `another branch continues from here (#12 “move #3 to 0.400,0.520”)`,
    /// `undid #7 “flip #2”, made by ana with editor`.
    public var message: String {
        switch self {
        case let .movedToStayInside(id, point):
            // TRANSLATORS: {id} is a tag's id (#3); {point} its new position, two fractions of the photo (0.812,0.400).
            return tr("{id} moved to {point} to stay inside the photo", ["id": id, "point": point.formatted])
        case let .sideChanged(id, side):
            switch side {
            // TRANSLATORS: the bubble is the tag's box of text, drawn beside the dot that marks the dish.
            case .left: return tr("{id}: bubble moved to the left to stay inside the photo", ["id": id])
            // TRANSLATORS: the bubble is the tag's box of text, drawn beside the dot that marks the dish.
            case .right: return tr("{id}: bubble moved to the right to stay inside the photo", ["id": id])
            }
        case let .overlaps(id, other):
            // TRANSLATORS: two tags' ids: #3 overlaps #1.
            return tr("{id} overlaps {other}", ["id": id, "other": other])
        case let .moreOverlaps(listed):
            return trn("more tags overlap than the {count} overlap listed", "more tags overlap than the {count} overlaps listed", count: listed)
        case let .arranged(id, point, side):
            switch side {
            // TRANSLATORS: {point} is a position, two fractions of the photo (0.812,0.400).
            case .left: return tr("{id}: now at {point}, bubble on the left", ["id": id, "point": point.formatted])
            // TRANSLATORS: {point} is a position, two fractions of the photo (0.812,0.400).
            case .right: return tr("{id}: now at {point}, bubble on the right", ["id": id, "point": point.formatted])
            }
        case let .otherBranch(seq, label):
            // TRANSLATORS: {seq} is a history entry's number, {label} what the entry did (move #3 to 0.400,0.520).
            return tr("another branch continues from here (#{seq} “{label}”)", ["seq": seq, "label": label])
        case let .undidOthersEdit(seq, label, user, frontEnd, otherShell):
            if otherShell {
                // TRANSLATORS: {label} is what the undone entry did; {user} a user name; {frontEnd} the program that made it (tagproj, editor).
                return tr("undid #{seq} “{label}”, made in another shell ({user}, {frontEnd})", ["seq": seq, "label": label, "user": user, "frontEnd": frontEnd])
            }
            // TRANSLATORS: {label} is what the undone entry did; {user} a user name; {frontEnd} the program that made it (tagproj, editor).
            return tr("undid #{seq} “{label}”, made by {user} with {frontEnd}", ["seq": seq, "label": label, "user": user, "frontEnd": frontEnd])
        case let .photoSlightlyDamaged(project, problem):
            // TRANSLATORS: {project} is a project file's name; {problem} the decoder's own words.
            return tr("{project}: the photo is slightly damaged but decoded whole: {problem}", ["project": project, "problem": problem])
        case let .madeFromSlightlyDamagedPhoto(photo, problem):
            // TRANSLATORS: {photo} is a file name; {problem} the decoder's own words.
            return tr("'{photo}' is slightly damaged but decodes whole: {problem}", ["photo": photo, "problem": problem])
        case let .fontSubstituted(family, substitute):
            return tr("font family '{family}' is not installed; tags will use '{substitute}' instead", ["family": family, "substitute": substitute])
        case let .ignoredByFormat(field, format):
            switch field {
            // TRANSLATORS: {format} is an image format's name (WebP, AVIF).
            case .dpi: return tr("--dpi is not written: {format} has no resolution field", ["format": format.displayName])
            // TRANSLATORS: {format} is an image format's name (PNG, WebP).
            case .quality: return tr("--quality is ignored: {format} is lossless", ["format": format.displayName])
            // TRANSLATORS: {option} is an option's name, not translated; {format} an image format's name (PNG, WebP).
            default: return tr("--{option} is ignored: {format} is lossless", ["option": field.rawValue, "format": format.displayName])
            }
        case let .drawnElsewhere(id, from, drawnAt):
            // TRANSLATORS: {from} and {drawnAt} are positions, two fractions of the photo (0.812,0.400).
            return tr("{id} no longer fits at {from} with the fonts used here; drawn at {drawnAt}", ["id": id, "from": from.formatted, "drawnAt": drawnAt.formatted])
        }
    }

    /// How much the user should heed it: a warning when the result may not be what they wanted
    /// (a tag moved or left overlapping), a note for what the history says in passing, an
    /// account of a change they asked for in general terms (`arrange`'s moves).
    public var severity: Severity {
        switch self {
        case .movedToStayInside, .sideChanged, .overlaps, .moreOverlaps, .drawnElsewhere, .photoSlightlyDamaged, .madeFromSlightlyDamagedPhoto,
             .fontSubstituted, .ignoredByFormat:
            return .warning
        case .otherBranch, .undidOthersEdit: return .note
        case .arranged: return .info
        }
    }

    /// How a front end presents a notice.
    public enum Severity: String, Sendable {
        /// The result may not be what the user wanted: the CLI's `warning:`.
        case warning
        /// Said in passing: the CLI's `note:`.
        case note
        /// An account of what was done, as asked.
        case info
    }
}

extension SceneLayout.Notice {
    /// As the notice it becomes in an answer (`Notice.drawnElsewhere`) words it.
    public var message: String { Notice(self).message }
}
