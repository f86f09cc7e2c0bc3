import Foundation
import Testing

/// `tagproj new`: what it refuses, and that a refusal leaves every file as it was.
@Suite struct NewProjectTests {
    @Test func aCurrencyOutsideTagKitsDomainIsAUsageErrorAndNoProjectIsMade() throws {
        let cli = CLI()
        let run = try cli("new", "x.tagproj", CLI.coffee, "--currency", String(repeating: "$", count: 300))
        expectFailure(run, 64, "error: the currency symbol is longer than 8 characters (or 64 bytes)")
        #expect(run.errorLines.contains("hint: pass --currency a symbol such as '$' or '元'"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.tagproj")))
    }

    @Test func aBlankFontIsAUsageError() throws {
        let cli = CLI()
        expectFailure(try cli("new", "x.tagproj", CLI.coffee, "--font", "  "), 64, "the font family name is blank")
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.tagproj")))
    }
}
