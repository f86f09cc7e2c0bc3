/// What one edit did to one tag: its image before and after (nil where it did not exist).
public struct TagChange: Equatable, Sendable {
    /// The tag changed.
    public var id: TagID
    /// The tag before the edit; nil when the edit created it.
    public var before: Tag?
    /// The tag after the edit; nil when the edit deleted it.
    public var after: Tag?
    /// The change of tag `id` from `before` to `after`.
    public init(id: TagID, before: Tag?, after: Tag?) { self.id = id; self.before = before; self.after = after }
}

/// What one edit did: a label for people, and the before/after images of the tags it touched.
/// Storing only the touched tags keeps an entry's cost proportional to the edit, whatever the
/// project's size. Where the entry stands in the history is the store's business, not the entry's.
public struct HistoryEntry: Equatable, Sendable {
    /// `add dish #3 “宫保鸡丁”`, `move #3`, `flip #2`…
    public var label: String
    /// The touched tags, in the order the edit changed them.
    public var changes: [TagChange]
    /// The project settings before and after, for an entry that changed them (`set`); else nil.
    public var settings: (before: ProjectSettings, after: ProjectSettings)?
    /// What the entry did, from which its label is worded in the reader's language; nil for an
    /// entry an older version stored (its `label` is shown as it is).
    public var wording: LabelWording?
    /// An entry labelled `label` that made `changes` (and changed the settings, if given).
    public init(label: String, changes: [TagChange], settings: (before: ProjectSettings, after: ProjectSettings)? = nil) {
        self.label = label; self.changes = changes; self.settings = settings
    }

    /// An entry that did what `wording` says, labelled with its English, that made `changes` (and
    /// changed the settings, if given).
    public init(wording: LabelWording, changes: [TagChange], settings: (before: ProjectSettings, after: ProjectSettings)? = nil) {
        self.init(label: wording.english, changes: changes, settings: settings)
        self.wording = wording
    }

    /// The label as it is shown: its English, worded from `wording` in the reader's language.
    public var entryLabel: EntryLabel { EntryLabel(label, wording: wording) }

    /// The entry that undoes this one: every change with its images swapped, in reverse order.
    public var reverted: HistoryEntry {
        let backwards: [TagChange] = changes.reversed()
        var entry = HistoryEntry(label: label, changes: backwards.map { TagChange(id: $0.id, before: $0.after, after: $0.before) },
                                 settings: settings.map { (before: $0.after, after: $0.before) })
        entry.wording = wording
        return entry
    }

    /// Same label, changes and settings images.
    public static func == (a: HistoryEntry, b: HistoryEntry) -> Bool {
        a.label == b.label && a.changes == b.changes && a.settings?.before == b.settings?.before && a.settings?.after == b.settings?.after
    }
}

extension TagSet {
    /// The tags after `entry` is applied (redo): every touched tag takes its after image.
    public func applying(_ entry: HistoryEntry) -> TagSet {
        var tags = self
        tags.apply(entry)
        return tags
    }

    /// The tags after `entry` is reverted (undo): every touched tag takes its before image.
    public func reverting(_ entry: HistoryEntry) -> TagSet {
        var tags = self
        tags.revert(entry)
        return tags
    }

    /// Applies `entry` in place. Costs what the entry touched; `applying(_:)` on a set that is
    /// kept first copies every tag, which a walk over a whole history cannot afford.
    public mutating func apply(_ entry: HistoryEntry) {
        for change in entry.changes { self[change.id] = change.after }
    }

    /// Reverts `entry` in place: its changes backwards, each tag back to its before image.
    public mutating func revert(_ entry: HistoryEntry) {
        for change in entry.changes.reversed() { self[change.id] = change.before }
    }

    /// Replays `entries` in order from an empty project: what the tags must be if the history is
    /// consistent with them.
    public static func replaying(_ entries: some Sequence<HistoryEntry>) -> TagSet {
        entries.reduce(into: TagSet()) { $0.apply($1) }
    }
}
