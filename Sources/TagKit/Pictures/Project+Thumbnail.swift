/// A project's picture as the gallery shows it: small, tags and all, drawn by the export renderer.
public struct Thumbnail: Sendable {
    /// The JPEG's bytes.
    public var jpeg: [UInt8]
    /// Its size: the picture's, fitting the box.
    public var size: PictureSize
    /// How many tags the layout drew away from where they stand (their labels no longer fit
    /// there with the fonts used here).
    public var movedTags: Int
    /// Where it came from.
    public var origin: Origin

    /// Read back from the project, or drawn now (and then kept in the project, or not).
    public enum Origin: Equatable, Sendable {
        /// The project's own, drawn from the state it is in now.
        case stored
        /// Drawn now and kept in the project for the next time.
        case drawnAndStored
        /// Drawn now but not kept: the project was busy (an edit running), read-only, or changed
        /// while it was drawn.
        case drawnNotStored
    }

    /// `2 tags no longer fit where they stand with the fonts used here`, when any had to move.
    public var fitWarning: String? {
        guard movedTags > 0 else { return nil }
        return trn("{count} tag no longer fits where it stands with the fonts used here",
                   "{count} tags no longer fit where they stand with the fonts used here", count: movedTags)
    }
}

extension Project {
    /// The longest a stored thumbnail's blob may be to be read back (the column's CHECK allows
    /// 4 MiB, a planted file anything): a 480-pixel JPEG is some 40 KB.
    public static let thumbnailReadLimit = 1 << 20

    /// The picture as export draws it, fitting a `box`×`box` square, as a JPEG: the one the
    /// project keeps when it was drawn from the state the project is in now, else drawn (the photo
    /// decoded reduced, as the editor's preview is) and kept in the project for the next time.
    ///
    /// A kept thumbnail is hostile input: one longer than ``thumbnailReadLimit``, or not sealed
    /// with this user's key for the state the project is in now, the box, its size and its
    /// moved tags (`KeptPictureSeal`), is ignored and drawn again. Keeping one is a write of its
    /// own outside the history, on a second connection that waits for nobody: when the project is
    /// busy, read-only, or changed while it was drawn, or there is no key, it is not kept (the
    /// answer says so). This project may be open read-only.
    ///
    /// - Throws: what export throws drawing it (a damaged photo, a tag that fits nowhere).
    public func thumbnail(box: Int, fonts: FontSystem) throws -> Thumbnail {
        precondition((16...2048).contains(box), "a thumbnail box is 16 to 2048 pixels")
        let key = try store.thumbnailKey()
        let seal = KeptPictureSeal.mine
        if let seal, let kept = try store.thumbnail(box: box, drawnFrom: key, limit: Self.thumbnailReadLimit),
           let jpeg = seal.opened(kept.bytes, for: try sealed(thumbnail: key, box: box, size: kept.size, movedTags: kept.movedTags)) {
            return Thumbnail(jpeg: jpeg, size: kept.size, movedTags: kept.movedTags, origin: .stored)
        }
        let source = try store.source()
        var options = ExportOptions()
        options.format = .jpeg
        options.size = .maxSize(box)
        options.quality = 82
        let size = try options.outputSize(for: source.size)
        let state = try drawnState(at: nil)
        try adopt(state, into: fonts)
        let layout = try SceneLayout(tags: state.tags, settings: state.settings, size: size, fonts: fonts)
        let photo = ImageFileError.Subject.photo(inProject: path)
        let sink = MemorySink()
        try ImageFileError.naming(photo) {
            var reader = try photoReader(source, maxPixels: options.maxPixels, output: size)
            try draw(source, scene: layout.scene, format: .jpeg, options: options, reader: &reader, into: sink)
        }
        var thumbnail = Thumbnail(jpeg: sink.bytes, size: size, movedTags: layout.notices.count, origin: .drawnNotStored)
        // Kept only when nothing changed while it was drawn, and never waiting for an edit.
        if let seal, (try? store.thumbnailKey()) == key, let writer = try? ProjectStore.open(path, forWriting: true, busyTimeoutMS: 0) {
            let sealed = seal.sealed(thumbnail.jpeg, for: try sealed(thumbnail: key, box: box, size: size, movedTags: thumbnail.movedTags))
            if (try? writer.storeThumbnail(.init(drawnFrom: key, size: size, movedTags: thumbnail.movedTags, bytes: sealed), box: box)) != nil {
                thumbnail.origin = .drawnAndStored
            }
        }
        return thumbnail
    }

    /// What a kept thumbnail's seal is for: the state it was drawn from and the photo (as a
    /// view names it: the thumbnail's key tells states apart, not photos), in a box, at a size,
    /// with so many tags moved.
    func sealed(thumbnail drawnFrom: String, box: Int, size: PictureSize, movedTags: Int) throws -> String {
        "thumbnail \(drawnFrom) of \(try viewKey()) box \(box) at \(size.width)x\(size.height) moved \(movedTags)"
    }
}

extension Project {
    /// The pairs of tags that overlap now, as the notices an edit would give (`#3 overlaps #1`),
    /// the first `limit` of them, then `moreOverlaps`: what the gallery shows under a thumbnail.
    public func overlapNotices(limit: Int = 3) throws -> [Notice] {
        let size = try pictureSize(), scale = try settings().tagScale
        let found = Overlaps.pairs(try tags(), size: size, scale: scale, limit: limit)
        return found.pairs.map { Notice.overlaps($0.0, $0.1) } + (found.more ? [.moreOverlaps(listed: limit)] : [])
    }
}
