/// What a menu asks of one project, found by comparing its rows with the project's tags: the
/// edits of one batch (one transaction, one history entry) and what they amount to. Empty when
/// the project already says what the menu says: nothing is then written or recorded.
///
/// How rows find their tags (each tag is claimed by one row at most):
/// 1. the tag the menu gave the row's key last time (`remembered`: the project's `menu_keys`), when that
///    dish tag is still there, whatever its text now is (it was renamed in the editor);
/// 2. else a dish tag no row has claimed whose text is the row's dish;
/// 3. else the dish is added: at the row's `x,y`, or in free space, on the row's side if given.
/// A row's key is its `key` cell, or its dish's name. A matched tag gets the row's text and price
/// when they differ; its position and side are the user's and never change. With `prune`,
/// every dish tag no row claimed is deleted; price tags of their own are left alone.
public struct MenuPlan: Equatable, Sendable {
    /// The edits, in order: texts and prices of matched tags, then additions in row order, then deletions.
    public var requests: [Request] = []
    /// For each edit, the menu line it comes from (a deletion: the photo's first line).
    public var lines: [Int] = []
    /// What the edits amount to.
    public var counts = Counts()
    /// The key of each row matched to an existing tag, with that tag.
    public var matched: [(key: String, id: TagID)] = []
    /// The key of each added dish, in the order the additions are made (ids are handed out in it).
    public var added: [String] = []

    /// How many tags each kind of change touches.
    public struct Counts: Equatable, Sendable {
        /// Dishes whose price is set, changed or removed.
        public var prices = 0
        /// Dishes whose text changes.
        public var texts = 0
        /// Dishes added.
        public var added = 0
        /// Dishes deleted (`prune`).
        public var deleted = 0

        /// No change at all.
        public var isEmpty: Bool { prices + texts + added + deleted == 0 }

        /// `2 prices changed, 1 dish added`; `no changes` when empty.
        public var phrase: String {
            func n(_ count: Int, _ one: String, _ many: String, _ what: String) -> String? {
                count == 0 ? nil : "\(count) \(count == 1 ? one : many) \(what)"
            }
            let parts = [n(prices, "price", "prices", "changed"), n(texts, "dish", "dishes", "renamed"),
                         n(added, "dish", "dishes", "added"), n(deleted, "dish", "dishes", "deleted")].compactMap { $0 }
            return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
        }

        /// `phrase` in the user's language, for what a front end says (`phrase` itself is part of a
        /// history label, which stays as it is stored).
        public var localizedPhrase: String {
            let parts = [prices == 0 ? nil : trn("{count} price changed", "{count} prices changed", count: prices),
                         texts == 0 ? nil : trn("{count} dish renamed", "{count} dishes renamed", count: texts),
                         added == 0 ? nil : trn("{count} dish added", "{count} dishes added", count: added),
                         deleted == 0 ? nil : trn("{count} dish deleted", "{count} dishes deleted", count: deleted)].compactMap { $0 }
            // TRANSLATORS: between the parts of "2 prices changed, 1 dish added".
            return parts.isEmpty ? tr("no changes") : parts.joined(separator: trc("between clauses", ", "))
        }
    }

    /// Whether the project already matches the menu.
    public var isEmpty: Bool { requests.isEmpty }

    /// `menu: 2 prices changed, 1 dish added (menu.csv)`: the history entry's label.
    public func label(source: String) -> String { "menu: \(counts.phrase) (\(source))" }

    /// The edits as one batch from `source`, each naming its menu line, labelled `label(source:)`.
    public func batch(source: String) -> Batch {
        Batch(requests, lines: lines, source: source, name: label(source: source), menuKeys: keyUpdate,
              wording: .menu(LabelWording.MenuChanges(prices: counts.prices, texts: counts.texts, added: counts.added, deleted: counts.deleted),
                             source: source))
    }

    /// Matched keys by their tags: compared as sets, the order being the plan's.
    public static func == (a: MenuPlan, b: MenuPlan) -> Bool {
        a.requests == b.requests && a.lines == b.lines && a.counts == b.counts && a.added == b.added
            && a.matched.map(\.key) == b.matched.map(\.key) && a.matched.map(\.id) == b.matched.map(\.id)
    }
}

extension MenuPhoto {
    /// The plan that makes `tags` (a project's, drawn with `settings`) say what the rows say.
    /// Pure: the same rows, tags and memory give the same plan.
    /// - Parameters:
    ///   - remembered: the tag each key was given by earlier runs; ids that are gone are ignored.
    ///   - prices: whether the menu has a price column (without one, prices are left alone).
    ///   - prune: delete dish tags no row claims.
    /// - Throws: `MenuError` for a price that is not an amount in the project's price format.
    public func plan(tags: [Tag], remembered: [String: TagID] = [:], settings: ProjectSettings, prices: Bool, prune: Bool,
                     source: String) throws(MenuError) -> MenuPlan {
        var plan = MenuPlan()
        let dishes = tags.filter { $0.kind == .dish }.sorted { $0.id < $1.id }
        let byID = Dictionary(uniqueKeysWithValues: dishes.map { ($0.id, $0) })
        var claimed = Set<TagID>()
        var match = [Tag?](repeating: nil, count: rows.count)
        // 1. The tag the key was given last time, if it is still a dish of the project.
        for (index, row) in rows.enumerated() {
            if let id = remembered[row.key], let tag = byID[id], !claimed.contains(id) {
                match[index] = tag
                claimed.insert(id)
            }
        }
        // 2. An unclaimed dish with the row's text.
        for (index, row) in rows.enumerated() where match[index] == nil {
            if let tag = dishes.first(where: { $0.text == row.dish && !claimed.contains($0.id) }) {
                match[index] = tag
                claimed.insert(tag.id)
            }
        }
        var additions: [(Request, Int)] = []
        for (index, row) in rows.enumerated() {
            let price = try canonicalPrice(row, settings: settings, source: source)
            guard let tag = match[index] else {
                additions.append((MenuEdits.add(row, price: prices ? price : nil), row.line))
                plan.added.append(row.key)
                continue
            }
            plan.matched.append((row.key, tag.id))
            let text = tag.text == row.dish ? nil : row.dish
            let priceChange = prices ? MenuEdits.priceChange(from: tag, to: price) : nil
            if text != nil { plan.counts.texts += 1 }
            if priceChange != nil { plan.counts.prices += 1 }
            if text != nil || priceChange != nil {
                plan.requests.append(MenuEdits.edit(tag.id, text: text, price: priceChange))
                plan.lines.append(row.line)
            }
        }
        for (request, line) in additions {
            plan.requests.append(request)
            plan.lines.append(line)
        }
        plan.counts.added = additions.count
        if prune {
            for tag in dishes where !claimed.contains(tag.id) {
                plan.requests.append(.delete(tag.id))
                plan.lines.append(rows[0].line)
                plan.counts.deleted += 1
            }
        }
        return plan
    }

    /// The row's price as the project stores amounts (`12.50`), or nil when it has none.
    func canonicalPrice(_ row: Menu.Row, settings: ProjectSettings, source: String) throws(MenuError) -> String? {
        guard let raw = row.price else { return nil }
        do { return try TagText.price(raw, kind: .dish, currency: settings.currency, format: settings.priceFormat) } catch {
            // TRANSLATORS: "price" is the menu's column, not translated; {error} says what is wrong with the price.
            throw MenuError(source: source, line: row.line, reason: tr("price: {error}", ["error": (error as? any TagProjError)?.message ?? "\(error)"]))
        }
    }
}

extension MenuPlan {
    /// The keys of the rows, for the project to keep with the batch: matched, and added in order.
    public var keyUpdate: MenuKeyUpdate {
        MenuKeyUpdate(matched: Dictionary(matched.map { ($0.key, $0.id) }, uniquingKeysWith: { first, _ in first }), added: added)
    }
}
