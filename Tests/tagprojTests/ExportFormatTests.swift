import Foundation
import Testing
import TagKit

/// `export` to WebP and AVIF, `--dpi`, and the options a format cannot honour, as a user runs them.
@Suite struct ExportFormatTests {
    func project(_ cli: CLI, image: String = CLI.coffee) throws -> String {
        #expect(try cli("new", "p.tagproj", image).status == 0)
        #expect(try cli("add", "p.tagproj", "dish", "宫保鸡丁", "--at", "0.2,0.3").status == 0)
        return "p.tagproj"
    }

    /// Runs `/usr/bin/TOOL args…` and returns its exit status.
    func tool(_ name: String, _ arguments: [String], in cli: CLI) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func webpAndAVIFAreWrittenBySuffixAndReadByTheLibrariesOwnTools() throws {
        let cli = CLI()
        let p = try project(cli)
        let webp = try cli("export", p, "lunch.webp", "--max-size", "300", "--quality", "82")
        #expect(webp.status == 0 && webp.stderr.hasPrefix("wrote lunch.webp: webp 300×200, "), "\(webp)")
        #expect(try tool("dwebp", ["lunch.webp", "-o", "back.png"], in: cli) == 0)
        let avif = try cli("export", p, "lunch.avif", "--max-size", "300")
        #expect(avif.status == 0 && avif.stderr.hasPrefix("wrote lunch.avif: avif 300×200, "), "\(avif)")
        #expect(try tool("heif-convert", ["lunch.avif", "back2.png"], in: cli) == 0)
        for (name, format) in [("lunch.webp", ImageFormat.webp), ("lunch.avif", .avif)] {
            let decoded = try ImageDecoder.decode(Array(cli.bytes(name)!))
            #expect(decoded.info.format == format && decoded.pixels.width == 300 && decoded.pixels.height == 200)
        }
    }

    /// tagproj turns the rows into YCbCr itself as they come (libheif would convert the whole
    /// picture again): the file must still be the one libheif's own tool writes from the same
    /// pixels, odd sizes, alpha and ICC profile included.
    @Test(arguments: ["png-rgba8.png", "jpeg-icc.jpg"])
    func anAVIFIsTheFileHeifEncWritesFromTheSamePixels(photo: String) throws {
        let cli = CLI()
        let p = try project(cli, image: CLI.repository.appendingPathComponent("Fixtures/images/" + photo).path)
        for (size, q) in [([String](), "77"), (["--width", "51"], "40")] {
            #expect(try cli.run(["export", p, "ours.avif", "--quality", q] + size).status == 0)
            #expect(try cli.run(["export", p, "pixels.png"] + size).status == 0)
            #expect(try tool("heif-enc", ["-q", q, "pixels.png", "-o", "theirs.avif"], in: cli) == 0)
            #expect(cli.bytes("ours.avif") == cli.bytes("theirs.avif"), "\(photo) \(size)")
            let ours = try ImageDecoder.decode(Array(cli.bytes("ours.avif")!))
            let png = try ImageDecoder.decode(Array(cli.bytes("pixels.png")!))
            #expect(ours.pixels.width == png.pixels.width && ours.pixels.height == png.pixels.height)
            #expect(ours.iccProfile == png.iccProfile && (photo != "jpeg-icc.jpg" || ours.iccProfile != nil))
        }
        #expect(try tool("heif-convert", ["ours.avif", "back.png"], in: cli) == 0)
    }

    @Test func aCardForStandardOutputTakesTheFormatFromTheOption() throws {
        let cli = CLI()
        let p = try project(cli)
        // As the example: tagproj export lunch.tagproj - --format webp --size 1200x630 > card.webp
        let command = "'\(CLI.binary)' export \(p) - --format webp --size 1200x630 > card.webp"
        #expect(try tool("sh", ["-c", command], in: cli) == 0)
        let decoded = try ImageDecoder.decode(Array(cli.bytes("card.webp")!))
        #expect(decoded.info.format == .webp && decoded.pixels.width == 600 && decoded.pixels.height == 400)
    }

    @Test func aPhoneHEICIsExportedUpright() throws {
        let cli = CLI()
        let heic = CLI.repository.appendingPathComponent("Fixtures/images/heic-exif-orient6.heic").path
        let p = try project(cli, image: heic)
        #expect(try cli("export", p, "out.jpg").status == 0)
        let out = try ImageDecoder.decode(Array(cli.bytes("out.jpg")!))
        #expect(out.pixels.width == 48 && out.pixels.height == 64, "as stored: the EXIF orientation is not applied")
    }

    @Test func dpiIsWrittenIntoJPEGAndPNGAndSaidToBeMissingFromWebP() throws {
        let cli = CLI()
        let p = try project(cli)
        #expect(try cli("export", p, "print.jpg", "--dpi", "300").status == 0)
        let jpeg = Array(cli.bytes("print.jpg")!)
        // APP0 JFIF: "JFIF\0", version (2), units 1 = dots per inch, X and Y density.
        #expect(Array(jpeg[6..<11]) == Array("JFIF\0".utf8) && jpeg[13] == 1)
        #expect(Int(jpeg[14]) << 8 | Int(jpeg[15]) == 300 && Int(jpeg[16]) << 8 | Int(jpeg[17]) == 300)
        #expect(try cli("export", p, "print.png", "--dpi", "300").status == 0)
        let png = Array(cli.bytes("print.png")!)
        let at = try #require((0..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == Array("pHYs".utf8) })
        let perMetre = png[(at + 4)..<(at + 8)].reduce(0) { $0 << 8 | Int($1) }
        #expect(perMetre == 11811 && png[at + 12] == 1, "300 dpi is 11811 pixels per metre")
        let webp = try cli("export", p, "print.webp", "--dpi", "300")
        #expect(webp.status == 0 && webp.errorLines.first == "warning: --dpi is not written: WebP has no resolution field", "\(webp)")
        expectFailure(try cli("export", p, "x.jpg", "--dpi", "0"), 64, "the resolution must be 1 to 65535, not 0")
    }

    @Test func aQualityForALosslessFormatIsAWarning() throws {
        let cli = CLI()
        let p = try project(cli)
        let run = try cli("export", p, "out.png", "--quality", "80")
        #expect(run.status == 0 && run.errorLines.first == "warning: --quality is ignored: PNG is lossless", "\(run)")
        #expect(try cli("export", p, "out.jpg", "--quality", "80").errorLines.allSatisfy { !$0.hasPrefix("warning:") })
    }

    @Test func losslessWebPHasThePNGsPixelsAndAnAlwaysLossyFormatRefusesIt() throws {
        let cli = CLI()
        let p = try project(cli)
        #expect(try cli("export", p, "exact.webp", "--lossless").status == 0)
        #expect(try cli("export", p, "exact.png").status == 0)
        let webp = try ImageDecoder.decode(Array(cli.bytes("exact.webp")!)).pixels
        #expect(webp == (try ImageDecoder.decode(Array(cli.bytes("exact.png")!)).pixels))
        expectFailure(try cli("export", p, "x.jpg", "--lossless"), 64, "JPEG cannot be written losslessly")
        expectFailure(try cli("export", p, "x.avif", "--lossless"), 64, "AVIF cannot be written losslessly")
        #expect(!FileManager.default.fileExists(atPath: cli.path("x.jpg")))
    }

    @Test func aBadBoxIsAUsageError() throws {
        let cli = CLI()
        let p = try project(cli)
        expectFailure(try cli("export", p, "out.png", "--size", "1200"), 64, "--size takes WIDTHxHEIGHT, not '1200'")
        expectFailure(try cli("export", p, "out.png", "--size", "1200x630", "--width", "100"), 64, "2 sizes were asked for")
    }
}
