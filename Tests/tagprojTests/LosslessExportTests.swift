import Foundation
import Testing
import TagKit

/// `export` of a JPEG photo as JPEG: lossless outside the tags unless asked otherwise.
@Suite struct LosslessExportTests {
    static var photo: String { CLI.repository.appendingPathComponent("Fixtures/lossless/lossless-420-odd.jpg").path }

    func project(_ cli: CLI, image: String = photo) throws -> String {
        #expect(try cli("new", "p.tagproj", image).status == 0)
        #expect(try cli("add", "p.tagproj", "dish", "Soup", "--at", "0.3,0.5").status == 0)
        return "p.tagproj"
    }

    @Test func aJPEGPhotoIsExportedLosslesslyAndSaysSo() throws {
        let cli = CLI()
        let project = try project(cli)
        let run = try cli("export", project, "out.jpg", "--json")
        #expect(run.status == 0, "\(run)")
        let plan = try #require(try CLI.json(run)["plan"] as? [String: Any], "\(run)")
        #expect(plan["path"] as? String == "lossless" && plan.count == 3 && plan["lossless"] is String && plan["colour"] as? String == "kept",
                "\(run)")
        #expect(run.stderr.hasPrefix("wrote out.jpg: jpeg 203×141, ") && run.stderr.contains("(lossless outside the tags)"), "\(run)")
    }

    @Test func tablesCutToThePhotosOwnCodesAreReplacedByNewOnes() throws {
        // cjpeg -optimize keeps only the Huffman codes the photo uses; a sharp white label needs
        // others: the scan is coded with new tables, and the export says so, still lossless.
        let cli = CLI()
        try cli.newProject("png.tagproj")
        #expect(try cli("export", "png.tagproj", "classic.jpg").status == 0)
        #expect(try cli.run(program: "/bin/sh", ["-c", "djpeg classic.jpg | cjpeg -optimize -quality 92 > optimized.jpg"]).status == 0)
        #expect(try cli("new", "opt.tagproj", "optimized.jpg").status == 0)
        #expect(try cli("add", "opt.tagproj", "dish", "Flat white", "--at", "0.3,0.35").status == 0)
        let run = try cli("export", "opt.tagproj", "out.jpg", "--json")
        let plan = try #require(try CLI.json(run)["plan"] as? [String: Any], "\(run)")
        #expect(plan["path"] as? String == "lossless" && plan["lossless"] as? String == "new tables", "\(run)")
        #expect(run.stderr.contains("(lossless outside the tags)"), "\(run)")
    }

    @Test func aPhotoWithTheStandardTablesCodesItsTagsExactly() throws {
        let cli = CLI()
        let project = try project(cli, image: CLI.repository.appendingPathComponent("Fixtures/images/jpeg-baseline.jpg").path)
        let run = try cli("export", project, "out.jpg", "--json")
        let plan = try #require(try CLI.json(run)["plan"] as? [String: Any], "\(run)")
        #expect(plan["path"] as? String == "lossless" && plan["lossless"] as? String == "copied", "\(run)")
    }

    @Test(arguments: [["--reencode"], ["--quality", "92"], ["--quality", "70"]])
    func reencodeOrAQualityTakesTheClassicPath(_ options: [String]) throws {
        let cli = CLI()
        let project = try project(cli)
        let run = try cli.run(["export", project, "out.jpg", "--json"] + options)
        #expect(run.status == 0, "\(run)")
        let plan = try CLI.json(run)["plan"] as? [String: String]
        #expect(plan == ["path": "classic", "reason": "re-encoding was asked for"], "\(run)")
    }

    @Test func infoSaysWhichPathAJPEGExportTakes() throws {
        let cli = CLI()
        let lossless = try cli("info", try project(cli), "--json")
        #expect(try CLI.json(lossless)["plan"] as? [String: String] == ["path": "lossless"], "\(lossless)")
        #expect(try cli("new", "png.tagproj", CLI.coffee).status == 0)
        let png = try cli("info", "png.tagproj")
        #expect(png.stdout.contains("jpeg export:  classic (the source is PNG, not JPEG)"), "\(png)")
    }
}
