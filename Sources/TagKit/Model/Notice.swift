/// Something an edit did that the user did not ask for in so many words, and should be told.
///
/// A value, so each front end words it its own way (the CLI as a `warning:` line, see
/// `Sources/tagproj/CLI/Notices.swift`; the editor as a toast).
public enum Notice: Equatable, Sendable {
    /// The tag's dot was moved, the least distance, to `point` so that the whole tag stays inside
    /// the picture.
    case movedToStayInside(TagID, NormalizedPoint)
}
