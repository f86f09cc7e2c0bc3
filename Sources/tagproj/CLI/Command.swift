import TagKit

/// What `--help` and the command list say about a command.
struct CommandSpec {
    let name: String
    /// One line for the command list.
    let abstract: String
    let positionals: [PositionalSpec]
    let options: [OptionSpec]
    /// Longer explanation, wrapped by hand.
    var discussion: String = ""
    var examples: [String] = []

    /// `tagproj move <project> <id> [--to X,Y] [--by DX,DY]`
    var usage: String {
        let args = positionals.map { $0.optional ? "[<\($0.name)>]" : "<\($0.name)>" }
        let opts = options.map { "[\($0.synopsis)]" }
        return (["tagproj", name] + args + opts).joined(separator: " ")
    }

    /// The whole help page.
    var help: String {
        var lines = ["\(name): \(abstract)", "", "usage: \(usage)"]
        if !positionals.isEmpty {
            lines += ["", "arguments:"] + positionals.map { "  " + pad("<\($0.name)>", 20) + $0.help }
        }
        let all = options + [OptionSpec(name: "help", value: nil, help: "Show this help.")]
        lines += ["", "options:"] + all.map { option in
            "  " + pad(option.synopsis, 20) + option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        if !examples.isEmpty { lines += ["", "examples:"] + examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}

/// Left-justifies `text` in a column `width` wide (at least one space after it).
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + "  " : text + String(repeating: " ", count: width - text.count)
}

/// One `tagproj` command: it validates its arguments in `init`, then `run` hands the work to TagKit
/// and prints the result. Commands hold no logic of their own.
protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws
    func run(_ out: Output) throws
}

extension Command {
    /// The positional at `index`, or a usage error naming it.
    static func positional(_ arguments: ParsedArguments, _ index: Int) throws -> String {
        guard index < arguments.positionals.count else {
            throw UsageError(message: "missing argument <\(spec.positionals[index].name)>")
        }
        return arguments.positionals[index]
    }

    /// Refuses positionals beyond those the command takes.
    static func noExtraPositionals(_ arguments: ParsedArguments) throws {
        if arguments.positionals.count > spec.positionals.count {
            throw UsageError(message: "unexpected argument '\(arguments.positionals[spec.positionals.count])'")
        }
    }
}

/// The project argument every command but `new` and `demo` starts with.
let projectArgument = PositionalSpec(name: "project", help: "The project file (.tagproj).")
/// `--json` on data commands.
let jsonOption = OptionSpec(name: "json", value: nil, help: "Print one JSON object on stdout.")
