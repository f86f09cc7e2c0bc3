import CEditor
import Glibc
import TagKit

/// The photos the editor holds decoded (`DecodedPicture`), so that zoomed regions and later
/// views are cut from memory instead of decoded again: one per project, at most `budget` bytes
/// in all, the least recently used let go first.
///
/// A photo is decoded on a thread of its own at the lowest priority (nice 19): `warm(_:)` starts
/// it once the editor has answered the first view of a project, and it yields its core to the
/// browser showing the page and to any view being answered. A view of a JPEG asked for
/// before the photo is held is decoded for itself, as it always was: the reduced, partial decode
/// of `Project.preview` is the cheapest way to one view, the whole decode the cheapest way to
/// many. A photo without a reduced decode (HEIC, AVIF, WebP, PNG) costs a whole decode for any
/// view, so the first view decodes it into the cache at once (`viewSource(for:at:)`) and every
/// later one is cut from it: one decode, not one per view and another to warm. When the
/// project's photo is no longer the one held, the new one is decoded the same way; a photo that
/// failed to decode is not tried again until the project's photo changes.
final class PhotoCache: @unchecked Sendable {
    private struct Entry {
        var picture: DecodedPicture?
        var decoding = false
        /// The photo last decoded or tried (nil: not known yet, as for `warm`).
        var tried: DecodedPicture.Key?
        var lastUse = 0
    }

    /// Bytes held at most: 256 MB, a 14.7 MP photo five times over.
    static let defaultBudget = 256 << 20

    let budget: Int
    private var entries: [String: Entry] = [:]
    private var uses = 0
    private let lock = Condition()

    init(budget: Int = PhotoCache.defaultBudget) {
        self.budget = budget
    }

    /// Starts decoding the photo of the project at `path`, unless it is held or being decoded:
    /// called once the first view of it is answered, so the decode never competes with that
    /// view or with the browser loading the page.
    func warm(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        guard entries[path] == nil else { return }
        startDecoding(path, key: nil)
    }

    /// The photo of the project at `path` decoded, if it is the one `key` names; otherwise nil,
    /// and once the project has been warmed, unless it failed to decode, its decode is started
    /// for the views that follow. A decode under way is waited for: it began with the first
    /// view, so what is left of it is less than a view's own decode.
    func picture(at path: String, key: DecodedPicture.Key) -> DecodedPicture? {
        lock.lock()
        defer { lock.unlock() }
        while entries[path]?.decoding == true { lock.wait() }
        uses += 1
        if let picture = entries[path]?.picture, picture.key == key {
            entries[path]?.lastUse = uses
            return picture
        }
        if let entry = entries[path], !entry.decoding, entry.tried != key { startDecoding(path, key: key) }
        return nil
    }

    /// What a view of `project` (at `path`) is drawn from, for `Project.view` and `preview`: when
    /// its photo has no reduced decode, the photo decoded into the cache now, on the calling
    /// thread at its own priority, unless it is held or being decoded (``decodedNow(_:key:)``);
    /// otherwise the photo held if warmed (``picture(at:key:)``), else nil: the view decodes
    /// what it shows.
    func viewSource(for project: Project, at path: String) -> ((DecodedPicture.Key) -> DecodedPicture?)? {
        if (try? project.photoDecodesReduced()) == false { return { [self] key in decodedNow(path, key: key) } }
        return mayHold(path) ? { [self] key in picture(at: path, key: key) } : nil
    }

    /// The photo of the project at `path` decoded, if it is the one `key` names: held, or waited
    /// for while it is decoded, or else decoded now on this thread (not lowered), held within
    /// the budget as `warm` holds it. Nil when it fails to decode, has too many pixels to hold,
    /// or the project's photo changed; a photo that failed is not tried again.
    func decodedNow(_ path: String, key: DecodedPicture.Key) -> DecodedPicture? {
        lock.lock()
        while entries[path]?.decoding == true { lock.wait() }
        uses += 1
        if let picture = entries[path]?.picture, picture.key == key {
            entries[path]?.lastUse = uses
            lock.unlock()
            return picture
        }
        if let entry = entries[path], entry.tried == key {
            lock.unlock()
            return nil
        }
        var entry = entries[path] ?? Entry()
        entry.decoding = true
        entry.tried = key
        entries[path] = entry
        lock.unlock()
        let picture = decode(path, lowered: false)
        return picture?.key == key ? picture : nil
    }

    /// Holds `picture`, the photo of the project at `path` decoded elsewhere (`tagproj open
    /// photo.heic` keeps what its check decoded), as if it had been decoded here; nothing when
    /// the project's photo is held or being decoded already.
    func hold(_ picture: DecodedPicture, for path: String) {
        lock.lock()
        guard entries[path] == nil else { return lock.unlock() }
        uses += 1
        entries[path] = Entry(picture: picture.byteCount <= budget ? picture : nil, decoding: false, tried: picture.key, lastUse: uses)
        keepWithinBudget(sparing: path)
        lock.unlock()
    }

    /// Whether `picture(at:key:)` could give the photo of `path` (it has been warmed): when not,
    /// a view need not read and digest the photo's bytes to ask.
    func mayHold(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[path] != nil
    }

    /// Waits until no photo is being decoded: for tests, which need to know what is held.
    func settle() {
        lock.lock()
        while entries.values.contains(where: \.decoding) { lock.wait() }
        lock.unlock()
    }

    /// Bytes held now.
    var heldBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.values.reduce(0) { $0 + ($1.picture?.byteCount ?? 0) }
    }

    /// Marks `path` as being decoded and decodes it on a new thread. Called with the lock held.
    private func startDecoding(_ path: String, key: DecodedPicture.Key?) {
        var entry = entries[path] ?? Entry()
        entry.decoding = true
        entry.tried = key
        entries[path] = entry
        guard runDetached({ [self] in _ = decode(path, lowered: true) }) else {
            entries[path]?.decoding = false  // no thread: every view decodes for itself
            return
        }
    }

    /// The photo of `path` decoded (nil if it fails or is too large) and kept within the budget,
    /// for an entry marked as being decoded: on `warm`'s thread, `lowered` to the lowest priority
    /// once the photo is read.
    private func decode(_ path: String, lowered: Bool) -> DecodedPicture? {
        var key: DecodedPicture.Key?
        var picture: DecodedPicture?
        // Read at the normal priority, so the file's lock is held no longer than a read takes;
        // then decoded at the lowest (nice 19: this thread only, on Linux), which yields to every
        // other thread of the machine. Not SCHED_IDLE, which may wait seconds for a core while
        // holding a lock every thread shares (the allocator's, the Swift runtime's): views of the
        // photo then stalled behind it.
        if let photo = try? Project.open(path, forWriting: false, frontEnd: "editor").photoToDecode() {
            key = photo.key
            if lowered { _ = tp_thread_lower_priority() }
            picture = try? photo.decoded()
        }
        lock.lock()
        uses += 1
        entries[path] = Entry(picture: picture.flatMap { $0.byteCount <= budget ? $0 : nil }, decoding: false,
                              tried: picture?.key ?? key, lastUse: uses)
        keepWithinBudget(sparing: path)
        lock.broadcast()
        lock.unlock()
        return picture
    }

    /// Lets go of the least recently used photos, never `path`'s, until the budget holds. Called
    /// with the lock held.
    private func keepWithinBudget(sparing path: String) {
        var held = entries.values.reduce(0) { $0 + ($1.picture?.byteCount ?? 0) }
        while held > budget, let oldest = entries.filter({ $0.key != path && $0.value.picture != nil })
            .min(by: { $0.value.lastUse < $1.value.lastUse }) {
            held -= oldest.value.picture!.byteCount
            entries[oldest.key]?.picture = nil
            entries[oldest.key]?.tried = nil
        }
    }
}
