import Foundation
import Testing

/// `new` draws the editor's first view once the editor has remembered a room, and only then.
@Suite struct NewFirstViewTests {
    @Test func newKeepsTheFirstViewForTheRoomRememberedAndNothingWithout() throws {
        let cli = CLI()
        let plain = try CLI.json(try cli("new", "plain.tagproj", CLI.coffee, "--json"))
        #expect((plain["kept_views"] as? [Any])?.isEmpty == true, "no room remembered: no view")
        let state = cli.path(".local/state/tagproj")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try Data("200,100,2\n".utf8).write(to: URL(fileURLWithPath: state + "/editor-room"))
        let made = try CLI.json(try cli("new", "roomed.tagproj", CLI.coffee, "--json"))
        let views = try #require(made["kept_views"] as? [[String: Any]])
        // coffee.png is 600×400: fitted in 200×100 CSS pixels it is 150×100, at 2 device pixels each 300×200.
        #expect(views.count == 1 && views[0]["width"] as? Int == 300 && views[0]["height"] as? Int == 200, "\(views)")
        let info = try cli("info", "roomed.tagproj")
        #expect(info.stdout.contains("editor views: 300×200 ("), "\(info)")
        #expect(try cli("check", "roomed.tagproj").status == 0)
    }

    /// A HEIC has no reduced decode: `new` draws its first view from the pixels its check decoded
    /// (decoding it once), and keeps it as it keeps a JPEG's, so opening it decodes nothing.
    @Test func aHEICProjectKeepsItsFirstViewAsAJPEGOneDoes() throws {
        let cli = CLI()
        let heic = cli.path("coffee.heic")
        #expect(try cli.run(program: "/usr/bin/heif-enc", ["-q", "80", CLI.coffee, "-o", heic]).status == 0)
        let state = cli.path(".local/state/tagproj")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try Data("200,100,2\n".utf8).write(to: URL(fileURLWithPath: state + "/editor-room"))
        for (name, photo) in [("png.tagproj", CLI.coffee), ("heic.tagproj", heic)] {
            let made = try CLI.json(try cli("new", name, photo, "--json"))
            let views = try #require(made["kept_views"] as? [[String: Any]])
            #expect(views.count == 1 && views[0]["width"] as? Int == 300 && views[0]["height"] as? Int == 200, "\(name): \(views)")
            #expect(try cli("check", name).status == 0)
        }
    }
}
