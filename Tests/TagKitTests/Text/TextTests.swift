import Testing

/// The Text subsystem's suites, grouped so `swift test --filter Text` runs them all.
@Suite("Text")
enum TextTests {}
