import Foundation
import Testing
@testable import TagKit

/// `tagproj set` and prices written the project's way.
@Suite struct SetTests {
    @Test func setChangesTheFormatAsAnEntryThatUndoTakesBack() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "price", "38", "--at", "0.3,0.5")
        let other = try cli("add", "dinner.tagproj", "price", "$12.50")
        #expect(other.status == 64 && other.stderr.hasPrefix("""
            error: '$12.50' carries a currency symbol this project does not use; it writes prices as ¥12.50
            hint: tagproj set PROJECT --currency $
            """), "\(other)")
        let set = try cli("set", "dinner.tagproj", "--price-format", "12,50 €")
        #expect(set.status == 0 && set.stdout.isEmpty && set.stderr == "set currency “€”, prices as 12,50 €\n", "\(set)")
        #expect(try cli("add", "dinner.tagproj", "price", "4,5 €", "--at", "0.3,0.8").stdout == "2\n")
        #expect(try cli("list", "dinner.tagproj").stdout.contains("38 €\n") )
        #expect(try cli("list", "dinner.tagproj").stdout.contains("4,50 €\n"))
        #expect(try cli("undo", "dinner.tagproj", "--steps", "2").status == 0)
        #expect(try cli("list", "dinner.tagproj").stdout.hasSuffix("¥38\n"))
        #expect(try cli("check", "dinner.tagproj").status == 0)
        let nothing = try cli("set", "dinner.tagproj")
        #expect(nothing.status == 64 && nothing.stderr.contains("error: nothing to set"))
    }

    @Test func aProjectFromBeforeThePriceFormatOpensWithTheFormatItAlwaysHad() throws {
        let cli = CLI()
        try cli.newProject()
        try cli("add", "dinner.tagproj", "price", "38", "--at", "0.3,0.5")
        // Make the file what the first schema wrote.
        let db = try Database(path: cli.path("dinner.tagproj"))
        try db.execute("""
            DROP TABLE history_settings; ALTER TABLE project DROP COLUMN price_symbol; ALTER TABLE project DROP COLUMN price_space;
            ALTER TABLE project DROP COLUMN decimal_separator; ALTER TABLE project DROP COLUMN tag_scale; PRAGMA user_version = 1
            """)
        let list = try cli("list", "dinner.tagproj")
        #expect(list.status == 0 && list.stdout.hasSuffix("¥38\n"), "\(list)")
        let info = try CLI.json(try cli("info", "dinner.tagproj", "--json"))
        #expect(info["price_format"] as? String == "¥12.50" && info["schema_version"] as? Int == Migrator.latestVersion)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }
}
