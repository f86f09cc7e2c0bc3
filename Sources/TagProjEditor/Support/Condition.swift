import Glibc

/// A mutex and a condition variable on it, allocated so their addresses never move: what a
/// thread that waits for another's work (a decode, the first view) holds and waits on.
final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits, the mutex held, until another thread broadcasts (then holds it again).
    func wait() { pthread_cond_wait(changed, mutex) }

    /// Wakes every thread waiting; called with the mutex held.
    func broadcast() { pthread_cond_broadcast(changed) }
}
