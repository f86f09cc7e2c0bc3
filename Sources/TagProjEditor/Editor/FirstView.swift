import Glibc
import TagKit

/// The first view of the photo, drawn before the page asks for it, at the size it will ask for:
/// as the editor starts, for the room the editor remembers (`EditorRoom`); and as soon as the
/// page has laid out, for the room it tells (`POST /api/room`), while it still waits for the
/// project's state. The view request of that size takes it (waiting for the drawing if it is
/// under way) instead of drawing its own. Taken once; a request of another size draws its own
/// as before. One is drawn at a time: a page cannot start more. A photo that only decodes whole
/// (HEIC…) is decoded into the editor's photo cache to draw it (`PhotoCache.viewSource`), so the
/// views that follow are cut from the same decode.
final class FirstView: @unchecked Sendable {
    /// What ``start(_:size:)`` did.
    enum Start: String, Equatable {
        /// It is being drawn now (or is drawn and not yet taken): by this call or an earlier one.
        case drawing
        /// The project keeps a view of that size: nothing need be drawn.
        case kept
        /// Another size is being drawn: the page's request will draw its own.
        case busy
        /// The project cannot be read, or no thread could be started.
        case failed
    }

    private var size: PictureSize?
    private var drawing = false
    private var view: PreviewView?
    private let lock = Condition()
    private let photos: PhotoCache

    /// Views drawn from what `photos` holds or decodes for them.
    init(photos: PhotoCache) {
        self.photos = photos
    }

    /// Starts drawing the `size` view of the project at `path` on a thread of its own, unless the
    /// project keeps one of that size already, that size is drawn already (or being drawn), or
    /// another is being drawn. A view of another size drawn and not taken is let go: the page
    /// asks for `size`.
    @discardableResult
    func start(_ path: String, size: PictureSize) -> Start {
        guard let project = try? Project.open(path, forWriting: false, frontEnd: "editor"),
              let kept = try? project.keepsView(size: size) else { return .failed }
        if kept { return .kept }
        lock.lock()
        defer { lock.unlock() }
        if self.size == size { return .drawing }
        if drawing { return .busy }
        self.size = size
        drawing = true
        view = nil
        let started = runDetached { [self] in
            let view = try? project.view(size: size, reuse: false, decoded: photos.viewSource(for: project, at: path))
            lock.lock()
            self.view = view
            drawing = false
            lock.broadcast()
            lock.unlock()
        }
        guard started else {
            drawing = false
            self.size = nil
            return .failed
        }
        return .drawing
    }

    /// The view drawn before the page asked, if it is of `size`: waited for while it is drawn,
    /// and given once (`Project.view` uses it only when it was drawn from the photo and crop the
    /// project has now).
    func take(size: PictureSize) -> PreviewView? {
        lock.lock()
        defer { lock.unlock() }
        guard self.size == size else { return nil }
        while drawing { lock.wait() }
        self.size = nil
        defer { view = nil }
        return view
    }
}
