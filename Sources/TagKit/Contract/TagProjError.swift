/// What a failure means, whichever front end reports it.
///
/// TagKit describes a failure by its meaning; each front end turns the meaning into its own
/// terms: `tagproj` into a sysexits exit code, the editor into an HTTP status. Nothing in TagKit
/// knows about exit codes or command-line flags.
public enum ErrorMeaning: String, Sendable, CaseIterable {
    /// The request itself is malformed: invalid tag text, a crop outside the picture, an
    /// unknown format, a setting out of range.
    case invalidRequest
    /// Input data is not what it claims to be: not an image, a damaged image, not a project,
    /// a damaged project, a project from a newer tagproj, an image over the pixel limit.
    case badData
    /// A file to be read is not there.
    case missingInput
    /// Something the request names does not exist (a tag id).
    case notFound
    /// The request is well-formed but cannot be carried out: nothing to undo, no font for a
    /// character, a text too long to fit.
    case notPossible
    /// Something is in the way of the output: a file that must not be replaced.
    case conflict
    /// The output cannot be created or written.
    case cannotWrite
    /// Reading or writing failed for a reason of the system (permissions, a full disk, EIO).
    case io
    /// The project stayed locked by another process for longer than the busy timeout.
    case busy
    /// A library failed for a reason that is not the input's fault (out of memory, a bug).
    case internalFailure
    /// The caller may not ask: a front end that serves others (the editor's server) turned it
    /// away for its missing or wrong token, or a foreign Host or Origin.
    case refused
}

/// An error TagKit reports: one line of message, a meaning, and optionally advice.
///
/// Every stage has its own error type conforming to this protocol, whose cases carry the
/// structured reason. Where an error is detected it is described once; callers pass it up
/// unchanged. `advice` never names a command-line flag: front ends add their own hints.
public protocol TagProjError: Error, CustomStringConvertible {
    /// One line, no trailing period, naming what failed and why (the C library's reason included).
    var message: String { get }
    /// What the failure means, for a front end to map to an exit code or a status.
    var meaning: ErrorMeaning { get }
    /// A next step that holds for any front end (install a package, free disk space), if any.
    var advice: String? { get }
}

extension TagProjError {
    /// No advice unless the error type gives some.
    public var advice: String? { nil }
    /// The message.
    public var description: String { message }
}
