import Foundation
import FuzzBodies
import Testing
import TagKit

/// Hostile photos through the command line (files from `scripts/make-hostile-fixtures.py`): every
/// run ends with exit 0 or 65 and an `error:` line, never with a signal, and never hangs (a run
/// that would is stopped by `BoundedRun.hangGuard`: the tests wait for exits, not for seconds).
@Suite struct HostileImageTests {
    @Test(arguments: [
        ("bomb-100000x100000.png", "100000×100000 pixels"),
        ("bomb-65000x65000.jpg", "65000×65000 pixels"),
        ("wide-1000001.png", "longer than 1000000"),
        ("wide-10000000.png", "longer than 1000000"),
        ("heic-many-items.heic", "damaged HEIC: the file holds 2005 items, more than the 1024 a photo has room for"),
        ("empty.jpg", "empty.jpg' is not a JPEG, PNG, WebP, HEIC or AVIF image"),
        ("pretends.png", "damaged PNG"),
        ("truncated.jpg", "truncated.jpg': damaged JPEG"),
        ("truncated.png", "truncated.png': damaged PNG"),
        ("cut-in-data.jpg", "cut-in-data.jpg': damaged JPEG"),
    ])
    func aHostilePhotoIsRefusedByNewWithinLimits(_ file: String, _ message: String) throws {
        let cli = CLI()
        // 256 MiB of address space: a bomb's declared size would need gigabytes if allocated.
        let run = BoundedRun(directory: cli.dir, memoryLimitMiB: 256)
        for extra in [[], ["--max-pixels", "4000000000"]] {
            let (ending, stderr) = try run(["new", "p.tagproj", Hostile.path(file)] + extra)
            #expect(ending == .exit(65), "\(file) \(extra): \(stderr)")
            #expect(stderr.hasPrefix("error: ") && stderr.contains(message), "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
        }
    }

    @Test(arguments: ["scans-3000.jpg", "scan-flood.jpg"])
    func aProgressiveJPEGOfThousandsOfScansIsRefusedByNew(_ file: String) throws {
        let cli = CLI()
        let run = BoundedRun(directory: cli.dir, memoryLimitMiB: 256)
        // The probe counts the scans while walking the markers: no scan is decoded.
        let (ending, stderr) = try run(["new", "p.tagproj", Hostile.path(file)])
        #expect(ending == .exit(65))
        #expect(stderr == "error: '\(Hostile.path(file))': damaged JPEG: progressive JPEG has more than 100 scans\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
    }

    @Test func aProjectMadeBeforeTheScanCapIsRefusedAtExportNamingIt() throws {
        let cli = CLI()
        try cli("new", "p.tagproj", Hostile.path("small.jpg"))
        // As a project made by an older tagproj: the flood stored as its photo.
        let flood = Hostile.path("scan-flood.jpg")
        let sql = Process()
        sql.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sql.arguments = [cli.path("p.tagproj"), "UPDATE source_bytes SET bytes = readfile('\(flood)') WHERE id = 1; UPDATE source SET byte_count = \(try Hostile.bytes("scan-flood.jpg").count), width = 4096, height = 4096, stored_width = 4096, stored_height = 4096 WHERE id = 1;"]
        try sql.run()
        sql.waitUntilExit()
        try #require(sql.terminationStatus == 0)
        let (ending, stderr) = try BoundedRun(directory: cli.dir, memoryLimitMiB: 256)(["export", "p.tagproj", "out.png"])
        #expect(ending == .exit(65))
        #expect(stderr == "error: the photo in 'p.tagproj': damaged JPEG: progressive JPEG has more than 100 scans\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.png")))
    }

    @Test func damageInsideThePictureIsFoundByNewNamingTheFile() throws {
        let cli = CLI()
        let file = Hostile.path("cut-in-data.jpg")
        let run = try cli("new", "p.tagproj", file)
        expectFailure(run, 65, "error: '\(file)': damaged JPEG: ")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
    }

    @Test(arguments: [("cups.tiff", "TIFF"), ("cups.gif", "GIF")])
    func anImageOfAFormatNotReadIsNamed(_ file: String, _ format: String) throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: Hostile.path(file), toPath: cli.path(file))
        let run = try cli("new", "p.tagproj", file)
        expectFailure(run, 65, "error: '\(file)' is a \(format) image; tagproj reads JPEG, PNG, WebP, HEIC and AVIF")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
    }

    /// A file that is only the first bytes of a HEIC, AVIF or WebP: read now, so named as damaged.
    @Test(arguments: [("cups.heic", "damaged HEIC: Invalid input: No 'meta' box"),
                      ("cups.avif", "damaged AVIF: Invalid input: No 'meta' box"),
                      ("cups.webp", "damaged WebP: the VP8L header is missing")])
    func aHeaderOnlyHEIFOrWebPIsDamaged(_ file: String, _ message: String) throws {
        let cli = CLI()
        try FileManager.default.copyItem(atPath: Hostile.path(file), toPath: cli.path(file))
        let (ending, stderr) = try BoundedRun(directory: cli.dir, memoryLimitMiB: 256)(["new", "p.tagproj", file])
        #expect(ending == .exit(65))
        #expect(stderr == "error: '\(file)': \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: cli.path("p.tagproj")))
    }

    @Test func exportRefusesASourceOrAnOutputOverItsPixelLimit() throws {
        let cli = CLI()
        try cli("new", "p.tagproj", Hostile.path("small.png"))
        // The source (8×6) is checked from its header before the decoder allocates: bad data, 65.
        expectFailure(try cli("export", "p.tagproj", "out.png", "--max-pixels", "40", "--scale", "0.5"), 65,
                      "over the limit of 40 pixels")
        // An output asked larger than the limit is a size out of range: a usage error, 64.
        expectFailure(try cli("export", "p.tagproj", "out.png", "--max-pixels", "40"), 64, "more than the limit of 40")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.png")))
    }

    /// A project whose photo blob is not what its source row says (here a 10,000,000×1 strip in
    /// a project made from a small PNG) is refused before a row is decoded: by export, within a
    /// memory cap a band of the strip's rows would exceed.
    @Test func exportRefusesABlobLargerThanItsSourceRow() throws {
        let cli = CLI()
        #expect(try cli("new", "p.tagproj", Hostile.path("small.png")).status == 0)
        try Database(path: cli.path("p.tagproj")).prepare("UPDATE source_bytes SET bytes = ?",
                                                          [.blob([UInt8](try Hostile.bytes("wide-10000000.png")))]).run()
        let run = BoundedRun(directory: cli.dir, memoryLimitMiB: 256)
        for format in ["png", "jpg"] {
            let (ending, stderr) = try run(["export", "p.tagproj", "out.\(format)"])
            #expect(ending == .exit(65), "\(stderr)")
            #expect(stderr.hasPrefix("error: ") && stderr.contains("the photo is 10000000×1 pixels, not the"), "\(stderr)")
            #expect(!FileManager.default.fileExists(atPath: cli.path("out.\(format)")))
        }
        try Database(path: cli.path("p.tagproj")).prepare("UPDATE source_bytes SET bytes = ?",
                                                          [.blob([UInt8](try Hostile.bytes("small.jpg")))]).run()
        let (ending, stderr) = try run(["export", "p.tagproj", "out.png"])
        #expect(ending == .exit(65) && stderr.contains("the photo is a JPEG, not the PNG its row says"), "\(stderr)")
    }

    @Test(arguments: [("missing-eoi.jpg", "Premature end of JPEG file"), ("extraneous-bytes.jpg", "extraneous bytes"),
                      ("stray-ff00.jpg", "2 extraneous bytes before marker"), ("missing-iend.png", "after the image data")])
    func aJPEGWithARecoverableProblemExportsWithAWarningLine(_ file: String, _ warning: String) throws {
        let cli = CLI()
        // new finds it (it decodes the whole picture) and says so, naming the photo; export too.
        let made = try cli("new", "p.tagproj", Hostile.path(file))
        #expect(made.status == 0, "\(made)")
        #expect(made.errorLines.first?.hasPrefix("warning: '\(Hostile.path(file))' is slightly damaged but decodes whole: ") == true, "\(made)")
        #expect(made.errorLines.first?.contains(warning) == true, "\(made)")
        let run = try cli("export", "p.tagproj", "out.png")
        #expect(run.status == 0, "\(run)")
        #expect(run.errorLines.first?.hasPrefix("warning: p.tagproj: the photo is slightly damaged but decoded whole: ") == true)
        #expect(run.errorLines.first?.contains(warning) == true, "\(run)")
        #expect(run.errorLines.last?.hasPrefix("wrote out.png") == true)
        let clean = try cli("new", "c.tagproj", Hostile.path("small.jpg"))
        #expect(clean.status == 0 && !clean.stderr.contains("warning:"), "\(clean)")
        #expect(try cli("export", "c.tagproj", "c.png").errorLines.allSatisfy { !$0.hasPrefix("warning:") })
    }

    @Test(arguments: ["small.jpg", "small.png"])
    func everyPrefixOfAPhotoIsRefusedOrExported(_ file: String) throws {
        let bytes = try Hostile.bytes(file)
        let outcomes = try Self.newThenExport((0..<bytes.count).map { bytes.prefix($0) }, suffix: file)
        #expect(outcomes.filter { $0 != .exit(0) }.allSatisfy { $0 == .exit(65) }, "\(Set(outcomes))")
        // Only cuts in the last bytes (the end marker, IEND) may still make a picture.
        #expect(outcomes.filter { $0 == .exit(0) }.count <= 16)
    }

    @Test(arguments: ["small.jpg", "small.png", "scans-3000.jpg"])
    func randomByteDamageIsRefusedOrExported(_ file: String) throws {
        let original = try Hostile.bytes(file)
        var random = SplitMix64(state: UInt64(original.count))
        let mutants = (0..<60).map { _ -> Data in
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            return bytes
        }
        let outcomes = try Self.newThenExport(mutants, suffix: file)
        #expect(outcomes.allSatisfy { $0 == .exit(0) || $0 == .exit(65) }, "\(Set(outcomes))")
    }

    /// Runs `new` and, when it made a project, `export` on each of `inputs`, two at a time; returns
    /// the ending of the last command run for each. Anything other than an exit is recorded as such.
    static func newThenExport(_ inputs: [Data], suffix: String) throws -> [Ending] {
        let cli = CLI()
        let dir = cli.dir
        let run = BoundedRun(directory: dir)
        let results = Results(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in stride(from: worker, to: inputs.count, by: 2) {
                let image = "in-\(index)-\(suffix)", project = "p-\(index).tagproj"
                if !FileManager.default.createFile(atPath: dir + "/" + image, contents: inputs[index]) { Issue.record("cannot write \(image)") }
                var ending = (try? run(["new", project, image]).ending) ?? .hung
                if ending == .exit(0) { ending = (try? run(["export", project, "out-\(index).png"]).ending) ?? .hung }
                if ending != .exit(0) && ending != .exit(65) { Issue.record("input \(index) of \(suffix): \(ending)") }
                results.set(index, ending)
            }
        }
        withExtendedLifetime(cli) {}
        return results.values
    }
}

/// Endings collected from two worker threads.
final class Results: @unchecked Sendable {
    private var storage: [Ending]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: .hung, count: count) }
    func set(_ index: Int, _ ending: Ending) { lock.withLock { storage[index] = ending } }
    var values: [Ending] { lock.withLock { storage } }
}
