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
            hint: tagproj set dinner.tagproj --currency '$'
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
            ALTER TABLE project DROP COLUMN decimal_separator; ALTER TABLE project DROP COLUMN grouping_separator; DROP INDEX history_by_parent; ALTER TABLE history DROP COLUMN parent;
            ALTER TABLE history DROP COLUMN time_ms; ALTER TABLE history DROP COLUMN user; ALTER TABLE history DROP COLUMN front_end;
            ALTER TABLE history DROP COLUMN session; ALTER TABLE history DROP COLUMN wording; ALTER TABLE project DROP COLUMN tag_scale;
            DROP TABLE history_fonts; DROP TABLE tag_fonts; DROP TABLE font_subsets;
            DROP TABLE written_pictures; ALTER TABLE source DROP COLUMN file_name; DROP TABLE thumbnails; DROP TABLE views; DROP TABLE menu_keys;
            ALTER TABLE tags DROP COLUMN price; ALTER TABLE history_changes DROP COLUMN before_price;
            ALTER TABLE history_changes DROP COLUMN after_price;
            ALTER TABLE project DROP COLUMN currency_origin; ALTER TABLE project DROP COLUMN price_format_origin;
            ALTER TABLE project DROP COLUMN font_origin; ALTER TABLE project DROP COLUMN tag_scale_origin;
            ALTER TABLE project DROP COLUMN language; ALTER TABLE project DROP COLUMN language_origin; PRAGMA user_version = 1
            """)
        let list = try cli("list", "dinner.tagproj")
        #expect(list.status == 0 && list.stdout.hasSuffix("¥38\n"), "\(list)")
        let info = try CLI.json(try cli("info", "dinner.tagproj", "--json"))
        #expect(info["price_format"] as? String == "¥12.50" && info["schema_version"] as? Int == Migrator.latestVersion)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test func aTagScaleIsChosenAtNewChangedBySetAndTakenBackByUndo() throws {
        let cli = CLI()
        #expect(try cli("new", "dinner.tagproj", CLI.coffee, "--tag-scale", "1.25").status == 0)
        #expect(try CLI.json(try cli("info", "dinner.tagproj", "--json"))["tag_scale"] as? Double == 1.25)
        #expect(try cli("info", "dinner.tagproj").stdout.contains("tag scale:    1.25\n"))
        try cli("add", "dinner.tagproj", "dish", "Flat white", "--at", "0.75,0.5", "--side", "right")
        let small = try CLI.json(try cli("list", "dinner.tagproj", "--json"))
        #expect(small["tag_scale"] as? Double == 1.25)
        // Twice the size: the bubble no longer fits on the right of its dot and goes to the left.
        let set = try cli("set", "dinner.tagproj", "--tag-scale", "2.5")
        #expect(set.status == 0 && set.stdout.isEmpty, "\(set)")
        #expect(set.stderr == "warning: #1: bubble moved to the left to stay inside the photo\nset tag scale 2.5\n", "\(set)")
        let large = try CLI.json(try cli("list", "dinner.tagproj", "--json"))
        let tag = try #require((large["tags"] as? [[String: Any]])?.first)
        let oldTag = try #require((small["tags"] as? [[String: Any]])?.first)
        #expect(tag["side"] as? String == "left" && tag["x"] as? Double == 0.75 && large["tag_scale"] as? Double == 2.5)
        let height = { (t: [String: Any]) in (t["box_px"] as? [String: Any])?["height"] as? Double ?? 0 }
        #expect(abs(height(tag) - 2 * height(oldTag)) < 1e-6, "\(tag) \(oldTag)")
        #expect(try cli("undo", "dinner.tagproj").stderr == "undid set tag scale 2.5\n")
        let back = try CLI.json(try cli("list", "dinner.tagproj", "--json"))
        #expect((back["tags"] as? [[String: Any]])?.first?["side"] as? String == "right" && back["tag_scale"] as? Double == 1.25)
        #expect(try cli("check", "dinner.tagproj").status == 0)
    }

    @Test(arguments: ["5", "0.1", "0", "-2"])
    func aTagScaleOutsideAQuarterToFourIsAUsageErrorThatChangesNothing(_ scale: String) throws {
        let cli = CLI()
        try cli.newProject()
        let before = try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj")))
        let run = try cli("set", "dinner.tagproj", "--tag-scale", scale)
        expectFailure(run, 64, "error: the tag scale is between 0.25 and 4")
        #expect(run.errorLines.dropFirst().first == "hint: pass --tag-scale a number from 0.25 to 4: 1 is the usual size, 1.25 a quarter larger")
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("dinner.tagproj"))) == before)
        expectFailure(try cli("new", "other.tagproj", CLI.coffee, "--tag-scale", scale), 64, "the tag scale is between 0.25 and 4")
        #expect(!FileManager.default.fileExists(atPath: cli.path("other.tagproj")))
    }
}
