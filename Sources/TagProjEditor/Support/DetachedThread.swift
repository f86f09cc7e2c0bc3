import Glibc

/// Runs `body` on a new detached thread (the editor's background work: a photo decoded to be
/// held, a view kept in the project). Returns false, having run nothing, when no thread could be
/// made.
func runDetached(_ body: @escaping () -> Void) -> Bool {
    let context = Unmanaged.passRetained(DetachedJob(body)).toOpaque()
    var thread = pthread_t()
    guard pthread_create(&thread, nil, { context in
        Unmanaged<DetachedJob>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context) == 0 else {
        Unmanaged<DetachedJob>.fromOpaque(context).release()
        return false
    }
    pthread_detach(thread)
    return true
}

/// A closure for a thread to run.
private final class DetachedJob {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
