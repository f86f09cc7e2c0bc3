import Glibc
import TagKit

/// A font system loaded on first need and kept: the server's pages draw and measure with it,
/// each drawing first adopting the project's subsets.
///
/// Requests that only read are served side by side, but a font system (its FreeType faces, the
/// subsets adopted into it) serves one drawing at a time: each use holds the cache's lock, while a
/// photo decoding for another request goes on.
final class FontCache {
    private var loaded: FontSystem?
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    /// `body` with the font system (loaded now if it was not yet), alone.
    func withFonts<T>(_ body: (FontSystem) throws -> T) throws -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let fonts = try loaded ?? FontSystem()
        loaded = fonts
        return try body(fonts)
    }
}
