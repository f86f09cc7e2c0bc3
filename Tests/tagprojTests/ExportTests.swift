import Foundation
import Testing
import TagKit

/// `export` and `demo`, as a user runs them.
@Suite struct ExportTests {
    /// A coffee project with a dish tag at the top left and a price at the top right.
    func tagged(_ cli: CLI, image: String = CLI.coffee) throws -> String {
        #expect(try cli("new", "p.tagproj", image).status == 0)
        #expect(try cli("add", "p.tagproj", "dish", "宫保鸡丁 Kung Pao", "--at", "0.1,0.2").status == 0)
        #expect(try cli("add", "p.tagproj", "price", "38", "--at", "0.9,0.2").status == 0)
        return "p.tagproj"
    }

    func decode(_ cli: CLI, _ name: String) throws -> DecodedImage {
        try ImageDecoder.decode(Array(cli.bytes(name)!))
    }

    @Test func aJPEGAtFullResolutionByDefault() throws {
        let cli = CLI()
        let project = try tagged(cli)
        let before = cli.bytes(project)
        let run = try cli("export", project, "out.jpg")
        #expect(run.status == 0 && run.stdout.isEmpty, "\(run)")
        #expect(run.stderr.hasPrefix("wrote out.jpg: jpeg 600×400, "), "\(run)")
        let image = try decode(cli, "out.jpg")
        #expect(image.info.format == .jpeg && image.pixels.width == 600 && image.pixels.height == 400)
        #expect(cli.bytes(project) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir).sorted() == ["out.jpg", "p.tagproj"])
    }

    @Test(arguments: [(["--max-size", "300"], 300, 200), (["--width", "150"], 150, 100), (["--scale", "0.5"], 300, 200),
                      (["--scale", "1.5"], 900, 600), (["--height", "100"], 150, 100),
                      // --max-size and --size fit inside their box and never enlarge (ImageMagick's 1200x1200>).
                      (["--max-size", "1200"], 600, 400), (["--max-size", "4000"], 600, 400), (["--size", "1200x630"], 600, 400),
                      (["--size", "300x100"], 150, 100), (["--size", "300X1000"], 300, 200)])
    func sizesFollowTheOptions(_ options: [String], _ width: Int, _ height: Int) throws {
        let cli = CLI()
        let project = try tagged(cli)
        #expect(try cli.run(["export", project, "out.png"] + options).status == 0)
        let image = try decode(cli, "out.png")
        #expect(image.pixels.width == width && image.pixels.height == height)
    }

    @Test func pngPixelsAwayFromTheTagsAreTheSourcesExactly() throws {
        let cli = CLI()
        let project = try tagged(cli)
        #expect(try cli("export", project, "out.png").status == 0)
        let out = try decode(cli, "out.png").pixels
        let source = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: CLI.coffee)!)).pixels
        #expect(out.channels == source.channels)
        // The tags sit in the top third; the lower half is untouched.
        for y in 200..<400 { #expect(out.row(y) == source.row(y)) }
        // Where the tags are, the picture did change.
        #expect((40..<110).contains { out.row($0) != source.row($0) })
    }

    @Test func qualityChangesTheJPEG() throws {
        let cli = CLI()
        let project = try tagged(cli)
        #expect(try cli("export", project, "low.jpg", "--quality", "20").status == 0)
        #expect(try cli("export", project, "high.jpg", "--quality", "98").status == 0)
        #expect(cli.bytes("low.jpg")!.count * 2 < cli.bytes("high.jpg")!.count)
    }

    @Test func standardOutputTakesTheFormatFromTheOption() throws {
        let cli = CLI()
        let project = try tagged(cli)
        let run = try cli("export", project, "-", "--format", "jpeg", "-q")
        #expect(run.status == 0 && run.stderr.isEmpty)
        let bytes = Array(run.stdout.utf8)
        #expect(bytes.count > 1000)
        expectFailure(try cli("export", project, "-"), 64, "cannot tell the format of '-'")
    }

    @Test func theBytesWrittenToAPipeAreCountedAsTheyGo() throws {
        let cli = CLI()
        let project = try tagged(cli)
        // stdout is a pipe into cat, where lseek cannot measure anything.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" export \(project) - --format png 2>err.txt | cat > out.png", CLI.binary]
        shell.currentDirectoryURL = URL(fileURLWithPath: cli.dir)
        try shell.run()
        shell.waitUntilExit()
        let received = try #require(cli.bytes("out.png")).count
        #expect(received > 1000)
        #expect(String(decoding: cli.bytes("err.txt") ?? Data(), as: UTF8.self) == "wrote standard output: png 600×400, \(received) bytes\n")
    }

    @Test func aFormatThatContradictsTheSuffixIsAUsageError() throws {
        let cli = CLI()
        let project = try tagged(cli)
        expectFailure(try cli("export", project, "out.jpg", "--format", "png"), 64,
                      "'out.jpg' is named as a JPEG but PNG was asked for")
        expectFailure(try cli("export", project, "out.png", "--quality", "0"), 64, "the quality must be 1 to 100, not 0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir) == ["p.tagproj"])
    }

    @Test func theICCProfileIsKeptAndOrientationAppliedWithoutATag() throws {
        let cli = CLI()
        let icc = CLI.repository.appendingPathComponent("Fixtures/images/jpeg-icc.jpg").path
        #expect(try cli("new", "icc.tagproj", icc).status == 0)
        for name in ["icc.jpg", "icc.png"] {
            #expect(try cli("export", "icc.tagproj", name).status == 0)
            #expect(try ImageProbe.probe(Array(cli.bytes(name)!)).hasICC, "\(name)")
        }
        let rotated = CLI.repository.appendingPathComponent("Fixtures/images/jpeg-orient6.jpg").path
        #expect(try cli("new", "r.tagproj", rotated).status == 0)
        #expect(try cli("export", "r.tagproj", "r.jpg").status == 0)
        let info = try ImageProbe.probe(Array(cli.bytes("r.jpg")!))
        #expect(info.orientation == .upright && info.storedWidth == 64 && info.storedHeight == 48)
        // Nothing but the picture: no APP1 (Exif/XMP) segment in the output.
        let bytes = Array(cli.bytes("r.jpg")!)
        #expect(!(0..<bytes.count - 1).contains { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xE1 })
    }

    @Test func anOutputThatCannotBeCreatedExits73AndLeavesNothing() throws {
        let cli = CLI()
        let project = try tagged(cli)
        expectFailure(try cli("export", project, "no/such/dir/out.png"), 73, "cannot create")
        expectFailure(try cli("export", project, project, "--format", "png"), 73, "is the project itself")
        expectFailure(try cli("export", project, "out.gif"), 64, "tagproj cannot write GIF images")
        expectFailure(try cli("export", project, "out.data"), 64, "cannot tell the format")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir) == ["p.tagproj"])
    }

    @Test(arguments: ["out.png", "out.jpg"])
    func theCameraSRGBProfileIsCarriedByteForByte(_ name: String) throws {
        let cli = CLI()
        let profile = try Data(contentsOf: CLI.repository.appendingPathComponent("Fixtures/sRGB-IEC61966-2.1.icc"))
        #expect(try cli("new", "p.tagproj", Hostile.path("srgb-camera.jpg")).status == 0)
        let run = try cli("export", "p.tagproj", name)
        #expect(run.status == 0 && run.errorLines.count == 1, "\(run)")
        let written = Array(try #require(cli.bytes(name)))
        let icc = name.hasSuffix(".png") ? try PNGRowReader(written).iccProfile : try JPEGRowReader(written).iccProfile
        #expect(icc.map { Data($0) } == profile)
    }

    @Test func exportNeverReplacesAProjectOrAnotherDatabase() throws {
        let cli = CLI()
        let project = try tagged(cli)
        try cli.newProject("other.tagproj")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [cli.path("notes.db"), "CREATE TABLE t (x); INSERT INTO t VALUES (1);"]
        try sqlite.run()
        sqlite.waitUntilExit()
        try Data("an old picture".utf8).write(to: URL(fileURLWithPath: cli.path("old.png")))
        let before = try ["other.tagproj", "notes.db", project].map { try #require(cli.bytes($0)) }
        expectFailure(try cli("export", project, "other.tagproj", "--format", "png"), 73,
                      "'other.tagproj' is a tagproj project; export never replaces one")
        expectFailure(try cli("export", project, "notes.db", "--format", "jpeg"), 73,
                      "'notes.db' is an SQLite database; export never replaces one")
        #expect(try ["other.tagproj", "notes.db", project].map { try #require(cli.bytes($0)) } == before)
        // An image is replaced, as image tools do.
        #expect(try cli("export", project, "old.png").status == 0)
        #expect(try ImageProbe.probe(Array(cli.bytes("old.png")!)).format == .png)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.dir).sorted() == ["notes.db", "old.png", "other.tagproj", "p.tagproj"])
    }

    @Test func aFailedExportKeepsTheOldFile() throws {
        let cli = CLI()
        let project = try tagged(cli)
        try Data("old".utf8).write(to: URL(fileURLWithPath: cli.path("out.png")))
        expectFailure(try cli("export", project, "out.png", "--scale", "100"), 64, "more than the limit")
        #expect(cli.bytes("out.png") == Data("old".utf8))
    }

    @Test func theDemoTagsTheBundledPhotoEndToEnd() throws {
        let cli = CLI()
        let run = try cli("demo", "out")
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.contains("out/coffee-tagged.jpg") && run.stdout.contains("out/coffee-tagged.png"))
        let image = try decode(cli, "out/coffee-tagged.png")
        #expect(image.pixels.width == 600 && image.pixels.height == 400)
        #expect(try cli("check", "out/coffee.tagproj").status == 0)
    }

    /// `export -` with standard output on a terminal, run in a pseudo-terminal by util-linux's
    /// `script`: refused as gzip refuses, and nothing binary reaches the screen.
    @Test func standardOutputOnATerminalIsRefused() throws {
        let cli = CLI()
        let project = try tagged(cli)
        let before = cli.bytes(project)
        let command = "'\(CLI.binary)' export \(project) - --format jpeg"
        let run = try cli.run(program: "/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(run.status == 64, "\(run)")
        #expect(run.stdout.contains("error: refusing to write a picture to a terminal"), "\(run)")
        #expect(run.stdout.contains("hint: redirect standard output"), "\(run)")
        #expect(!run.stdout.contains("JFIF"), "binary on the terminal: \(run)")
        #expect(cli.bytes(project) == before)
        // Redirected, the same command writes the picture.
        let piped = try cli.run(program: "/bin/sh", ["-c", command + " > piped.jpg"])
        #expect(piped.status == 0, "\(piped)")
        #expect(try decode(cli, "piped.jpg").pixels.width == 600)
    }
}
