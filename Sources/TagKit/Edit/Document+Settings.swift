extension Document {
    /// `Edit.setSettings`: the settings replaced (validated), every tag whose drawn label changes
    /// (every tag for a new font or language, which pick other faces) re-measured with `measurer`
    /// and placed again by the rules every edit keeps (the dot stays unless neither side fits); a
    /// new tag scale places every tag again (no fonts needed), and names each pair of tags it
    /// makes overlap (`newOverlaps`). One entry holds the settings' before and after
    /// and each changed tag's images, so undo restores both. With `everyTag`, every tag is
    /// re-measured whether its label changes or not (the fonts are re-resolved: `Project.refreshFonts`).
    func applying(settings new: ProjectSettings, measurer: (any LabelMeasurer)?, everyTag: Bool = false) throws -> EditOutcome {
        let new = try new.validated()
        var next = self
        next.settings = new
        var changes: [TagChange] = [], notices: [Notice] = []
        let recropped = new.crop != settings.crop
        // A new crop: every dot keeps its point on the photo, its fractions taken again of the
        // new picture; a dot the crop would cut off refuses the whole change.
        var anchors: [TagID: NormalizedPoint] = [:]
        if recropped {
            let (size, moved) = try recrop(to: new.crop)
            (next.size, anchors) = (size, moved)
        }
        let rescaled = new.tagScale != settings.tagScale || recropped
        for tag in tags.sorted {
            let relabelled = everyTag || tag.label(settings) != tag.label(new) || settings.font != new.font
                || settings.language != new.language
            guard relabelled || rescaled else { continue }
            var after = tag
            if relabelled {
                guard let measurer else { throw MeasurerRequiredError() }
                after.labelEm = try measurer.labelEm(of: tag, settings: new)
            }
            let anchor = anchors[tag.id] ?? tag.anchor
            let spot = try Placement.place(anchor, side: tag.side, mayFlip: true, labelEm: after.labelEm, size: next.size,
                                           scale: new.tagScale, id: tag.id)
            if spot.anchor != anchor { notices.append(.movedToStayInside(tag.id, spot.anchor)) }
            if spot.side != tag.side { notices.append(.sideChanged(tag.id, spot.side)) }
            (after.anchor, after.side) = (spot.anchor, spot.side)
            if after != tag { changes.append(TagChange(id: tag.id, before: tag, after: after)) }
            next.tags[tag.id] = after
        }
        if rescaled { notices += Self.newOverlaps(from: self, to: next) }
        var parts: [LabelWording.SettingChange] = []
        if new.currency != settings.currency { parts.append(.currency(new.currency)) }
        if new.font != settings.font { parts.append(.font(new.font)) }
        if new.language != settings.language { parts.append(.language("\(new.language)")) }
        if new.priceFormat != settings.priceFormat || new.currency != settings.currency {
            parts.append(.prices(new.priceFormat.example(currency: new.currency)))
        }
        if new.tagScale != settings.tagScale { parts.append(.tagScale(new.formattedTagScale)) }
        if recropped {
            let square = upright.map { Crop.centredSquare(width: $0.width, height: $0.height) }
            parts.append(new.crop == square && new.crop != .full ? .cropSquare : .crop(new.crop.text))
        }
        return EditOutcome(document: next, entry: HistoryEntry(wording: .set(parts), changes: changes, settings: (settings, new)), notices: notices)
    }

    /// The picture `crop` makes of the upright photo, and each tag's dot as fractions of it: the
    /// same pixel of the photo. Throws `CropCutsOffError` naming every tag whose dot would fall
    /// outside it.
    func recrop(to crop: Crop) throws -> (size: PictureSize, anchors: [TagID: NormalizedPoint]) {
        guard let upright else { throw CropUnknownPhotoError() }
        let was = settings.crop.pixelRect(width: upright.width, height: upright.height)
        let now = crop.pixelRect(width: upright.width, height: upright.height)
        var anchors: [TagID: NormalizedPoint] = [:], cut: [TagID] = []
        for tag in tags.sorted {
            let px = Double(was.x) + tag.anchor.x * Double(was.width), py = Double(was.y) + tag.anchor.y * Double(was.height)
            var point = NormalizedPoint(x: (px - Double(now.x)) / Double(now.width), y: (py - Double(now.y)) / Double(now.height))
            let tolerance = 1e-9
            guard (-tolerance...1 + tolerance).contains(point.x), (-tolerance...1 + tolerance).contains(point.y) else {
                cut.append(tag.id)
                continue
            }
            (point.x, point.y) = (min(1, max(0, point.x)), min(1, max(0, point.y)))
            anchors[tag.id] = point
        }
        if !cut.isEmpty { throw CropCutsOffError(tags: cut) }
        return (PictureSize(width: now.width, height: now.height), anchors)
    }

    /// Each pair of tags that overlaps in `after` but did not in `before`, named from the later id
    /// (at most `OverlapLimit.limit`, then `moreOverlaps`). The pairs overlapping in `after` come
    /// from a `BoxIndex`, not from every pair.
    static func newOverlaps(from before: Document, to after: Document) -> [Notice] {
        var cache = PlacementCache()
        cache.buildIndex(of: after)
        var notices: [Notice] = [], limit = OverlapLimit()
        for tag in after.tags.sorted where !limit.isReached {
            for other in cache.index!.overlapping(after.box(of: tag)) where other < tag.id {
                guard let was = before.tags[tag.id], let otherWas = before.tags[other],
                      !Placement.overlap(before.box(of: was), before.box(of: otherWas)) else { continue }
                limit.name(tag.id, overlaps: other, in: &notices)
                if limit.isReached { break }
            }
        }
        return notices
    }

}

/// A crop that would leave tags' dots off the picture: refused, the project unchanged.
public struct CropCutsOffError: TagProjError, Equatable {
    /// The tags whose dots fall outside the new crop, in id order.
    public var tags: [TagID]
    /// `the crop would cut off the dots of #1 and #3`.
    public var message: String {
        let names = tags.map { "\($0)" }
        guard names.count > 1 else { return tr("the crop would cut off the dot of {id}", ["id": names[0]]) }
        // TRANSLATORS: {list} is tag ids (#1, #2), {last} the last one: the dots of #1, #2 and #3.
        return tr("the crop would cut off the dots of {list} and {last}", ["list": names.dropLast().joined(separator: trc("list", ", ")), "last": names.last!])
    }
    /// What to do instead.
    public var advice: String? {
        trn("move that tag inside the new crop, or delete it, first", "move those tags inside the new crop, or delete them, first", count: tags.count)
    }
    /// The crop is well-formed but cannot be made.
    public var meaning: ErrorMeaning { .notPossible }
}

/// A crop change on a document that does not know its photo's upright size (a program's own
/// `Document`); every project's does.
public struct CropUnknownPhotoError: TagProjError {
    /// Why.
    public var message: String { tr("the crop cannot change: the photo's size is not known") }
    /// A caller's mistake.
    public var meaning: ErrorMeaning { .internalFailure }
}
