/// The whole picture as the editor shows it under its tags at one size (`Project.preview`), and
/// whether it was read back from the project or drawn now.
public struct PreviewView: Sendable {
    /// The JPEG's bytes.
    public var jpeg: [UInt8]
    /// Read back from the project: nothing was decoded.
    public var kept: Bool
    /// The view `Project.view` was given as drawn a moment ago (`drawnBefore`), not drawn by it.
    public internal(set) var drawnEarlier = false
    /// Its size.
    public var size: PictureSize
    /// What it was drawn from (`Project.viewKey`): kept under this key.
    let drawnFrom: String
}

/// A view the project keeps, as `info` reports it.
public struct KeptViewSummary: Equatable, Sendable {
    public var size: PictureSize
    /// Its JPEG's length.
    public var bytes: Int
}

extension Project {
    /// The longest a kept view's blob may be to be read back (the column allows 32 MiB): a
    /// 3840×2400 view is some 3 MB.
    public static let keptViewReadLimit = 32 << 20

    /// The whole picture at `size`, as ``preview(size:region:quality:decoded:)`` draws it: the
    /// view the project keeps of that size when it was drawn from the photo, orientation and crop
    /// the project has now (``keep(_:)`` kept it), else drawn now (`decoded` as for `preview`).
    /// With `reuse` false, it is drawn now whatever is kept. `drawnBefore`, a view this process
    /// drew a moment ago (the editor draws the first one as it starts), is given instead of
    /// drawing when it is of `size` and was drawn from what the project has now.
    ///
    /// A kept view is hostile input: one longer than ``keptViewReadLimit``, or not sealed with
    /// this user's key for what the project holds now and `size` (`KeptPictureSeal`), is ignored
    /// and drawn again. The project is only read.
    /// - Throws: what `preview` throws; a busy lock.
    public func view(size: PictureSize, reuse: Bool = true, drawnBefore: PreviewView? = nil,
                     decoded: ((DecodedPicture.Key) -> DecodedPicture?)? = nil) throws -> PreviewView {
        let key = try viewKey()
        if reuse, let jpeg = try keptView(size: size, drawnFrom: key) {
            return PreviewView(jpeg: jpeg, kept: true, size: size, drawnFrom: key)
        }
        if var drawnBefore, !drawnBefore.kept, drawnBefore.size == size, drawnBefore.drawnFrom == key {
            drawnBefore.drawnEarlier = true
            return drawnBefore
        }
        return PreviewView(jpeg: try preview(size: size, decoded: decoded), kept: false, size: size, drawnFrom: key)
    }

    /// Keeps `view` (drawn by ``view(size:reuse:decoded:)``) in the project for the next open at
    /// its size, in place of the one of that size, and lets go of all but the two sizes drawn
    /// last, sealed with this user's key. A write of its own outside the history, on a second
    /// connection that waits at most a quarter of a second for another writer: when the project
    /// is busy, read-only, or no longer what the view was drawn from, or there is no key, nothing
    /// is kept. This project may be open read-only.
    /// - Returns: whether it was kept.
    @discardableResult
    public func keep(_ view: PreviewView) -> Bool {
        guard !view.kept, let seal = KeptPictureSeal.mine, (try? viewKey()) == view.drawnFrom,
              let writer = try? ProjectStore.open(path, forWriting: true, busyTimeoutMS: 250) else { return false }
        let sealed = seal.sealed(view.jpeg, for: Self.sealed(view: view.drawnFrom, size: view.size))
        return (try? writer.keepView(sealed, size: view.size, drawnFrom: view.drawnFrom)) != nil
    }

    /// What a kept view's seal is for: what it was drawn from, at its size.
    static func sealed(view drawnFrom: String, size: PictureSize) -> String {
        "view \(drawnFrom) at \(size.width)x\(size.height)"
    }

    /// The views the project keeps that ``view(size:reuse:drawnBefore:decoded:)`` would send
    /// (sealed by this user for what the project holds now), the one drawn last first: what
    /// `info` lists. Only the rows of the two sizes drawn last are read, each once, so a planted
    /// `views` table of any length (without its index, say) costs one pass.
    public func keptViews() throws -> [KeptViewSummary] {
        // No key is made, nor the photo's digest taken, for a project that keeps no view.
        let rows = try store.keptViews(readLimit: Self.keptViewReadLimit)
        guard !rows.isEmpty, let seal = KeptPictureSeal.mine else { return [] }
        let key = try viewKey()
        return rows.compactMap { row in
            guard row.drawnFrom == key, let bytes = row.bytes, seal.opened(bytes, for: Self.sealed(view: key, size: row.size)) != nil else { return nil }
            return KeptViewSummary(size: row.size, bytes: row.length)
        }
    }

    /// Whether the project keeps a view of `size` that ``view(size:reuse:drawnBefore:decoded:)``
    /// would send: what tells the editor a first view need not be drawn as it starts.
    public func keepsView(size: PictureSize) throws -> Bool {
        try keptView(size: size, drawnFrom: try viewKey()) != nil
    }

    /// The kept view of `size`, without its seal, when it is sealed by this user for `drawnFrom`
    /// at that size.
    private func keptView(size: PictureSize, drawnFrom key: String) throws -> [UInt8]? {
        guard let seal = KeptPictureSeal.mine,
              let bytes = try store.keptView(size: size, drawnFrom: key, limit: Self.keptViewReadLimit) else { return nil }
        return seal.opened(bytes, for: Self.sealed(view: key, size: size))
    }

    /// What a view of the whole picture is drawn from: `tagproj VERSION view q85 FORMAT
    /// orientation O crop X Y W H photo sha256 DIGEST BYTES`, the SHA-256 of the photo's bytes
    /// (`PhotoDigest`), so a photo changed behind tagproj's back (even one made to pass for it), another crop
    /// (`set --crop`, an undo of it) or another renderer draws it again. Tags are not in it: the
    /// page draws them over the view.
    func viewKey() throws -> String {
        let source = try store.source()
        let bytes = try store.sharedSourceBytes()
        let c = source.crop
        let digest = PhotoDigest(of: bytes.buffer)
        return "tagproj \(TagKitVersion.string) view q85 \(source.format.rawValue) orientation \(source.orientation.rawValue) "
            + "crop \(c.x) \(c.y) \(c.width) \(c.height) photo sha256 \(digest) \(bytes.count)"
    }
}
