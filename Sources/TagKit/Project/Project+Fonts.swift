/// The font subsets a project carries, for drawing and for `info`.
extension Project {
    /// A font system that draws each tag from the subsets the project carries for it, and any
    /// tag without them (a project made before subsets, a tag edited without a `FontSystem`) with
    /// the installed fonts. When every tag has its subsets, fontconfig is never loaded.
    ///
    /// - Throws: ``EmbeddedFontError`` naming a subset that is damaged, before anything is drawn.
    public func fonts() throws -> FontSystem {
        let fonts = try FontSystem()
        try adoptFonts(into: fonts)
        return fonts
    }

    /// Has `fonts` draw each tag as it stands now from its subsets (see ``fonts()``); subsets it
    /// already holds are not opened again, so a long-lived font system (the editor's) stays cheap.
    public func adoptFonts(into fonts: FontSystem) throws {
        let settings = try store.header().settings
        let subsets = try store.tagFonts()
        guard !subsets.isEmpty else { return }
        for tag in try store.tags() {
            guard let list = subsets[tag.id] else { continue }
            try fonts.adopt(list, forLabel: tag.label(settings), family: settings.font)
        }
    }

    /// Opens every subset the tags are drawn with now, with the checks export makes (`check`).
    /// Subsets only the history refers to are checked when undo or redo brings them back and
    /// they are drawn.
    ///
    /// - Throws: ``EmbeddedFontError`` naming the first damaged one.
    public func checkFonts() throws {
        _ = try fonts()
    }

    /// Every subset the project holds, by family and style, with how many tags use it now.
    public func embeddedFaces() throws -> [EmbeddedFaceSummary] { try store.embeddedFaceSummaries() }

    /// Re-resolves every tag's faces from the installed fonts: each tag is measured again with
    /// `fonts`, placed by the usual rules, and given freshly cut subsets, as one undoable entry
    /// (`refresh fonts`). What an old project (without subsets) needs once to carry its fonts.
    public func refreshFonts(with fonts: FontSystem) throws -> EditResult {
        let outcome = try store.commit(embedder: fonts, refreshFonts: true) { document in
            var outcome = try document.applying(settings: document.settings, measurer: fonts, everyTag: true)
            outcome.entry.label = "refresh fonts"
            return outcome
        }
        return EditResult(tag: nil, label: outcome.entry.label, notices: outcome.notices)
    }
}
