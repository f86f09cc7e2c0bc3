import Glibc
import TagKit

/// Where a command's results go: data to stdout, `error:`/`warning:`/informational lines to stderr.
///
/// Written with `write(2)` directly; stdout is buffered and flushed once at exit. `quiet` drops the
/// informational lines (`created …`, `wrote …`, `undid …`, progress) but never warnings or errors.
/// Colour is used only where the stream is a terminal and `NO_COLOR` is not set. Text bound for a
/// terminal has its control characters escaped (`TerminalText`): a name or a path from someone
/// else must not clear the screen or write the clipboard.
final class Output {
    private var buffer: [UInt8] = []
    /// Set by `--quiet`/`-q`.
    var quiet = false
    /// Styles for stdout (history's cursor) and stderr (`error:`, `warning:`, `hint:`).
    let stdoutStyle = Style(fd: 1)
    let stderrStyle = Style(fd: 2)
    /// Whether each stream is a terminal, whose text is escaped.
    private let stdoutEscapes = Style.isTerminal(1), stderrEscapes = Style.isTerminal(2)

    /// Appends a line of data for stdout.
    func line(_ text: String) {
        buffer.append(contentsOf: (stdoutEscapes ? TerminalText.escaped(text) : text).utf8)
        buffer.append(10)
    }

    /// Appends a line of data for stdout in `colour` (where colour is on), escaped first.
    func line(_ text: String, _ colour: Style.Colour) {
        buffer.append(contentsOf: stdoutStyle.paint(stdoutEscapes ? TerminalText.escaped(text) : text, colour).utf8)
        buffer.append(10)
    }

    /// `text` as it may be written to stderr: escaped when stderr is a terminal.
    func forStderr(_ text: String) -> String { stderrEscapes ? TerminalText.escaped(text) : text }

    /// Appends raw bytes for stdout.
    func raw(_ bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// A `warning: …` line on stderr, at once (kept under `--quiet`).
    func warning(_ text: String) { Output.stderr(noticeLine(.warning, text)! + "\n") }

    /// A `note: …` line on stderr, at once: something the user should know that is not a problem
    /// (another history branch continues here). Kept under `--quiet`, as warnings are.
    func note(_ text: String) { Output.stderr(noticeLine(.note, text)! + "\n") }

    /// An informational line on stderr (`created …`); dropped under `--quiet`.
    func message(_ text: String) { if let line = noticeLine(.info, text) { Output.stderr(line + "\n") } }

    /// The stderr line (without its newline) of something said with `severity`: `warning: …`,
    /// `note: …`, or the text alone; nil for information under `--quiet`.
    func noticeLine(_ severity: Notice.Severity, _ text: String) -> String? {
        switch severity {
        case .warning: return stderrStyle.paint("warning:", .yellow) + " " + forStderr(text)
        case .note: return stderrStyle.paint("note:", .cyan) + " " + forStderr(text)
        case .info: return quiet ? nil : forStderr(text)
        }
    }

    /// The `error:` line, then `hint:` and `usage:` lines when given (never dropped).
    func error(_ message: String, hint: String? = nil, usage: String? = nil) {
        var text = stderrStyle.paint("error:", .red) + " \(forStderr(message))\n"
        if let hint { text += stderrStyle.paint("hint:", .cyan) + " \(forStderr(hint))\n" }
        if let usage { text += "usage: \(forStderr(usage))\n" }
        Output.stderr(text)
    }

    /// Writes what was buffered for stdout. Returns false if stdout could not be written.
    @discardableResult
    func flush() -> Bool {
        defer { buffer.removeAll() }
        return Output.writeAll(1, buffer)
    }

    /// Writes `text` to stderr at once, unbuffered.
    static func stderr(_ text: String) { _ = writeAll(2, Array(text.utf8)) }

    /// Writes all of `bytes` to `fd`, retrying after interrupted and short writes.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? bytes.withUnsafeBytes { try FileDescriptorSink(fd: fd, name: "output").write($0) }) != nil
    }
}

/// ANSI colour for one stream: on only when it is a terminal, `TERM` is not `dumb`, and `NO_COLOR`
/// is not set to a non-empty value (https://no-color.org: an empty `NO_COLOR=` leaves colour on).
struct Style {
    /// The colours tagproj uses.
    enum Colour: String {
        case red = "31", yellow = "33", cyan = "36", green = "32", bold = "1", dim = "2"
    }

    /// Whether this stream gets colour.
    let enabled: Bool

    /// Decides for the stream `fd` from the terminal and the environment.
    init(fd: Int32) {
        enabled = isatty(fd) == 1 && (getenv("NO_COLOR").map { $0.pointee == 0 } ?? true) && (getenv("TERM").map { String(cString: $0) } ?? "") != "dumb"
    }

    /// Whether the stream is a terminal at all (for progress bars), colour or not.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// `text` wrapped in the colour's escape codes, or unchanged when colour is off.
    func paint(_ text: String, _ colour: Colour) -> String {
        enabled ? "\u{1B}[\(colour == .bold || colour == .dim ? "" : "1;")\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// Text made safe for a terminal: every control character but tab and line feed (C0, DEL, C1)
/// written out as `\x1B` or `\u009B`, so that bytes from a project or a file name reach the
/// screen as text, never as an escape sequence (OSC 52 writes the clipboard, CSI 2J clears the
/// screen). Only what goes to a terminal is escaped: a pipe or a file gets the text as it is.
enum TerminalText {
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.append(scalar); continue }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let escape = scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A) || (0x7F...0x9F).contains(v)
    }
}
