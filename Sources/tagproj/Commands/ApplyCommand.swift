import Glibc
import TagKit

/// `tagproj apply`: many edits from a file (or standard input) as one history entry.
struct ApplyCommand: Command {
    static let spec = CommandSpec(
        name: "apply", abstract: tr("Apply many edits at once (a menu): one transaction, one history entry."),
        positionals: [projectArgument, PositionalSpec(name: "file", help: tr("The edits: JSON Lines, CSV, or 'list --json' output; - reads standard input."),
                                                      completion: .files(["csv", "jsonl", "json"]))],
        options: [OptionSpec(name: .replace, value: nil, help: tr("Make the project's tags exactly the ones given: every tag it has is deleted first, in the same entry.")),
                  jsonOption],
        discussion: [
            tr("All or nothing: a line that is not an edit, or an edit that cannot be done, is an error naming the line, and nothing is applied. JSON Lines: {\"op\":\"add\",\"kind\":\"dish\",\"text\":\"Soup\",\"at\":\"0.3,0.4\"}, {\"op\":\"move\",\"id\":1,\"to\":\"0.5,0.5\"} (or \"by\"), {\"op\":\"flip\",\"id\":1}, {\"op\":\"edit\",\"id\":1,\"text\":\"Tea\"}, {\"op\":\"delete\",\"id\":1}. CSV: a header kind,text,x,y[,side] and a tag to add per row (empty x,y: free space). The output of 'tagproj list P --json' copies a layout. The history entry is 'apply N edits from FILE'; 'tagproj undo' takes it all back. With --replace, the project's tags become exactly the ones the file adds (ids are new; the old ones are never reused): 'list --json | apply --replace' copies a layout instead of doubling it. With --json, prints the tags the batch left."),
        ],
        examples: ["tagproj apply dinner.tagproj menu.csv", "tagproj list a.tagproj --json | tagproj apply b.tagproj -",
                   "tagproj list a.tagproj --json | tagproj apply b.tagproj - --replace"])

    let project: String
    let file: String
    let json: Bool
    let replace: Bool

    init(_ a: ParsedArguments) throws {
        project = try Self.positional(a, 0)
        file = try Self.positional(a, 1)
        try Self.noExtraPositionals(a)
        json = a.has(.json)
        replace = a.has(.replace)
    }

    /// The most an edit script may hold.
    static let maximumBytes = 16 << 20

    func run(_ out: Output) throws {
        let bytes = file == "-" ? try Self.readStandardInput() : try FileIO.readInput(file, limit: Self.maximumBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw UsageError(message: tr("'{file}' is not UTF-8 text", ["file": file])) }
        var batch = try EditScript.parse(text).batch(source: file == "-" ? "standard input" : file)
        batch.replacing = replace
        let (opened, answer) = try perform(.batch(batch), on: project, frontEnd: "apply")
        out.notices(answer.notices)
        answer.said.forEach(out.message)
        if json { out.line(try opened.tags().json(in: try opened.pictureSize(), scale: try opened.settings().tagScale).text) }
    }

    /// All of standard input, up to `maximumBytes`.
    static func readStandardInput() throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileError(path: "-", errno: errno, operation: .read) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            if bytes.count > maximumBytes { throw UsageError(message: tr("standard input holds more than {bytes} bytes of edits", ["bytes": maximumBytes])) }
        }
    }
}
