import Foundation
import Testing

/// Help that teaches: the overview, a page per command, and suggestions for typos.
@Suite struct HelpTests {
    /// The commands `tagproj --help` lists, read from its `commands:` section.
    static let commands: [String] = {
        let overview = try! CLI()("--help").stdout
        return section("commands:", of: overview).map { String($0.split(separator: " ")[0]) }
    }()

    /// The lines of a help text's section, from its title to the next blank line.
    static func section(_ title: String, of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    @Test func theOverviewListsEveryCommandWithAnAbstractTheExitCodesAndWhereToReadMore() throws {
        let run = try CLI()("--help")
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(Self.commands == ["new", "add", "move", "flip", "edit", "delete", "apply", "menu", "arrange", "set", "config", "undo", "redo", "restore", "history", "list", "info",
                                  "export", "open", "check", "demo", "help", "completions"])
        for line in Self.section("commands:", of: run.stdout) { #expect(line.split(separator: " ").count > 2, "\(line)") }
        let codes = Self.section("exit codes:", of: run.stdout).map { $0.split(separator: " ")[0] }
        #expect(codes == ["0", "1", "64", "65", "66", "73", "74", "75"])
        #expect(run.stdout.contains("tagproj help <command>") && run.stdout.contains("docs/guide.md"))
        #expect(try CLI()("help").stdout == run.stdout)
    }

    @Test func everyCommandHasOnePageWithEveryOptionsMeaningDefaultAndAnExample() throws {
        let cli = CLI()
        for command in Self.commands {
            let page = try cli("help", command)
            #expect(page.status == 0 && page.stderr.isEmpty, "\(page)")
            #expect(try cli(command, "--help").stdout == page.stdout, "\(command)")
            #expect(try cli(command, "-h").stdout == page.stdout, "\(command)")
            #expect(page.stdout.contains("usage: tagproj \(command)"), "\(command)")
            let examples = Self.section("examples:", of: page.stdout)
            #expect(examples.contains { $0.hasPrefix("  tagproj \(command)") }, "\(command) has no example")
            for option in Self.section("options:", of: page.stdout) {
                // "  --at X,Y   meaning (default: …)": the synopsis ends at the first double space.
                let synopsis = option.dropFirst(2).split(separator: "  ")[0]
                #expect(option.count > synopsis.count + 10, "\(command): \(option) has no meaning")
                if synopsis.contains(" ") { #expect(option.contains("(default: "), "\(command): \(option) has no default") }
            }
            #expect(Self.section("global options:", of: page.stdout).contains { $0.contains("-q, --quiet") })
        }
    }

    @Test(arguments: [("ad", "add"), ("lsit", "list"), ("hisotry", "history"), ("exprot", "export"), ("completion", "completions")])
    func aMistypedCommandExits64AndSuggestsTheClosest(_ typo: String, _ meant: String) throws {
        let run = try CLI()(typo, "dinner.tagproj")
        expectFailure(run, 64, "unknown command '\(typo)'")
        #expect(run.errorLines.contains("hint: did you mean '\(meant)'?"), "\(run)")
        let help = try CLI()("help", typo)
        expectFailure(help, 64, "unknown command '\(typo)'")
        #expect(help.errorLines.contains("hint: did you mean '\(meant)'?"), "\(help)")
    }

    @Test func aMistypedOptionExits64AndSuggestsTheClosestOnEveryCommand() throws {
        let cli = CLI()
        for command in Self.commands {
            let options = Self.section("options:", of: try cli("help", command).stdout)
                .compactMap { $0.split(separator: " ").first { $0.hasPrefix("--") } }
            for option in options + ["--quiet"] {
                let typo = String(option.dropLast())
                let run = try cli(command, typo)
                expectFailure(run, 64, "unknown option '\(typo)'")
                #expect(run.errorLines.contains("hint: did you mean '\(option)'?"), "\(command) \(typo): \(run)")
                #expect(run.errorLines.last?.hasPrefix("usage: tagproj \(command)") == true, "\(run)")
            }
        }
        let unknown = try cli("--versoin")
        expectFailure(unknown, 64, "unknown option '--versoin'")
        #expect(unknown.errorLines.contains("hint: did you mean '--version'?"))
    }

    @Test func errorsWithAnObviousNextStepCarryAHint() throws {
        let cli = CLI()
        #expect(try cli("list", "nope.tagproj").errorLines.contains("hint: create one with 'tagproj new nope.tagproj IMAGE'"))
        try cli.newProject()
        #expect(try cli("new", "dinner.tagproj", CLI.coffee).errorLines.contains("hint: pass --force to replace it"))
        #expect(try cli("flip", "dinner.tagproj", "4").errorLines.contains("hint: run 'tagproj list dinner.tagproj' to see the tag ids"))
        #expect(try cli("undo", "dinner.tagproj").errorLines.contains { $0.hasPrefix("hint: run 'tagproj history") })
        #expect(try cli("export", "dinner.tagproj", "b.tagproj").errorLines.contains("hint: to export several projects, pass --out-dir DIR"))
        #expect(try cli("add", "dinner.tagproj", "soup", "x").errorLines.contains("hint: a tag's kind is 'dish' or 'price'"))
    }

    @Test func versionAndQuietBeforeTheCommand() throws {
        let cli = CLI()
        #expect(try cli("--version").stdout.hasPrefix("tagproj "))
        #expect(try cli("-V").stdout == (try cli("--version").stdout))
        let quiet = try cli("-q", "new", "dinner.tagproj", CLI.coffee)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout.isEmpty, "\(quiet)")
    }
}
