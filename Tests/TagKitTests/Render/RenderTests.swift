import Testing

/// The tests of `Sources/TagKit/Render`, grouped so that `swift test --filter Render` runs them all.
@Suite enum RenderTests {}
