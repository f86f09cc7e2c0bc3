/// What an edit did, for the command to report.
public struct EditResult: Equatable, Sendable {
    /// The tag as it is after the edit (nil after delete).
    public var tag: Tag?
    /// The history entry's label.
    public var label: String
    /// Things the user should know, e.g. `moved to 0.812,0.400 to stay inside the photo`.
    public var notices: [String]
}

/// How `move` changes a tag's position.
public enum Movement: Equatable, Sendable {
    /// To an absolute normalized point.
    case to(NormalizedPoint)
    /// By a normalized offset.
    case by(dx: Double, dy: Double)
}

/// A tag id that the project does not have.
public struct UnknownTagError: TagProjError {
    public let id: TagID
    public let path: String
    public var message: String { "no tag \(id) in '\(path)'" }
    /// The id names nothing.
    public var meaning: ErrorMeaning { .notFound }
}

extension Project {
    /// Adds a tag of `kind` saying `text` with its dot at `at` (centre by default), the bubble on
    /// `side` (toward the middle of the picture by default). Returns the new tag, with its id.
    public func add(kind: Kind, text: String, at wanted: NormalizedPoint?, side: Side?, measurer: LabelMeasurer) throws -> EditResult {
        try edit { header, size in
            try records.checkCounter(header)
            let text = try TagText.validate(text, kind: kind, currency: header.settings.currency)
            let point = wanted ?? .centre
            var tag = Tag(id: TagID(header.nextID), kind: kind, text: text, anchor: point,
                          side: side ?? Side.facingCentre(from: point), labelEm: 0)
            tag.labelEm = try measurer.labelEm(tag.label(currency: header.settings.currency), font: header.settings.font)
            let label = "add \(kind.rawValue) \(tag.id) “\(tag.label(currency: header.settings.currency))”"
            return (nil, tag, label)
        }
    }

    /// Moves tag `id`'s dot, keeping the whole tag inside the picture.
    public func move(_ id: TagID, _ movement: Movement) throws -> EditResult {
        try edit(id) { tag, _ in
            switch movement {
            case .to(let p): tag.anchor = p
            case .by(let dx, let dy): tag.anchor = NormalizedPoint(x: tag.anchor.x + dx, y: tag.anchor.y + dy)
            }
            return "move \(id)"
        }
    }

    /// Puts tag `id`'s bubble on the other side of its dot; the dot stays unless the flipped tag
    /// would leave the picture.
    public func flip(_ id: TagID) throws -> EditResult {
        try edit(id) { tag, _ in
            tag.side = tag.side.flipped
            return "flip \(id)"
        }
    }

    /// Replaces tag `id`'s text, re-measuring it; a longer label may move the dot to stay inside.
    public func edit(_ id: TagID, text: String, measurer: LabelMeasurer) throws -> EditResult {
        try edit(id) { tag, settings in
            tag.text = try TagText.validate(text, kind: tag.kind, currency: settings.currency)
            tag.labelEm = try measurer.labelEm(tag.label(currency: settings.currency), font: settings.font)
            return "edit \(id) “\(tag.label(currency: settings.currency))”"
        }
    }

    /// Removes tag `id`. Its id is never handed out again.
    public func delete(_ id: TagID) throws -> EditResult {
        try edit { header, _ in
            guard let tag = try records.tag(id) else { throw UnknownTagError(id: id, path: path) }
            return (tag, nil, "delete \(id) “\(tag.label(currency: header.settings.currency))”")
        }
    }

    /// Changes one existing tag with `change`, then re-places it.
    private func edit(_ id: TagID, _ change: @escaping (inout Tag, ProjectSettings) throws -> String) throws -> EditResult {
        try edit { header, _ in
            guard let before = try records.tag(id) else { throw UnknownTagError(id: id, path: path) }
            var after = before
            let label = try change(&after, header.settings)
            return (before, after, label)
        }
    }

    /// The shared body of every edit: one write transaction that computes the change, keeps the
    /// tag inside the picture, stores it, appends the history entry (dropping the redo tail) and
    /// advances the counters.
    private func edit(_ compute: (ProjectRecords.Header, PictureSize) throws -> (before: Tag?, after: Tag?, label: String)) throws -> EditResult {
        try db.writeTransaction {
            let records = self.records
            let header = try records.header()
            let size = try records.pictureSize()
            let (before, computed, label) = try compute(header, size)
            var after = computed
            var notices: [String] = []
            if var tag = after {
                let wanted = tag.anchor
                tag.anchor = try Placement.fit(wanted, side: tag.side, labelEm: tag.labelEm, size: size)
                if tag.anchor != wanted {
                    notices.append("moved to \(tag.anchor.formatted) to stay inside the photo")
                }
                after = tag
            }
            let id = (after ?? before)!.id
            let seq = header.cursor + 1
            try records.set(id, to: after)
            try records.append(HistoryEntry(seq: seq, label: label, changes: [TagChange(id: id, before: before, after: after)]))
            try records.writeCounters(nextID: max(header.nextID, id.rawValue + 1), cursor: seq)
            return EditResult(tag: after, label: label, notices: notices)
        }
    }
}
