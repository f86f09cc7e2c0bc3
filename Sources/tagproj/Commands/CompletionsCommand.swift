import TagKit

/// `tagproj completions`: a shell completion script, generated from the command definitions.
struct CompletionsCommand: Command {
    // Worded each time: the scripts are made in English, after this spec has served the parsing.
    static var spec: CommandSpec { CommandSpec(
        name: "completions", abstract: tr("Print a completion script for bash, zsh or fish."),
        positionals: [PositionalSpec(name: "shell", help: tr("bash, zsh or fish."), completion: .choices(Shell.allCases.map(\.rawValue)))],
        options: [],
        discussion: [
            tr("The script completes commands, options, kinds (dish, price), sides (left, right), formats (png, jpeg) and file names (.tagproj projects, photos). Load it from your shell's start-up file."),
        ],
        examples: [
            // TRANSLATORS: an example command line and, after '#', where it goes; only the comment is translated.
            tr("source <(tagproj completions bash)            # in ~/.bashrc"),
            // TRANSLATORS: an example command line and, after '#', where it goes; only the comment is translated.
            tr("tagproj completions zsh > ~/.zfunc/_tagproj   # with fpath+=~/.zfunc before compinit"),
            "tagproj completions fish > ~/.config/fish/completions/tagproj.fish",
        ]) }

    /// The shells a script can be made for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    let shell: Shell

    init(_ a: ParsedArguments) throws {
        let name = try Self.positional(a, 0)
        try Self.noExtraPositionals(a)
        guard let shell = Shell(rawValue: name) else {
            throw UsageError(message: tr("unknown shell '{shell}'", ["shell": name]), hint: tr("the shells are bash, zsh and fish"))
        }
        self.shell = shell
    }

    /// The script, in English whatever the messages' language: a generated file for a shell,
    /// which describes the commands and options as docs/tagproj.1 does.
    func run(_ out: Output) throws {
        out.line(Messages.speaking(.english) {
            let specs = TagProjCLI.commands.map { $0.spec }
            switch shell {
            case .bash: return BashCompletion(specs: specs).script
            case .zsh: return ZshCompletion(specs: specs).script
            case .fish: return FishCompletion(specs: specs).script
            }
        })
    }
}
