extension Document {
    /// `Edit.arrange`: overlaps resolved sides first, dots kept wherever sides can do it.
    ///
    /// The tags that overlap are taken cluster by cluster (the tags linked by overlaps, found from
    /// the lowest id); the sides of a cluster's tags are searched together (`SideSearch`) for the
    /// fewest dots to move, then the fewest flips, a side allowed only where it fits inside the
    /// photo and overlaps no tag outside the cluster. Only the tags no choice of sides clears, and
    /// the tags of a cluster too big to search (`SideSearch.clusterLimit`), then go one at a time
    /// in id order, among every tag already settled: such a tag takes the other side if that
    /// clears it and fits, else its dot moves to the nearest position (either side, its own first)
    /// clear of them (`FreeSpace` searched outward from the dot; two tags on one dot always
    /// overlap: their rings do). A tag that cannot be cleared stays and is named in an `overlaps`
    /// notice (at most `OverlapLimit.limit` of them, then `moreOverlaps`); each changed tag in an
    /// `arranged` one, in id order. One entry holds every tag it changed; when it changed none, no
    /// entry is recorded (`EditOutcome.recordsEntry`).
    func arranged() -> EditOutcome {
        var state = ArrangeState(size: size, scale: settings.tagScale)
        return arranged(&state)
    }

    /// `arranged()` with what it builds and the work it does kept in `state` (made for this
    /// document's size and tag scale, nothing in it yet).
    func arranged(_ state: inout ArrangeState) -> EditOutcome {
        let sorted = tags.sorted
        let (flipped, unsettled) = chooseSides(sorted, &state)
        var next = self
        var changes: [TagChange] = [], notices: [Notice] = []
        var limit = OverlapLimit()
        let scale = settings.tagScale
        func change(_ tag: Tag, to spot: Placement.Spot) {
            var after = tag
            (after.anchor, after.side) = (spot.anchor, spot.side)
            next.tags[tag.id] = after
            changes.append(TagChange(id: tag.id, before: tag, after: after))
            notices.append(.arranged(tag.id, spot.anchor, spot.side))
        }
        for tag in sorted where !unsettled.contains(tag.id) {
            state.placed.insert(tag.id, Placement.box(anchor: tag.anchor, side: flipped.contains(tag.id) ? tag.side.flipped : tag.side,
                                                      labelEm: tag.labelEm, size: size, scale: scale))
        }
        for tag in sorted {
            guard unsettled.contains(tag.id) else {
                if flipped.contains(tag.id) { change(tag, to: Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)) }
                continue
            }
            // `placed` holds the settled tags and the unsettled ones before this; a later one makes way in its own turn.
            func clear(_ side: Side) -> Bool {
                !state.placed.overlapsAny(Placement.box(anchor: tag.anchor, side: side, labelEm: tag.labelEm, size: size, scale: scale))
            }
            if clear(tag.side) {
                state.placed.insert(tag.id, box(of: tag))
                continue
            }
            let spot: Placement.Spot?
            if Placement.fits(tag.anchor, side: tag.side.flipped, labelEm: tag.labelEm, size: size, scale: scale), clear(tag.side.flipped) {
                spot = Placement.Spot(anchor: tag.anchor, side: tag.side.flipped)
            } else {
                spot = FreeSpace.spot(labelEm: tag.labelEm, side: nil, size: size, scale: scale, near: tag.anchor, preferring: tag.side,
                                      index: &state.placed, search: &state.search)
            }
            guard let spot else {
                if !limit.isReached {
                    for other in state.placed.overlapping(box(of: tag)) {
                        limit.name(tag.id, overlaps: other, in: &notices)
                        if limit.isReached { break }
                    }
                }
                state.placed.insert(tag.id, box(of: tag))
                continue
            }
            change(tag, to: spot)
            state.placed.insert(tag.id, box(of: next.tags[tag.id]!))
        }
        return Self.arrangeOutcome(next, changes: changes, notices: notices)
    }

    /// The sides chosen cluster by cluster over `sorted` (these tags, in id order): the tags whose
    /// bubble goes to the other side, and those left to be arranged one at a time (the search
    /// chose to move them, or their cluster has more than `SideSearch.clusterLimit` tags).
    ///
    /// A cluster is found breadth first along overlaps in `state.boxes` (every tag's box, kept as
    /// sides change), each step asking for at most one tag more than a cluster may hold, so a
    /// crowd is known for one as soon as it is met and costs a bounded query per tag. A side
    /// change never makes a new overlap, so the clusters not yet searched stay as they were.
    func chooseSides(_ sorted: [Tag], _ state: inout ArrangeState) -> (flipped: Set<TagID>, unsettled: Set<TagID>) {
        let scale = settings.tagScale, most = SideSearch.clusterLimit
        for tag in sorted { state.boxes.insert(tag.id, box(of: tag)) }
        var seen = Set<TagID>(), flipped = Set<TagID>(), unsettled = Set<TagID>()
        for tag in sorted where !seen.contains(tag.id) {
            // Its own box and another's: it overlaps something.
            guard state.boxes.overlapping(box(of: tag), limit: 2).count > 1 else { continue }
            var members = [tag.id], met: Set = [tag.id], next = 0, crowd = false
            while next < members.count, !crowd {
                let found = state.boxes.overlapping(box(of: tags[members[next]]!), limit: most + 1)
                next += 1
                for id in found where met.insert(id).inserted { members.append(id) }
                // Itself and `most` others, or more tags met than a cluster may hold.
                crowd = found.count > most || members.count > most
            }
            seen.formUnion(members)
            if crowd {
                unsettled.formUnion(members)
                continue
            }
            members.sort()
            /// `box`, when it overlaps no tag outside the cluster.
            func outside(_ box: Rect) -> Rect? {
                let found = state.boxes.overlapping(box, limit: members.count + 1)
                return found.count <= members.count && found.allSatisfy(met.contains) ? box : nil
            }
            let candidates = members.map { id -> SideSearch.Member in
                let tag = tags[id]!, other = tag.side.flipped
                let fits = Placement.fits(tag.anchor, side: other, labelEm: tag.labelEm, size: size, scale: scale)
                return SideSearch.Member(kept: outside(box(of: tag)),
                                         flipped: fits ? outside(Placement.box(anchor: tag.anchor, side: other, labelEm: tag.labelEm,
                                                                               size: size, scale: scale)) : nil)
            }
            for (k, choice) in SideSearch.choices(for: candidates, nodes: &state.nodes).enumerated() {
                switch choice {
                case .keep: break
                case .flip:
                    flipped.insert(members[k])
                    state.boxes.insert(members[k], candidates[k].flipped!)
                case .move: unsettled.insert(members[k])
                }
            }
        }
        return (flipped, unsettled)
    }

    /// What `arrange` gives for `changes`: one entry holding them, or, when it changed nothing, an
    /// outcome that records none and says why (`arrange: nothing overlapped`, or that no overlap
    /// could be resolved, which the `overlaps` notices then name).
    static func arrangeOutcome(_ document: Document, changes: [TagChange], notices: [Notice]) -> EditOutcome {
        let wording: LabelWording
        if !changes.isEmpty {
            wording = .arrange(count: changes.count)
        } else if notices.isEmpty {
            wording = .arrangeNothingOverlapped
        } else {
            wording = .arrangeUnresolved
        }
        return EditOutcome(document: document, entry: HistoryEntry(wording: wording, changes: changes), notices: notices,
                           recordsEntry: !changes.isEmpty)
    }
}

/// What one `arrange` builds, and the work it does: counted, for tests to bound.
struct ArrangeState {
    /// Every tag's box as the sides are chosen.
    var boxes: BoxIndex
    /// The boxes of the tags settled so far, among which the rest are placed one at a time.
    var placed: BoxIndex
    /// What the free-space searches keep from one tag to the next.
    var search: FreeSpace.Search
    /// Nodes the side searches visited.
    var nodes = 0

    /// Cells and boxes the indexes looked at, positions and cells free space tried, and search nodes.
    var work: Int { boxes.examined + placed.examined + search.work + nodes }

    /// A state for a `size` picture at tag scale `scale`, nothing built yet.
    init(size: PictureSize, scale: Double) {
        let height = TagStyle.height(on: size, scale: scale)
        boxes = BoxIndex(size: size, tagHeight: height)
        placed = BoxIndex(size: size, tagHeight: height)
        search = FreeSpace.Search(size: size, scale: scale)
    }
}
