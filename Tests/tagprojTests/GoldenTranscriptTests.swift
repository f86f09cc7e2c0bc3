import Foundation
import Testing

/// Whole-output tests of the commands people use most, as jj's snapshot tests are: each file in
/// `Tests/tagprojTests/Golden/` is a session, its commands on `$ ` lines, each followed by what
/// the command printed and its exit status, exactly. A change that alters any byte of stdout or
/// stderr or an exit code fails here, where the other tests check only the part they are about.
///
/// When a change is meant, run the suite with `TAGPROJ_UPDATE_GOLDEN=1`: the files are written
/// anew from what the commands print now, and `git diff` shows what changed, to be read and
/// committed with the change. A new session is a file of `$ ` lines alone, filled in the same way.
///
/// Each session runs in a folder of its own with the C locale and empty config and state folders
/// (as every CLI test does). Written back as placeholders: the folder (`$DIR`), the coffee photo
/// (`$COFFEE`, also usable in commands), the user's name and minutes in history (`<user>`, `<time>`).
@Suite struct GoldenTranscriptTests {
    static let folder = CLI.repository.appendingPathComponent("Tests/tagprojTests/Golden")
    static var sessions: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test func thereAreSessions() {
        #expect(Self.sessions.count >= 3, "the golden sessions are missing from \(Self.folder.path)")
    }

    @Test(arguments: sessions)
    func theSessionPrintsWhatItsFileSays(name: String) throws {
        let file = Self.folder.appendingPathComponent(name).path
        let expected = try String(contentsOfFile: file, encoding: .utf8)
        let commands = expected.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
        #expect(!commands.isEmpty, "\(name) has no commands")
        let cli = CLI()
        var transcript = ""
        for command in commands {
            let words = try Self.words(command)
            #expect(words.first == "tagproj", "\(name): a session runs tagproj only: \(command)")
            let run = try cli.run(Array(words.dropFirst()).map { $0.replacingOccurrences(of: "$COFFEE", with: CLI.coffee) })
            transcript += "$ \(command)\n" + Self.section("stdout", run.stdout, cli) + Self.section("stderr", run.stderr, cli)
                + "[exit \(run.status)]\n\n"
        }
        if ProcessInfo.processInfo.environment["TAGPROJ_UPDATE_GOLDEN"] == "1" {
            try transcript.write(toFile: file, atomically: true, encoding: .utf8)
            return
        }
        let lines = (expected: expected.split(separator: "\n", omittingEmptySubsequences: false),
                     actual: transcript.split(separator: "\n", omittingEmptySubsequences: false))
        let first = zip(lines.expected, lines.actual).enumerated().first { $0.element.0 != $0.element.1 }
        let at = first?.offset ?? min(lines.expected.count, lines.actual.count)
        let same = transcript == expected  // not in the expectation: it would print both whole
        #expect(same, """
            \(name) differs at line \(at + 1) (run with TAGPROJ_UPDATE_GOLDEN=1 to write what it prints now):
            expected: \(at < lines.expected.count ? String(lines.expected[at]) : "(end)")
            actual:   \(at < lines.actual.count ? String(lines.actual[at]) : "(end)")
            """)
    }

    /// One stream of a run, its placeholders put back: nothing when it printed nothing.
    static func section(_ stream: String, _ text: String, _ cli: CLI) -> String {
        guard !text.isEmpty else { return "" }
        var text = text.replacingOccurrences(of: cli.dir, with: "$DIR").replacingOccurrences(of: CLI.coffee, with: "$COFFEE")
        text = text.replacingOccurrences(of: #"\d{4}-\d\d-\d\d \d\d:\d\d"#, with: "<time>", options: .regularExpression)
        text = text.replacingOccurrences(of: "  \(ProcessInfo.processInfo.userName)/", with: "  <user>/")
        return "[\(stream)]\n" + text + (text.hasSuffix("\n") ? "" : "\n[no newline at the end]\n")
    }

    /// A command's words, split at spaces outside double quotes (which may hold spaces and `\"`).
    static func words(_ command: String) throws -> [String] {
        var words: [String] = [], word = "", quoted = false, escaped = false, started = false
        for character in command {
            if escaped {
                word.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if quoted { throw CocoaError(.formatting) }
        if started { words.append(word) }
        return words
    }
}
