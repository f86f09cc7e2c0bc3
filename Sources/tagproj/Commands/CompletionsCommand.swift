import TagKit

/// `tagproj completions`: a shell completion script, generated from the command definitions.
struct CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", abstract: "Print a completion script for bash, zsh or fish.",
        positionals: [PositionalSpec(name: "shell", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))],
        options: [],
        discussion: """
            The script completes commands, options, kinds (dish, price), sides (left, right), formats
            (png, jpeg) and file names (.tagproj projects, photos). Load it from your shell's start-up file.
            """,
        examples: [
            "source <(tagproj completions bash)            # in ~/.bashrc",
            "tagproj completions zsh > ~/.zfunc/_tagproj   # with fpath+=~/.zfunc before compinit",
            "tagproj completions fish > ~/.config/fish/completions/tagproj.fish",
        ])

    /// The shells a script can be made for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    let shell: Shell

    init(_ a: ParsedArguments) throws {
        let name = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        guard let shell = Shell(rawValue: name) else {
            throw UsageError(message: "unknown shell '\(name)'", hint: "the shells are bash, zsh and fish")
        }
        self.shell = shell
    }

    func run(_ out: Output) throws {
        let specs = TagProjCLI.commands.map { $0.spec }
        switch shell {
        case .bash: out.line(BashCompletion(specs: specs).script)
        case .zsh: out.line(ZshCompletion(specs: specs).script)
        case .fish: out.line(FishCompletion(specs: specs).script)
        }
    }
}
