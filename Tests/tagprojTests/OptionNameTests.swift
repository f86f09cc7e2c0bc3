import Testing
@testable import tagproj

/// The options' names against the commands that declare them: what the compiler cannot check.
@Suite struct OptionNameTests {
    /// Every option a command declares, and those `tagproj` takes before a command.
    static var declared: [OptionName] {
        TagProjCLI.commands.flatMap { $0.spec.allOptions.map(\.name) } + TagProjCLI.leadingOptions.map(\.name)
    }

    /// A name no command declares is one no command line can give: a dead case.
    @Test func everyOptionNameIsDeclaredBySomeCommand() {
        let undeclared = OptionName.allCases.filter { !Self.declared.contains($0) }
        #expect(undeclared.isEmpty, "no command declares \(undeclared.map { "--" + $0.rawValue })")
    }

    /// Each command's `init` reads only options it declares: a read of another stops the test run,
    /// naming it. The command lines are parsed as `tagproj` parses them: without options, with each
    /// declared option alone, and with all of them, so that the reads only an option leads to are
    /// made too (undo's --steps after --to, menu's after --photos and --projects). Whether a command
    /// line is refused does not matter here.
    @Test func everyCommandReadsOnlyTheOptionsItDeclares() throws {
        for command in TagProjCLI.commands {
            let spec = command.spec
            let positionals = spec.positionals.enumerated().map { index, positional in
                if case .choices(let words) = positional.completion, let word = words.first { return word }
                return String(index + 1)
            }
            let each = spec.allOptions.map { ["--" + $0.name.rawValue] + ($0.value == nil ? [] : [Self.sample($0.name)]) }
            for options in [[]] + each + [each.flatMap { $0 }] {
                _ = try? command.init(try parseArguments(positionals + options, options: spec.allOptions))
            }
        }
    }

    /// A value `name` takes, so that the reads after its check are made; "1" suits the others.
    static func sample(_ name: OptionName) -> String {
        switch name {
        case .crop: "square"
        case .currency: "$"
        case .priceFormat: "$12.50"
        default: "1"
        }
    }
}
