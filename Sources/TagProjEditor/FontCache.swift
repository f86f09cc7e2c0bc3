import TagKit

/// A font system loaded on first need and kept: the server's pages draw and measure with it,
/// each drawing first adopting the project's subsets.
final class FontCache {
    private var loaded: FontSystem?

    /// The font system, loaded now if it was not yet.
    func fonts() throws -> FontSystem {
        if let loaded { return loaded }
        let made = try FontSystem()
        loaded = made
        return made
    }
}
