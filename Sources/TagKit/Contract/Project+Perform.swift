extension Project {
    /// Carries out `request` and answers it: the one way in for every front end.
    ///
    /// An edit is one transaction that reads the document, turns the request's positions into
    /// fractions of the picture, applies the edit (`Document.applying`) and stores it with its
    /// history entry; a batch does the same for all its edits, all or nothing. `fonts` measures
    /// text and draws exports; when nil, one is made only for a request that needs it (a drag or a
    /// flip never loads the installed fonts). The project must be open for writing for a request
    /// that `changesProject`. An export takes the user's defaults (`export.quality`) from the config
    /// file `environment` names (nil: this process's), as every front end's export must.
    /// - Throws: the failing stage's `TagProjError` (a batch's names its line: `BatchError`).
    public func perform(_ request: Request, fonts: FontSystem? = nil, environment: [String: String]? = nil) throws -> Answer {
        try perform(request, fonts: fonts, measurer: nil, environment: environment)
    }

    /// `perform(_:fonts:environment:)` with the text of edits measured by `measurer`, when given,
    /// instead of `fonts`: how tests lay tags out with a fixed-width stand-in, so that what they
    /// check does not depend on the fonts installed.
    func perform(_ request: Request, fonts: FontSystem? = nil, measurer given: (any LabelMeasurer)?,
                 environment: [String: String]? = nil) throws -> Answer {
        func measurer() throws -> (any LabelMeasurer)? { try given ?? fonts ?? (request.measuresText ? FontSystem() : nil) }
        switch request {
        case .add, .move, .flip, .edit, .delete, .set, .arrange:
            let measurer = try measurer()
            let result = try applyRequest(request, measurer: measurer)
            var notices = result.notices
            // A font family set that is not installed here: said, as `new` says it (Creation).
            if case .set(let change) = request, change.font != nil, let fonts = measurer as? FontSystem {
                let settings = try settings(), family = settings.font
                if let substitute = try fonts.substitute(for: family, language: settings.language) { notices.insert(.fontSubstituted(family: family, substitute: substitute), at: 0) }
            }
            return Answer(.edited(tag: result.tag, label: result.label), notices: notices, entry: result.entry)
        case .refreshFonts:
            let result = try refreshFonts(with: try fonts ?? FontSystem())
            return Answer(.edited(tag: nil, label: result.label), notices: result.notices, entry: result.entry)
        case .batch(let batch):
            let result = try applyBatch(batch, measurer: try measurer())
            return Answer(.batch(label: result.label, changes: result.changes), notices: result.notices, entry: result.entry)
        case .undo(let steps):
            let result = try undo(steps: steps)
            return Answer(.undone(result.labels), notices: result.notices)
        case .redo(let steps):
            let result = try redo(steps: steps)
            return Answer(.redone(result.labels), notices: result.notices)
        case .restore(let seq):
            let result = try restore(to: seq)
            return Answer(.restored(seq: seq, label: result.label), entry: result.entry)
        case let .export(output, asked, at):
            let options = try asked.resolvingUserDefaults(environment: environment ?? ProcessEnvironment.current())
            let result = try export(output, options: options, reusing: fonts ?? FontSystem(), at: at)
            // What the request asked that the format has no use for (the user's defaults are left out: they apply where they can).
            let ignored = asked.ignored(for: result.format).map { Notice.ignoredByFormat($0, result.format) }
            let damage = result.warning.map { Notice.photoSlightlyDamaged(project: path, problem: $0) }
            return Answer(.exported(result, to: output), notices: ignored + (damage.map { [$0] } ?? []) + result.layoutNotices.map(Notice.init))
        case .list(let at):
            let state = try at.map { try self.state(at: $0) } ?? (tags: try tags(), settings: try settings())
            return Answer(.tags(state.tags, size: try pictureSize(), settings: state.settings))
        case .history(let tree):
            return Answer(.history(tree ? try historyTree() : try history()))
        case .info:
            return Answer(.info(try info(), plan: try exportPlan()))
        }
    }

    /// One edit request as one transaction: its positions resolved against the picture's size
    /// and its settings change against the settings, both read inside it.
    func applyRequest(_ request: Request, measurer: (any LabelMeasurer)?) throws -> EditResult {
        try commitEdit(measurer: measurer) { document in
            guard let edit = try request.edit(in: document.size, settings: document.settings, upright: document.upright) else {
                preconditionFailure("applyRequest(_:measurer:) takes edit requests only")
            }
            return try document.applying(edit, measurer: measurer)
        }
    }

    /// A batch as one transaction and one entry; a request that cannot be turned into an edit
    /// (a price format that is not one) fails with its line, as an edit that cannot be done does.
    func applyBatch(_ batch: Batch, measurer: (any LabelMeasurer)?) throws -> BatchResult {
        // A menu's key memory is written with its edits, so an interrupted run forgets nothing.
        let keys = batch.menuKeys.map { update in { (outcome: EditOutcome) in try self.store.writeMenuKeys(update.keys(after: outcome.entry.changes)) } }
        return try commitBatch(label: batch.entryLabel, measurer: measurer, alsoWriting: keys) { try $0.applying(batch, measurer: measurer) }
    }
}

extension Document {
    /// Carries out `batch` on this document as `Project.perform` does inside its transaction, as
    /// a pure function: each request's positions resolved against the picture's size and its
    /// settings change against the settings, then `applying(_:label:lines:measurer:)`. What a
    /// front end runs first to find every error of many projects' batches before writing any.
    /// - Throws: `BatchError` naming the line of the first request that cannot be done.
    public func applying(_ batch: Batch, measurer: (any LabelMeasurer)?) throws -> EditOutcome {
        // Replacing: every tag the project has goes first, in the same entry.
        var edits: [Edit] = batch.replacing ? tags.sorted.map { .delete($0.id) } : []
        let lines = (batch.replacing ? Array(repeating: 0, count: edits.count) : []) + batch.lines
        var settings = self.settings
        for (index, request) in batch.requests.enumerated() {
            do {
                guard let edit = try request.edit(in: size, settings: settings, upright: upright) else {
                    throw BatchRequestError.notAnEdit(request.name)
                }
                if case .setSettings(let next) = edit { settings = next }
                edits.append(edit)
            } catch let error as any TagProjError {
                throw BatchError(line: batch.lines[index], error: error)
            }
        }
        var outcome = try applying(edits, label: batch.label, lines: lines, measurer: measurer)
        outcome.entry.wording = batch.entryLabel.wording
        return outcome
    }
}

/// A request in a batch that is not an edit (an undo, an export): the batch is refused.
public enum BatchRequestError: TagProjError, Equatable {
    /// The request, by its name (`undo`).
    case notAnEdit(String)

    /// `undo is not an edit; a batch holds add, move, flip, edit, delete, set and arrange`.
    public var message: String {
        switch self {
        // TRANSLATORS: {name} is a request's name (undo), not translated, nor are the names after "holds".
        case .notAnEdit(let name): return tr("{name} is not an edit; a batch holds add, move, flip, edit, delete, set and arrange", ["name": name])
        }
    }
    /// The request is malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}

extension Notice {
    /// The notice for a tag export drew elsewhere than it stands.
    init(_ layout: SceneLayout.Notice) {
        switch layout {
        case let .tagMoved(id, from, drawnAt): self = .drawnElsewhere(id, from: from, drawnAt: drawnAt)
        }
    }
}
