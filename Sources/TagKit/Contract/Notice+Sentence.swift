/// The second wording of what an edit did, for people who see the tags (the editor's status): tags
/// named by what they say, quoted (“宫保鸡丁”), not by their ids, and no coordinates, one sentence
/// per notice (`Notice.sentence(naming:)`) and per thing done (`Answer.sentences(naming:)`). The
/// CLI keeps `message` and `said`, which name tags `#3` and give positions.

/// How a sentence names a tag: by its text, quoted (“宫保鸡丁”; a price tag by its price as drawn,
/// “¥28”), or by its id (#3) when the tag is not among those given (it was deleted since).
public struct TagNames: Sendable {
    private var texts: [TagID: String]

    /// The names of `tags`, drawn with `settings` (a price tag's price in the project's format).
    public init(_ tags: [Tag], settings: ProjectSettings) {
        texts = Dictionary(tags.map { ($0.id, $0.labelParts(settings).text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The names of these texts, by tag id.
    public init(texts: [TagID: String] = [:]) { self.texts = texts }

    /// `“宫保鸡丁”` for a tag among those given, `#3` for any other.
    public func callAsFunction(_ id: TagID) -> String { texts[id].map(Self.quoted) ?? id.description }

    /// `text` quoted as a sentence quotes a tag's text, in the current language.
    public static func quoted(_ text: String) -> String {
        // TRANSLATORS: a tag named in a sentence by what it says ({text}, a dish's name or a price), quoted.
        tr("“{text}”", ["text": text])
    }
}

extension Notice {
    /// The notice for people who see the tags, in the current language: `“宫保鸡丁” overlaps “¥28”`,
    /// `The bubble of “宫保鸡丁” went to the left to stay inside the photo`. Notices that name no tag
    /// and give no position say what `message` says.
    public func sentence(naming names: TagNames) -> String {
        switch self {
        case let .movedToStayInside(id, _):
            // TRANSLATORS: the editor's status: a tag's dot was moved less far than asked, or moved in, so that the whole
            // tag stays inside the photo. {tag} is the tag, named by its quoted text (“宫保鸡丁”).
            return tr("{tag} was moved in to stay inside the photo", ["tag": names(id)])
        case let .sideChanged(id, side):
            switch side {
            // TRANSLATORS: the editor's status: the bubble (the tag's box of text beside its dot) was put on the other
            // side, here the left, because it did not fit. {tag} is the tag, named by its quoted text.
            case .left: return tr("The bubble of {tag} went to the left to stay inside the photo", ["tag": names(id)])
            // TRANSLATORS: the editor's status: the bubble (the tag's box of text beside its dot) was put on the other
            // side, here the right, because it did not fit. {tag} is the tag, named by its quoted text.
            case .right: return tr("The bubble of {tag} went to the right to stay inside the photo", ["tag": names(id)])
            }
        case let .overlaps(id, other):
            // TRANSLATORS: the editor's status: two tags, each named by its quoted text, now overlap.
            return tr("{tag} overlaps {other}", ["tag": names(id), "other": names(other)])
        case let .moreOverlaps(listed):
            // TRANSLATORS: the editor's status, after the overlaps it listed one per line: there are more.
            return trn("More tags overlap than the {count} overlap listed", "More tags overlap than the {count} overlaps listed", count: listed)
        case let .arranged(id, _, side):
            switch side {
            // TRANSLATORS: the editor's status: arranging moved the tag {tag} (named by its quoted text) so that it no
            // longer overlaps others, its bubble now on the left of its dot.
            case .left: return tr("Moved {tag} clear of the others, its bubble on the left", ["tag": names(id)])
            // TRANSLATORS: the editor's status: arranging moved the tag {tag} (named by its quoted text) so that it no
            // longer overlaps others, its bubble now on the right of its dot.
            case .right: return tr("Moved {tag} clear of the others, its bubble on the right", ["tag": names(id)])
            }
        case let .otherBranch(_, label):
            // TRANSLATORS: the editor's status after a redo: the history also goes on from here another way. {action}
            // is what that other entry did, as the status says it (Moved “宫保鸡丁”).
            return tr("Another branch of the history continues from here: {action}", ["action": label.sentence(naming: names)])
        case let .undidOthersEdit(_, label, user, frontEnd, otherShell):
            if otherShell {
                // TRANSLATORS: the editor's status after an undo: what was undone was done in another shell. {user} is a
                // user name, {frontEnd} the program (tagproj, editor), {action} what the entry did (Moved “宫保鸡丁”).
                return tr("That was an edit made in another shell ({user}, {frontEnd}): {action}",
                          ["user": user, "frontEnd": frontEnd, "action": label.sentence(naming: names)])
            }
            // TRANSLATORS: the editor's status after an undo: what was undone was done by someone else or elsewhere.
            // {user} is a user name, {frontEnd} the program (tagproj, editor), {action} what the entry did.
            return tr("That was an edit made by {user} with {frontEnd}: {action}",
                      ["user": user, "frontEnd": frontEnd, "action": label.sentence(naming: names)])
        case let .drawnElsewhere(id, _, _):
            // TRANSLATORS: the editor's status after an export: with the fonts installed here the tag's text is wider
            // than when it was placed, so it was drawn a little elsewhere. {tag} is the tag, named by its quoted text.
            return tr("{tag} no longer fits where it stands with the fonts used here, so it was drawn nearby", ["tag": names(id)])
        case let .ignoredByFormat(field, format):
            switch field {
            // TRANSLATORS: the editor's status after an export: {format} (PNG, WebP) has no use for a quality.
            case .quality: return tr("The quality was not used: {format} is lossless", ["format": format.displayName])
            // TRANSLATORS: the editor's status after an export: {format} (WebP, AVIF) cannot record a resolution.
            case .dpi: return tr("The resolution was not written: {format} has no place for it", ["format": format.displayName])
            default: return message
            }
        case .photoSlightlyDamaged, .madeFromSlightlyDamagedPhoto, .fontSubstituted:
            return message
        }
    }

    /// The notice as the editor's server sends it: its JSON (`json`) and its `sentence`.
    public func json(naming names: TagNames) -> JSON {
        guard case .object(let members) = json else { return json }
        return .object(members + [("sentence", .string(sentence(naming: names)))])
    }
}

extension LabelWording {
    /// What the entry did, for people who see the tags, in the current language: `Moved “宫保鸡丁”`,
    /// `Deleted “¥28”`, `Renamed “Soup” to “Tea”`. Tags the wording names only by id are named by
    /// `names`.
    public func sentence(naming names: TagNames) -> String {
        let quoted = TagNames.quoted
        switch self {
        case let .add(kind, _, text, price):
            switch (kind, price) {
            // TRANSLATORS: the editor's status: a dish tag was added. {tag} is its quoted name (“宫保鸡丁”).
            case (.dish, nil): return tr("Added {tag}", ["tag": quoted(text)])
            // TRANSLATORS: the editor's status: a dish tag was added with its price. {tag} is its quoted name; {price}
            // the price as drawn (¥38).
            case (.dish, let price?): return tr("Added {tag} at {price}", ["tag": quoted(text), "price": price])
            // TRANSLATORS: the editor's status: a price tag was added. {tag} is the quoted price as drawn (“¥38”).
            case (.price, _): return tr("Added the price {tag}", ["tag": quoted(text)])
            }
        case let .move(id, _):
            // TRANSLATORS: the editor's status: a tag was moved. {tag} is the tag, named by its quoted text.
            return tr("Moved {tag}", ["tag": names(id)])
        case let .moveUnchanged(id, _):
            // TRANSLATORS: the editor's status: a move left the tag where it was (an arrow key at the photo's edge), so
            // nothing was recorded. {tag} is the tag, named by its quoted text.
            return tr("{tag} stays where it was: nothing changed", ["tag": names(id)])
        case let .flip(id):
            // TRANSLATORS: the editor's status: a tag's bubble was flipped to the other side of its dot.
            return tr("Flipped the bubble of {tag}", ["tag": names(id)])
        case let .edit(id, text, price):
            let renamed = text.map {
                // TRANSLATORS: the editor's status: a tag's text was changed. {from} and {to} are the old and new text, quoted.
                tr("Changed {from} to {to}", ["from": quoted($0.from), "to": quoted($0.to)])
            }
            let tag = text.map { quoted($0.to) } ?? names(id)
            let repriced: String? = price.map { price in
                switch (price.from, price.to) {
                // TRANSLATORS: the editor's status: a dish's price was removed. {tag} is the dish, named by its quoted name.
                case (_, nil): return tr("Removed the price of {tag}", ["tag": tag])
                // TRANSLATORS: the editor's status: a dish that had no price was given one. {price} is as drawn (¥42).
                case (nil, let to?): return tr("Gave {tag} the price {price}", ["tag": tag, "price": to])
                // TRANSLATORS: the editor's status: a dish's price was changed. {from} and {to} are as drawn (¥38, ¥42).
                case (let from?, let to?): return tr("Changed the price of {tag} from {from} to {to}", ["tag": tag, "from": from, "to": to])
                }
            }
            switch (renamed, repriced) {
            // TRANSLATORS: the editor's status: two things one edit did, each a sentence (a new name, a new price).
            case let (first?, second?): return tr("{first}; {second}", ["first": first, "second": second])
            case let (first?, nil): return first
            case let (nil, second?): return second
            case (nil, nil): return self.text
            }
        case let .delete(_, text, _):
            // TRANSLATORS: the editor's status: a tag was deleted. {tag} is the tag, named by its quoted text.
            return tr("Deleted {tag}", ["tag": quoted(text)])
        case let .set(changes):
            // TRANSLATORS: the editor's status: `set` asked for the settings the project already had.
            guard !changes.isEmpty else { return tr("The settings were already so: nothing changed") }
            // TRANSLATORS: the editor's status: project settings changed. {changes} is a list of them (currency “$”, tag scale 1.5).
            return tr("Changed the settings: {changes}", ["changes": Self.list(changes.map(\.text))])
        case let .arrange(count):
            // TRANSLATORS: the editor's status: arranging moved or flipped {count} tags so that they overlap less.
            return trn("Arranged {count} tag so that the tags overlap less", "Arranged {count} tags so that the tags overlap less", count: count)
        case .arrangeNothingOverlapped:
            // TRANSLATORS: the editor's status: arranging found no tags overlapping, so it did nothing.
            return tr("No tags overlap: there was nothing to arrange")
        case .arrangeUnresolved:
            // TRANSLATORS: the editor's status: arranging found overlapping tags but could move none of them apart.
            return tr("No overlap could be resolved: the tags stay where they are")
        case let .restore(target):
            // TRANSLATORS: the editor's status: the project went back to the state after history entry {entry} (#4; #0
            // is the empty start).
            return tr("Restored the state of {entry}", ["entry": "#\(target)"])
        case .refreshFonts:
            // TRANSLATORS: the editor's status: every tag was measured again with the fonts installed now.
            return tr("Measured every tag again with the fonts installed here")
        case .batch, .named, .menu:
            return said ?? text
        }
    }
}

extension EntryLabel {
    /// What the entry did, for people who see the tags (`LabelWording.sentence(naming:)`); what
    /// the front ends say of it (`said`) when the entry has no wording (an older version made it).
    public func sentence(naming names: TagNames) -> String { wording?.sentence(naming: names) ?? said }
}

extension Answer {
    /// What was done, for people who see the tags, one sentence each, in the current language:
    /// `Moved “宫保鸡丁”`, `Undid: Deleted “¥28”`. What `said` says where no tag is named (an
    /// export, a project made).
    public func sentences(naming names: TagNames) -> [String] {
        switch result {
        case .edited(_, let label): return [label.sentence(naming: names)]
        case let .batch(label, changes):
            // A batch its front end named (the editor's fix of a refused flip: the dot moved in, then the flip) says
            // what it did to its one tag, not its name.
            if case .named? = label.wording, changes.count == 1, let before = changes[0].before, let after = changes[0].after {
                let id = changes[0].id
                switch (before.anchor != after.anchor, before.side != after.side) {
                case (true, true):
                    // TRANSLATORS: the editor's status: a tag's dot was moved and its bubble flipped to the other side, in
                    // one step (the fix offered when a flip does not fit). {tag} is the tag, named by its quoted text.
                    return [tr("Moved {tag} and flipped its bubble", ["tag": names(id)])]
                case (true, false): return [LabelWording.move(id: id, to: "").sentence(naming: names)]
                case (false, true): return [LabelWording.flip(id: id).sentence(naming: names)]
                case (false, false): break
                }
            }
            return [label.sentence(naming: names)]
        // TRANSLATORS: the editor's status after an undo: {action} is what the undone entry did (Deleted “¥28”).
        case .undone(let labels): return labels.map { tr("Undid: {action}", ["action": $0.sentence(naming: names)]) }
        // TRANSLATORS: the editor's status after a redo: {action} is what the redone entry did (Moved “宫保鸡丁”).
        case .redone(let labels): return labels.map { tr("Redid: {action}", ["action": $0.sentence(naming: names)]) }
        case .restored(let seq, _): return [tr("Restored the state of {entry}", ["entry": "#\(seq)"])]
        case .exported, .tags, .history, .info, .created: return said
        }
    }
}

extension PlacementError {
    /// The refusal for people who see the tags, the tag by its text and the dot by no coordinates:
    /// `The bubble of “宫保鸡丁” does not fit on the right of its dot: it would stick out of the photo`.
    /// What `messageOnThePicture` says of a tag not yet added, or a text too long.
    public func sentence(naming names: TagNames) -> String {
        switch self {
        case let .sideDoesNotFit(id?, .left, _, _):
            // TRANSLATORS: the editor's status: a flip refused. {tag} is the tag, named by its quoted text; the bubble is
            // its box of text, the dot what marks the dish.
            return tr("The bubble of {tag} does not fit on the left of its dot: it would stick out of the photo", ["tag": names(id)])
        case let .sideDoesNotFit(id?, .right, _, _):
            // TRANSLATORS: the editor's status: a flip refused. {tag} is the tag, named by its quoted text; the bubble is
            // its box of text, the dot what marks the dish.
            return tr("The bubble of {tag} does not fit on the right of its dot: it would stick out of the photo", ["tag": names(id)])
        default:
            return messageOnThePicture
        }
    }
}

extension AnswerFailure {
    /// The failure `error` describes, for a front end that shows the tags: a placement's refusal on
    /// the picture (`on_the_picture`) names the tag by its text (`PlacementError.sentence(naming:)`).
    public init(_ error: any TagProjError, naming names: TagNames) {
        self.init(error)
        let cause = (error as? BatchError)?.error ?? error
        if let placement = cause as? PlacementError { messageOnThePicture = placement.sentence(naming: names) }
    }
}

extension RequestCodec {
    /// `answer` to `request` as JSON (`json(_:to:)`, its `said` in English) for a front end that
    /// shows the tags: each notice also carries its `sentence`, and `sentences` says what was done,
    /// both in the current language, naming tags by `names`:
    /// `{"ok":true,"op":"move","said":["move #1 to 0.989,0.517"],"sentences":["Moved “宫保鸡丁”"],
    /// "notices":[{"notice":"overlaps",…,"text":"#1 overlaps #2","sentence":"“宫保鸡丁” overlaps “¥28”",…}],…}`.
    public static func json(_ answer: Answer, to request: Request, naming names: TagNames) -> JSON {
        guard case .object(let members) = json(answer, to: request) else { return json(answer, to: request) }
        var out: [(String, JSON)] = []
        for (key, value) in members {
            if key == "notices" {
                out.append(("sentences", .array(answer.sentences(naming: names).map { .string($0) })))
                out.append(("notices", .array(answer.notices.map { $0.json(naming: names) })))
            } else {
                out.append((key, value))
            }
        }
        return .object(out)
    }
}
