import TagKit

extension Notice {
    /// The notice as the `warning:` line says it: `moved to 0.812,0.400 to stay inside the photo`.
    var text: String {
        switch self {
        case .movedToStayInside(_, let point): return "moved to \(point.formatted) to stay inside the photo"
        }
    }
}
