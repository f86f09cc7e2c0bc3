@testable import TagKit

/// What an edit's answer holds, read as the parts a test checks.
extension Answer {
    /// The tag the edit left (nil after a delete, and for an answer that is not an edit's).
    var tag: Tag? {
        guard case .edited(let tag, _) = result else { return nil }
        return tag
    }

    /// The edit's history entry label; nil for an answer that is not an edit's.
    var label: String? {
        guard case .edited(_, let label) = result else { return nil }
        return label.stored
    }
}
