/// Where each setting came from: the origins `new` stored (migration 010), and the entries on the
/// current branch that changed a setting since, which `info` names instead.
extension ProjectStore {
    /// The origin columns of the `project` row, in the order of `SettingOrigins`' members.
    static let originColumns = ["currency_origin", "price_format_origin", "font_origin", "language_origin", "tag_scale_origin"]

    /// Writes the origins `new` took the settings from (an unknown one as NULL).
    static func writeOrigins(_ db: Database, _ origins: SettingOrigins) throws {
        let values = [origins.currency, origins.priceFormat, origins.font, origins.language, origins.tagScale].map { origin -> SQLValue in
            // A path too long to store (beyond PATH_MAX) is recorded as unknown rather than cut.
            guard let text = origin.stored, text.utf8.count <= SettingOrigin.maximumStoredBytes else { return .null }
            return .text(text)
        }
        try db.prepare("UPDATE project SET \(originColumns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = 1", values).run()
    }

    /// The origins `new` stored; unknown for a project made before they were recorded. A value
    /// that is not a stored form is damage.
    func storedOrigins() throws -> SettingOrigins {
        let s = try db.prepare("SELECT \(Self.originColumns.joined(separator: ", ")) FROM project WHERE id = 1")
        guard try s.step() else { throw damaged(tr("the project row is missing")) }
        let origins = try Self.originColumns.indices.map { column -> SettingOrigin in
            switch s.value(Int32(column)) {
            case .null: return .unknown
            case .text(let text) where TagText.isPrintableName(text): if let origin = SettingOrigin(stored: text) { return origin }
            default: break
            }
            throw damaged(tr("the origin of a setting is invalid"))
        }
        return SettingOrigins(currency: origins[0], priceFormat: origins[1], font: origins[2], language: origins[3], tagScale: origins[4])
    }

    /// The entries on the current branch (the cursor and its ancestors) that changed the
    /// settings, newest first, with their before and after settings: one walk up the tree.
    func settingsChangesOnBranch() throws -> [(seq: Int64, label: EntryLabel, before: ProjectSettings, after: ProjectSettings)] {
        let cursor = try header().cursor
        let columns = Self.historySettingsColumns
        let s = try db.prepare("""
            WITH RECURSIVE up(seq) AS (
                SELECT seq FROM history WHERE seq = ?
                UNION SELECT h.parent FROM history h JOIN up ON h.seq = up.seq WHERE h.parent > 0 AND h.parent < h.seq)
            SELECT \(columns), h.seq, h.label, h.wording FROM up JOIN history h USING (seq) JOIN history_settings hs USING (seq)
            ORDER BY h.seq DESC
            """, [.integer(cursor)])
        var result: [(seq: Int64, label: EntryLabel, before: ProjectSettings, after: ProjectSettings)] = []
        let width = Int32(Self.settingsColumns.count)
        while try s.step() {
            guard let seq = s.value(2 * width).integer, let label = s.value(2 * width + 1).text,
                  label.utf8.count <= Self.maximumLabelBytes, TagText.isPrintableName(label)
            else { throw damaged(tr("a history settings change is invalid")) }
            result.append((seq, EntryLabel(label, wording: Self.wording(s.value(2 * width + 2))), try settings(from: s, at: 0), try settings(from: s, at: width)))
        }
        return result
    }
}

extension Project {
    /// Where each setting of the current state came from: the newest entry on the current branch
    /// that changed it (a `set`, or a `restore` across one), else what `new` recorded.
    public func settingOrigins() throws -> SettingOrigins {
        var origins = try store.storedOrigins()
        var found = (currency: false, priceFormat: false, font: false, language: false, tagScale: false)
        for change in try store.settingsChangesOnBranch() {
            let entry = SettingOrigin.entry(seq: change.seq, label: change.label)
            let (a, b) = (change.before, change.after)
            if !found.currency && a.currency != b.currency { (origins.currency, found.currency) = (entry, true) }
            if !found.priceFormat && a.priceFormat != b.priceFormat { (origins.priceFormat, found.priceFormat) = (entry, true) }
            if !found.font && a.font != b.font { (origins.font, found.font) = (entry, true) }
            if !found.language && a.language != b.language { (origins.language, found.language) = (entry, true) }
            if !found.tagScale && a.tagScale != b.tagScale { (origins.tagScale, found.tagScale) = (entry, true) }
        }
        return origins
    }
}
