/// The font subsets a project carries, for drawing and for `info`.
extension Project {
    /// A font system that draws each tag from the subsets the project carries for it, and any
    /// tag without them (a project made before subsets, a tag edited without a `FontSystem`) with
    /// the installed fonts. When every tag has its subsets, fontconfig is never loaded. With
    /// `at`, the tags as they are at history entry `at`'s state, with the subsets they had then
    /// (what `export --at` draws).
    ///
    /// - Throws: ``EmbeddedFontError`` naming a subset that is damaged, before anything is drawn.
    public func fonts(at: Int64? = nil) throws -> FontSystem {
        let fonts = try FontSystem()
        try adoptFonts(into: fonts, at: at)
        return fonts
    }

    /// Has `fonts` draw each tag as it stands now (or at entry `at`'s state) from its subsets (see
    /// ``fonts(at:)``); subsets it already holds are not opened again, so a long-lived font system
    /// (the editor's) stays cheap. Export does this itself (``export(to:options:reusing:at:)``).
    public func adoptFonts(into fonts: FontSystem, at: Int64? = nil) throws {
        try adopt(drawnState(at: at), into: fonts)
    }

    /// The tags and settings of the current state, or of entry `at`'s (0: the empty start), with
    /// the subsets each tag is drawn with in that state: read in one transaction, so the faces
    /// are always those of the tags they draw. What export and ``adoptFonts(into:at:)`` draw from.
    func drawnState(at: Int64?) throws -> DrawnState {
        try store.db.readTransaction {
            let header = try store.header()
            guard let at else { return DrawnState(tags: try store.tags(), settings: header.settings, subsets: try store.tagFonts()) }
            let path = try store.path(from: header.cursor, to: at)
            let then = try store.state(at: at, cursor: header.cursor, tags: TagSet(try store.tags()), settings: header.settings)
            return DrawnState(tags: then.tags.sorted, settings: then.settings, subsets: try store.tagFonts(along: path))
        }
    }

    /// Has `fonts` draw each tag of `state` that has subsets from them (the one place a state's
    /// subsets are matched to its labels); a tag without them is left to the installed fonts.
    ///
    /// - Throws: ``EmbeddedFontError`` naming a subset that is damaged, before anything is drawn.
    func adopt(_ state: DrawnState, into fonts: FontSystem) throws {
        guard !state.subsets.isEmpty else { return }
        for tag in state.tags {
            guard let list = state.subsets[tag.id] else { continue }
            // The subsets are cut for the whole label; the text and the price are shaped apart.
            for label in [tag.label(state.settings)] + tag.drawnLabels(state.settings) {
                try fonts.adopt(list, forLabel: label, family: state.settings.font, language: state.settings.language)
            }
        }
    }

    /// Opens every subset the project holds, with the checks export makes (`check`): the ones
    /// the tags are drawn with now must open, and so must every reference to a subset or entry.
    /// A damaged subset that only earlier states of the history are drawn with (left behind by
    /// `set --refresh-fonts`, say) does not stop the project from working now; it is returned, with
    /// those states, for `check` to warn of: export at them, or after undo or restore to them,
    /// refuses it.
    ///
    /// - Throws: ``EmbeddedFontError`` naming the first damaged subset the tags use now, or
    /// `ProjectError.damaged` for a reference that does not hold.
    public func checkFonts() throws -> [DamagedHistoryFont] {
        if let problem = try store.danglingFontReference() { throw store.damaged(problem) }
        let fonts = try fonts()
        var damaged: [DamagedHistoryFont] = []
        for (id, states) in try store.historyOnlySubsets() {
            let face = try store.subset(id)
            do {
                _ = try FontFace.embedded(face, library: fonts.library)
            } catch let error as EmbeddedFontError {
                damaged.append(DamagedHistoryFont(error: error, states: states))
            }
        }
        return damaged
    }

    /// Every subset the project holds, by family and style, with how many tags use it now.
    public func embeddedFaces() throws -> [EmbeddedFaceSummary] { try store.embeddedFaceSummaries() }

    /// Re-resolves every tag's faces from the installed fonts: each tag is measured again with
    /// `fonts`, placed by the usual rules, and given freshly cut subsets, as one undoable entry
    /// (`refresh fonts`). What an old project (without subsets) needs once to carry its fonts.
    public func refreshFonts(with fonts: FontSystem) throws -> EditResult {
        let outcome = try store.commit(origin: origin, embedder: fonts, refreshFonts: true) { document in
            var outcome = try document.applying(settings: document.settings, measurer: fonts, everyTag: true)
            outcome.entry.wording = .refreshFonts
            outcome.entry.label = LabelWording.refreshFonts.english
            return outcome
        }
        return EditResult(tag: nil, label: outcome.entry.entryLabel, notices: outcome.notices, entry: outcome.seq)
    }
}

/// One state of a project as it is drawn: its tags and settings, and the subsets each tag is
/// drawn with (by tag; a tag without subsets is drawn with the installed fonts).
struct DrawnState {
    var tags: [Tag]
    var settings: ProjectSettings
    var subsets: [TagID: [(id: Int64, face: EmbeddedFace)]]
}
