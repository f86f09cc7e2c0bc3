import Foundation
import Testing
import TagKit

/// A project whose photo carries a Huffman table libjpeg would refuse when it decodes (its
/// header reader checks only the count of codes): the lossless export refuses it as every other
/// path does, promptly, instead of building its decoding tables from it.
@Suite struct HuffmanTableTests {
    /// A project made from the clean baseline JPEG with one tag, whose photo blob is then swapped
    /// for `fixture` (the same picture with one more DHT segment, from scripts/make-dht-fixtures.py).
    static func project(_ cli: CLI, photo fixture: String) throws {
        let run = try cli("new", "p.tagproj", CLI.repository.appendingPathComponent("Fixtures/images/jpeg-baseline.jpg").path)
        #expect(run.status == 0, "\(run)")
        #expect(try cli("add", "p.tagproj", "dish", "Soup", "--at", "0.3,0.5").status == 0)
        let bytes = try Data(contentsOf: CLI.repository.appendingPathComponent("Fixtures/regressions/decode/" + fixture))
        try Database(path: cli.path("p.tagproj")).prepare("UPDATE source_bytes SET bytes = ?", [.blob([UInt8](bytes))]).run()
    }

    @Test(arguments: ["lossless-dht-overflow.jpg", "lossless-dc-symbol-255.jpg"])
    func theLosslessExportRefusesATableLibjpegWouldRefuse(_ fixture: String) throws {
        let cli = CLI()
        try Self.project(cli, photo: fixture)
        let before = cli.bytes("p.tagproj")
        let (ending, stderr) = try BoundedRun(directory: cli.dir)(["export", "p.tagproj", "out.jpg"])
        #expect(ending == .exit(65), "\(fixture): \(stderr)")
        #expect(stderr.hasPrefix("error: ") && stderr.contains("damaged JPEG"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.path("out.jpg")))
        #expect(cli.bytes("p.tagproj") == before)
    }
}
