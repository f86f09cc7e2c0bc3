import TagKit

/// `tagproj help`: the overview, one command's page, or the whole manual in roff.
struct HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help", abstract: tr("Show the help for tagproj or for one command."),
        positionals: [PositionalSpec(name: "command", help: tr("The command to describe."), optional: true, completion: .commands)],
        options: [OptionSpec(name: .man, value: nil, help: tr("Print the manual page (roff, as in docs/tagproj.1) instead."))],
        discussion: [
            tr("'tagproj help CMD' prints the same page as 'tagproj CMD --help'. The manual page is generated from the same definitions: 'tagproj help --man > tagproj.1; man -l tagproj.1'."),
        ],
        examples: ["tagproj help add", "tagproj help --man | man -l -"])

    let command: String?
    let man: Bool

    init(_ a: ParsedArguments) throws {
        try Self.noExtraPositionals(a)
        command = a.positionals.first
        man = a.has(.man)
    }

    func run(_ out: Output) throws {
        if man {
            out.line(ManPage.render())
        } else if let command {
            guard let found = TagProjCLI.find(command) else { throw TagProjCLI.unknownCommand(command) }
            out.line(found.spec.help)
        } else {
            out.line(TagProjCLI.overview)
        }
    }
}
