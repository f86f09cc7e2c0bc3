import CEditor
import Glibc
import TagKit

/// The photos the editor holds decoded (`DecodedPicture`), so that zoomed regions and later
/// views are cut from memory instead of decoded again: one per project, at most `budget` bytes
/// in all, the least recently used let go first.
///
/// A photo is decoded on a thread of its own at the lowest priority (nice 19): `warm(_:)` starts
/// it once the editor has answered the first view of a project, and it yields its core to the
/// browser showing the page and to any view being answered. A view asked for
/// before the photo is held is decoded for itself, as it always was: the reduced, partial decode
/// of `Project.preview` is the cheapest way to one view, the whole decode the cheapest way to
/// many. When the project's photo is no longer the one held, the new one is decoded the same
/// way; a photo that failed to decode is not tried again until the project's photo changes.
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
        guard runDetached({ [self] in decode(path) }) else {
            entries[path]?.decoding = false  // no thread: every view decodes for itself
            return
        }
    }

    /// The thread's work: the photo decoded (nil if it fails or is too large), kept within the budget.
    private func decode(_ path: String) {
        var key: DecodedPicture.Key?
        var picture: DecodedPicture?
        // Read at the normal priority, so the file's lock is held no longer than a read takes;
        // then decoded at the lowest (nice 19: this thread only, on Linux), which yields to every
        // other thread of the machine. Not SCHED_IDLE, which may wait seconds for a core while
        // holding a lock every thread shares (the allocator's, the Swift runtime's): views of the
        // photo then stalled behind it.
        if let photo = try? Project.open(path, forWriting: false, frontEnd: "editor").photoToDecode() {
            key = photo.key
            _ = tp_thread_lower_priority()
            picture = try? photo.decoded()
        }
        lock.lock()
        uses += 1
        entries[path] = Entry(picture: picture.flatMap { $0.byteCount <= budget ? $0 : nil }, decoding: false,
                              tried: picture?.key ?? key, lastUse: uses)
        // Within the budget: the least recently used photos go first, never the one just decoded.
        var held = entries.values.reduce(0) { $0 + ($1.picture?.byteCount ?? 0) }
        while held > budget, let oldest = entries.filter({ $0.key != path && $0.value.picture != nil })
            .min(by: { $0.value.lastUse < $1.value.lastUse }) {
            held -= oldest.value.picture!.byteCount
            entries[oldest.key]?.picture = nil
            entries[oldest.key]?.tried = nil
        }
        lock.broadcast()
        lock.unlock()
    }
}
