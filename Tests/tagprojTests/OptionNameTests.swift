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
}
