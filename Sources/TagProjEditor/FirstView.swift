import Glibc
import TagKit

/// The first view of the photo, drawn as soon as the editor starts at the size the page is
/// expected to ask for (`EditorRooms`), while the browser is still loading the page: the view
/// request of that size takes it (waiting for the drawing if it is under way) instead of drawing
/// its own. Taken once; a request of another size draws its own as before.
final class FirstView: @unchecked Sendable {
    private var size: PictureSize?
    private var drawing = false
    private var view: PreviewView?
    private let lock = Condition()

    /// Starts drawing the `size` view of the project at `path` on a thread of its own, unless the
    /// project keeps one of that size already.
    func start(_ path: String, size: PictureSize) {
        guard let project = try? Project.open(path, forWriting: false, frontEnd: "editor"),
              (try? project.keptViews().contains { $0.size == size }) == false else { return }
        lock.lock()
        self.size = size
        drawing = true
        lock.unlock()
        let started = runDetached { [self] in
            let view = try? project.view(size: size, reuse: false)
            lock.lock()
            self.view = view
            drawing = false
            lock.broadcast()
            lock.unlock()
        }
        if !started {
            lock.lock()
            drawing = false
            self.size = nil
            lock.unlock()
        }
    }

    /// The view drawn at start, if it is of `size`: waited for while it is drawn, and given once
    /// (`Project.view` uses it only when it was drawn from the photo and crop the project has now).
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
