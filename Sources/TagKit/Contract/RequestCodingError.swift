// RequestCodingError: what a malformed JSON request or answer throws, and its initializers.

/// A JSON request or answer that does not say what it must.
public struct RequestCodingError: TagProjError, Equatable {
    /// What is wrong: `"id" must be a tag id (a positive whole number)`.
    public let reason: String

    init(_ reason: String) { self.reason = reason }

    /// What a front end with no memory to hand a picture to (the command line's `request`) says of
    /// an export that names no output.
    public static var exportNamesNoOutput: RequestCodingError {
        RequestCodingError(tr("an export request names its output here: \"to\" is a path, or \"-\" for standard output"))
    }

    /// The reason.
    public var message: String { reason }
    /// The request is malformed.
    public var meaning: ErrorMeaning { .invalidRequest }
}

extension RequestCodingError {
    /// A position that does not parse, with its advice (`write 920px,800px`).
    init(positionError error: PositionError) {
        guard let advice = error.advice else { self.init(error.message); return }
        // TRANSLATORS: {error} says what is wrong with a position, {advice} how to write it.
        self.init(tr("{error} ({advice})", ["error": error.message, "advice": advice]))
    }
}
