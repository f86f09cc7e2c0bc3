/// The outcome classes a `tagproj` invocation can end in, with their process exit codes.
///
/// The numbers follow BSD's `sysexits.h`, so scripts can tell a usage mistake from bad data
/// from a busy project without parsing messages.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// The command did what it was asked.
    case success = 0
    /// The command could not be done: unknown id, nothing to undo, no font for a character.
    case failure = 1
    /// Usage error: unknown command or option, missing argument, unknown kind or side,
    /// a number that does not parse, invalid tag text.
    case usage = 64
    /// Bad input data: not an image, a damaged image, not a tagproj project, a damaged project,
    /// a project from a newer tagproj.
    case dataError = 65
    /// An input file is missing.
    case noInput = 66
    /// The output file cannot be created.
    case cannotCreate = 73
    /// An I/O error while reading or writing.
    case ioError = 74
    /// The project stayed busy (locked by another process) for longer than the busy timeout.
    case busy = 75
}

/// An error that `tagproj` reports to its user: one `error:` line, an optional hint, an exit code.
///
/// Every stage has its own error type conforming to this protocol. Where an error is detected it
/// is described once; callers pass it up unchanged.
public protocol TagProjError: Error, CustomStringConvertible {
    /// One line, no trailing period, naming what failed and why (the C library's reason included).
    var message: String { get }
    /// A next step for the user, if there is an obvious one.
    var hint: String? { get }
    /// The process exit code this error ends in.
    var exitCode: ExitCode { get }
}

extension TagProjError {
    public var hint: String? { nil }
    public var description: String { message }
}
