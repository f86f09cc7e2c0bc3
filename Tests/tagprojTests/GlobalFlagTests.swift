import Foundation
import Testing

/// The small things a new user tripped on: global flags before the command, an empty NO_COLOR,
/// fonts named as fontconfig names them, where the manual is.
@Suite struct GlobalFlagTests {
    @Test func jsonAndCombinedShortFlagsWorkBeforeTheCommand() throws {
        let cli = CLI()
        try cli.newProject()
        let version = try cli("-qV")
        #expect(version.status == 0 && version.stdout.hasPrefix("tagproj ") && version.stderr.isEmpty, "\(version)")
        let list = try cli("--json", "list", "dinner.tagproj")
        #expect(list.status == 0 && list.stdout == "{\"tags\":[],\"tag_scale\":1}\n", "\(list)")
        let quietJSON = try cli("-q", "--json", "add", "dinner.tagproj", "dish", "Soup")
        #expect(quietJSON.status == 0 && quietJSON.stdout.hasPrefix("{\"id\":1,"), "\(quietJSON)")
        let none = try cli("--json", "flip", "dinner.tagproj", "1")
        #expect(none.status == 0, "flip takes --json too: \(none)")
    }

    @Test func anEmptyNoColorLeavesColourOn() throws {
        let cli = CLI()
        guard let empty = try OutputTests.onTerminal(cli, "'\(CLI.binary)' ad", environment: ["NO_COLOR": ""]) else { return }
        #expect(empty.contains("\u{1B}[1;31merror:"), "\(empty)")
    }

    @Test func aSubstitutedFontIsNamedAndAStyledFontconfigNameIsInstalled() throws {
        let cli = CLI()
        let missing = try cli("new", "a.tagproj", CLI.coffee, "--font", "Comic Sans MS")
        #expect(missing.status == 0 && missing.stderr.contains("warning: font family 'Comic Sans MS' is not installed; tags will use '"),
                "\(missing)")
        #expect(!missing.stderr.contains("a substitute"))
        let bold = try cli("new", "b.tagproj", CLI.coffee, "--font", "DejaVu Sans:bold")
        #expect(bold.status == 0 && !bold.stderr.contains("warning"), "\(bold)")
    }

    @Test func theOverviewSaysHowToReadTheManualFromTheSourceTree() throws {
        #expect(try CLI()("--help").stdout.contains("'man -l docs/tagproj.1'"))
    }
}
