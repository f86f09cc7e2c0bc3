import CSQLite
import Foundation
import FuzzBodies
import Testing
@testable import TagKit

/// Replays the fuzzers' inputs through the fuzz targets' own code (`FuzzBodies`): every input a
/// fuzzer found a problem with (`Fixtures/regressions/`) and the seed corpus (`Fuzz/corpus/`).
/// A regression would crash this process or fail an expectation.
@Suite struct RegressionTests {
    /// The files of `folder` (relative to the repository), README excluded.
    static func inputs(_ folder: String) -> [String] {
        let dir = Fixtures.path(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0 != "README.md" && !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    @Test(arguments: inputs("Fixtures/regressions/decode") + inputs("Fuzz/corpus/decode"))
    func decodingAFuzzInputReturns(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))))
        let decoded = bytes.withUnsafeBytes { FuzzBodies.decode($0) }
        if file.hasPrefix("Fuzz/corpus") { #expect(decoded, "a seed no longer decodes") }
    }

    @Test(arguments: inputs("Fixtures/regressions/decode") + inputs("Fuzz/corpus/decode"))
    func theLosslessPathOnAFuzzInputReturns(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))))
        let done = bytes.withUnsafeBytes { FuzzBodies.lossless($0) }
        if file.hasPrefix("Fuzz/corpus") && file.hasSuffix(".jpg") { #expect(done, "a JPEG seed no longer goes through") }
    }

    @Test(arguments: inputs("Fixtures/regressions/project") + inputs("Fuzz/corpus/project"))
    func openingAFuzzInputReturns(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))))
        let opened = bytes.withUnsafeBytes { FuzzBodies.openProject($0) }
        if file.hasPrefix("Fuzz/corpus") { #expect(opened, "a seed project no longer opens and checks") }
    }

    @Test(arguments: inputs("Fixtures/regressions/json") + inputs("Fuzz/corpus/json"))
    func parsingAFuzzInputReturns(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))))
        let parsed = bytes.withUnsafeBytes { FuzzBodies.json($0) }
        if file.hasPrefix("Fuzz/corpus") { #expect(parsed, "a seed no longer parses") }
    }

    @Test(arguments: inputs("Fixtures/regressions/font") + inputs("Fuzz/corpus/font"))
    func drawingAFuzzFontReturns(_ file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file))))
        let drawn = bytes.withUnsafeBytes { FuzzBodies.font($0) }
        if file.hasPrefix("Fuzz/corpus") { #expect(drawn, "a seed subset no longer draws") }
    }

    @Test func theSeedProjectIsAtTheLatestSchema() throws {
        let db = try Database(path: Fixtures.path("Fuzz/corpus/project/small.tagproj"), readOnly: true)
        #expect(try db.scalar("PRAGMA user_version")?.integer == Int64(Migrator.latestVersion))
    }

    @Test func sqliteHeapIsCappedForTheWholeProcess() throws {
        let dir = TemporaryDirectory()
        _ = try makeProject(in: dir)
        // Checked, not provoked: exhausting 640 MiB inside the shared test process would starve
        // the tests running beside this one.
        #expect(sqlite3_hard_heap_limit64(-1) == Database.heapLimit)
    }
}
